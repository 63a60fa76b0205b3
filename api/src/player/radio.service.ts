import type { Db } from '@app/db';
import * as catalogRepository from '@app/db/catalog/catalog';
import * as channelsRepository from '@app/db/catalog/channels';
import * as radioRepository from '@app/db/player/radio';
import { notFound } from '../common/errors.ts';
import { presentTracks } from '../catalog/catalog.service.ts';

export const RADIO_SEED_TYPES = ['track', 'artist', 'genre'] as const;
export type RadioSeedType = (typeof RADIO_SEED_TYPES)[number];

/**
 * A page of an endless radio: tracks related to the seed that the listener has not heard in this
 * session (`exclude`). The player asks again before the queue runs dry.
 */
export async function radio(db: Db, type: RadioSeedType, seedId: string, exclude: number[], limit: number) {
  let seed: radioRepository.RadioSeed;
  let about: { type: RadioSeedType; id: number | string; name: string; image: string | null };
  if (type === 'genre') {
    const genre = await channelsRepository.findGenreByName(db, seedId);
    if (!genre) throw notFound('This genre does not exist.');
    seed = { artistIds: [], genreIds: [genre.id], tagIds: [] };
    about = { type, id: genre.name, name: genre.display_name ?? genre.name, image: genre.image };
  } else {
    const id = Number(seedId);
    const row = Number.isSafeInteger(id) && id > 0 ? await (type === 'track' ? catalogRepository.findTrack(db, id) : catalogRepository.findArtist(db, id)) : undefined;
    if (!row) throw notFound(type === 'track' ? 'This track does not exist.' : 'This artist does not exist.');
    seed = type === 'track' ? await radioRepository.seedOfTrack(db, id) : await radioRepository.seedOfArtist(db, id);
    about = { type, id, name: row.name, image: 'image' in row ? row.image : null };
  }
  let ids = await radioRepository.relatedTrackIds(db, seed, exclude, limit);
  // A small catalog can run out of related tracks; then the radio starts over rather than going silent.
  if (!ids.length && exclude.length) ids = await radioRepository.relatedTrackIds(db, seed, [], limit);
  const tracks = await presentTracks(db, catalogRepository.inOrderOf(ids, await catalogRepository.tracksByIds(db, ids)), new Set(['artists', 'album', 'album.artists']));
  return { seed: about, tracks };
}
