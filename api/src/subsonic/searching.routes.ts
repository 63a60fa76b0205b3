import { msg } from '../i18n/msg.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { LIST_MAX } from './params.ts';
import { method, type Methods } from './respond.ts';
import { search3 } from './searching.service.ts';

export const searchingMethods: Methods = {
  search3: method(true, async ({ deps, auth, params }) => {
    const query = params.required('query');
    if (query.length > 255) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('The search text is too long. Use at most 255 characters.'));
    const count = (name: string) => params.count(name, { max: LIST_MAX, fallback: 20 });
    const offset = (name: string) => params.int(name, { min: 0, max: 1_000_000, fallback: 0 });
    return {
      searchResult3: await search3(deps, auth, {
        query,
        artistCount: count('artistCount'),
        artistOffset: offset('artistOffset'),
        albumCount: count('albumCount'),
        albumOffset: offset('albumOffset'),
        songCount: count('songCount'),
        songOffset: offset('songOffset'),
      }),
    };
  }),
};
