import * as catalogRepository from '@app/db/catalog/catalog';
import * as playlistsRepository from '@app/db/library/playlists';
import type { AppDeps, AuthState } from '../context.ts';
import { msg } from '../i18n/msg.ts';
import { findAudibleTrack } from '../backstage/backstage-ownership.ts';
import { trackAudio } from '../catalog/catalog.service.ts';
import { getLyrics } from '../catalog/lyrics.service.ts';
import { visiblePlaylist } from '../library/playlists.service.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { NOT_FOUND, readSubsonicId } from './ids.ts';
import type { StructuredLyrics } from './responses.ts';

// Audio, covers and lyrics.

/** The audio of a song the caller may hear (drafts only for those who manage them, as on the site). */
export async function songAudio(deps: AppDeps, auth: AuthState, id: number) {
  return trackAudio(deps, auth, id);
}

/** The image of an artist, album, song (its album's) or playlist (its own, else its first album's). */
export async function coverImage(deps: AppDeps, auth: AuthState, value: string): Promise<string> {
  const parsed = readSubsonicId(value, 'album');
  const missing = new SubsonicError(SUBSONIC_ERROR.notFound, msg('This cover does not exist.'));
  if (!parsed) throw missing;
  let image: string | null | undefined;
  if (parsed.kind === 'artist') image = (await catalogRepository.findArtist(deps.db, parsed.id))?.image;
  else if (parsed.kind === 'album') image = (await catalogRepository.findAlbum(deps.db, parsed.id))?.image;
  else if (parsed.kind === 'track') {
    const track = await findAudibleTrack(deps, auth, parsed.id).catch(() => undefined);
    image = track?.album_id ? (await catalogRepository.findAlbum(deps.db, track.album_id))?.image : undefined;
  } else {
    const playlist = await visiblePlaylist(deps.db, auth, parsed.id).catch(() => undefined);
    image = playlist?.image;
    if (playlist && !image) {
      const [first] = await playlistsRepository.tracksOfPlaylist(deps.db, playlist.id, 0, 1);
      image = first?.album_id ? (await catalogRepository.findAlbum(deps.db, first.album_id))?.image : undefined;
    }
  }
  if (!image) throw missing;
  return image;
}

export async function lyricsOfSong(deps: AppDeps, id: number): Promise<StructuredLyrics[]> {
  const track = await catalogRepository.findTrack(deps.db, id);
  if (!track) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.track);
  const lyrics = await getLyrics(deps.db, id);
  if (!lyrics) return [];
  const artist = (await catalogRepository.artistsOfTracks(deps.db, [id])).get(id)?.[0];
  return [
    {
      displayArtist: artist?.name,
      displayTitle: track.name,
      lang: 'xxx',
      synced: lyrics.is_synced,
      offset: 0,
      line: lyrics.is_synced && lyrics.lines ? lyrics.lines.map((line) => ({ start: line.time_ms, value: line.text })) : lyrics.text.split('\n').map((value) => ({ value })),
    },
  ];
}
