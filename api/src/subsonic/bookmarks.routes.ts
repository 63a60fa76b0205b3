import { playQueue, savePlayQueue } from './bookmarks.service.ts';
import { idOf, trackIds } from './ids.ts';
import { method, type Methods } from './respond.ts';

export const bookmarkMethods: Methods = {
  getPlayQueue: method(true, async ({ deps, auth }) => ({ playQueue: await playQueue(deps, auth) })),
  savePlayQueue: method(false, async ({ deps, auth, params }) => {
    const ids = trackIds(params.all('id'));
    const current = params.one('current');
    await savePlayQueue(deps, auth, {
      trackIds: ids,
      current: current === undefined || current === '' ? undefined : idOf(current, 'track'),
      position: params.int('position', { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 }),
      client: params.one('c') ?? '',
    });
    return {};
  }),
};
