import type { Db } from '@app/db';
import * as catalogRepository from '@app/db/catalog/catalog';
import { notFound } from '../common/errors.ts';
import { presentAlbums, presentTracks } from './catalog.service.ts';

export async function getTag(db: Db, name: string) {
  const tag = await catalogRepository.findTagByName(db, name);
  if (!tag) throw notFound('This tag does not exist.');
  return { id: tag.id, name: tag.name, display_name: tag.display_name };
}

export async function taggedPage(db: Db, name: string, model: 'track' | 'album', page: number, perPage: number) {
  const tag = await getTag(db, name);
  const ids = await catalogRepository.taggedIds(db, tag.id, model, (page - 1) * perPage, perPage + 1);
  const shown = ids.slice(0, perPage);
  const data =
    model === 'track'
      ? await presentTracks(db, catalogRepository.inOrderOf(shown, await catalogRepository.tracksByIds(db, shown)), new Set(['artists', 'album', 'album.artists']))
      : await presentAlbums(db, catalogRepository.inOrderOf(shown, await catalogRepository.albumsByIds(db, shown)), new Set(['artists']));
  return { tag, pagination: { data, current_page: page, per_page: perPage, has_more: ids.length > perPage } };
}
