import { loadSettings } from '../settings/settings.service.ts';
import { albumInfo, albumWithSongs, artistInfo, artistsID3, artistWithAlbums, genres, indexes, song } from './browsing.service.ts';
import { idOf } from './ids.ts';
import { method, type Methods } from './respond.ts';

/** The one music folder: the whole catalogue. */
const MUSIC_FOLDER_ID = 1;

export const browsingMethods: Methods = {
  getMusicFolders: method(true, async ({ deps }) => ({
    musicFolders: { musicFolder: [{ id: MUSIC_FOLDER_ID, name: (await loadSettings(deps.db))['branding.site_name'] }] },
  })),
  getIndexes: method(true, async ({ deps, auth }) => ({ indexes: await indexes(deps, auth) })),
  getArtists: method(true, async ({ deps, auth }) => ({ artists: await artistsID3(deps, auth) })),
  getArtist: method(true, async ({ deps, auth, params }) => ({ artist: await artistWithAlbums(deps, auth, idOf(params.required('id'), 'artist')) })),
  getArtistInfo2: method(true, async ({ deps, params }) => ({ artistInfo2: await artistInfo(deps, idOf(params.required('id'), 'artist')) })),
  getAlbum: method(true, async ({ deps, auth, params }) => ({ album: await albumWithSongs(deps, auth, idOf(params.required('id'), 'album')) })),
  getAlbumInfo2: method(true, async ({ deps, params }) => ({ albumInfo: await albumInfo(deps, idOf(params.required('id'), 'album')) })),
  getSong: method(true, async ({ deps, auth, params }) => ({ song: await song(deps, auth, idOf(params.required('id'), 'track')) })),
  getGenres: method(true, async ({ deps }) => ({ genres: { genre: await genres(deps) } })),
};
