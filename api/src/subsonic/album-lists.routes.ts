import { msg } from '../i18n/msg.ts';
import { albumsInOrder, nowPlaying, randomSongs, songsByGenre, starredItems, type AlbumListType } from './album-lists.service.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { LIST_MAX } from './params.ts';
import { method, type Methods } from './respond.ts';

const ALBUM_LIST_TYPES = ['random', 'newest', 'frequent', 'recent', 'alphabeticalByName', 'alphabeticalByArtist', 'starred', 'byYear', 'byGenre', 'highest'] as const satisfies readonly AlbumListType[];

export const albumListMethods: Methods = {
  getAlbumList2: method(true, async ({ deps, auth, params }) => {
    const type = params.required('type');
    if (!(ALBUM_LIST_TYPES as readonly string[]).includes(type)) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('Unknown album list type :type.'), { type: type.slice(0, 50) });
    const fromYear = params.int('fromYear', { min: 0, max: 9999 });
    const toYear = params.int('toYear', { min: 0, max: 9999 });
    if (type === 'byYear' && (fromYear === undefined || toYear === undefined)) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name: fromYear === undefined ? 'fromYear' : 'toYear' });
    const genre = type === 'byGenre' ? params.required('genre') : undefined;
    const album = await albumsInOrder(deps, auth, {
      type: type as AlbumListType,
      size: params.count('size', { max: LIST_MAX, fallback: 10 }),
      offset: params.int('offset', { min: 0, max: 1_000_000, fallback: 0 }),
      fromYear,
      toYear,
      genre,
    });
    return { albumList2: { album } };
  }),
  getRandomSongs: method(true, async ({ deps, auth, params }) => ({
    randomSongs: {
      song: await randomSongs(deps, auth, {
        size: params.count('size', { max: LIST_MAX, fallback: 10 }),
        genre: params.one('genre') || undefined,
        fromYear: params.int('fromYear', { min: 0, max: 9999 }),
        toYear: params.int('toYear', { min: 0, max: 9999 }),
      }),
    },
  })),
  getSongsByGenre: method(true, async ({ deps, auth, params }) => ({
    songsByGenre: {
      song: await songsByGenre(deps, auth, params.required('genre'), params.int('offset', { min: 0, max: 1_000_000, fallback: 0 }), params.count('count', { max: LIST_MAX, fallback: 10 })),
    },
  })),
  getStarred2: method(true, async ({ deps, auth }) => ({ starred2: await starredItems(deps, auth) })),
  getNowPlaying: method(true, async ({ deps, auth }) => ({ nowPlaying: { entry: await nowPlaying(deps, auth) } })),
};
