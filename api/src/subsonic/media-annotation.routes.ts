import { clientInfo } from '../http/login.ts';
import { msg } from '../i18n/msg.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { readSubsonicId, trackIds, type SubsonicKind } from './ids.ts';
import { MAX_SCROBBLES_PER_CALL, rate, scrobble, star } from './media-annotation.service.ts';
import type { Params } from './params.ts';
import { method, type Methods } from './respond.ts';

/** Ids given as `id`, `albumId` and `artistId`, each of the kind the parameter names (or its prefix says). */
function starTargets(params: Params): { kind: SubsonicKind; id: number }[] {
  const read = (name: string, kind: SubsonicKind) =>
    params.all(name).map((value) => {
      const parsed = readSubsonicId(value, kind);
      if (!parsed) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This item does not exist.'));
      return parsed;
    });
  const targets = [...read('id', 'track'), ...read('albumId', 'album'), ...read('artistId', 'artist')];
  if (!targets.length) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name: 'id' });
  return targets;
}

export const mediaAnnotationMethods: Methods = {
  star: method(false, async ({ deps, auth, params }) => {
    await star(deps, auth, starTargets(params), true);
    return {};
  }),
  unstar: method(false, async ({ deps, auth, params }) => {
    await star(deps, auth, starTargets(params), false);
    return {};
  }),
  setRating: method(false, async ({ deps, auth, params }) => {
    const item = readSubsonicId(params.required('id'), 'track');
    if (!item) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This item does not exist.'));
    const rating = params.int('rating', { min: 0, max: 5 });
    if (rating === undefined) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name: 'rating' });
    await rate(deps, auth, item, rating);
    return {};
  }),
  scrobble: method(true, async ({ c, deps, auth, params }) => {
    const ids = trackIds(params.all('id'));
    if (!ids.length) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name: 'id' });
    // `time` (milliseconds since 1970) pairs with `id` by position: an app sends the listens it kept offline in one call.
    const times = params.ints('time', { min: 0, max: 8_640_000_000_000_000 });
    if (times.length && times.length !== ids.length) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Send one time for each id, or none.'));
    if (ids.length > MAX_SCROBBLES_PER_CALL) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('Send at most :count scrobbles in one call.'), { count: String(MAX_SCROBBLES_PER_CALL) });
    const { ip, userAgent } = clientInfo(c);
    // Apps name themselves in `c`; it says more about the device than their HTTP library's User-Agent.
    const plays = ids.map((trackId, index) => ({ trackId, time: times[index] }));
    await scrobble(deps, auth, plays, params.bool('submission', true), { ip, userAgent: userAgent ?? params.one('c') });
    return {};
  }),
};
