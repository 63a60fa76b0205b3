import * as catalogRepository from '@app/db/catalog/catalog';
import * as subsonicRepository from '@app/db/subsonic/subsonic';
import type { AppDeps, AuthState } from '../context.ts';
import { subsonicId } from './ids.ts';
import { isoTime, presentSongs, viewerOf } from './present.ts';
import type { PlayQueue } from './responses.ts';

/**
 * The saved queue, or an empty one that never changed: OpenSubsonic requires the playQueue element
 * with its owner either way. A queue with songs names one of them as current: entries leave drafts
 * out (the row keeps them for when they are published), so when the saved one is not shown, the
 * first shown song is current, from its start.
 */
export async function playQueue(deps: AppDeps, auth: AuthState): Promise<PlayQueue> {
  const username = auth.user!.email;
  const queue = await subsonicRepository.findPlayQueue(deps.db, auth.user!.id);
  if (!queue) return { username, changed: new Date(0).toISOString(), changedBy: '' };
  const ids = JSON.parse(queue.track_ids) as number[];
  const tracks = await catalogRepository.tracksByIds(deps.db, [...new Set(ids)]);
  const songs = new Map((await presentSongs(deps, viewerOf(auth), tracks)).map((s) => [s.id, s]));
  const entry = ids.flatMap((id) => songs.get(subsonicId('track', id)) ?? []);
  const saved = queue.current_track_id !== null ? subsonicId('track', queue.current_track_id) : undefined;
  const first = ids.map((id) => subsonicId('track', id)).find((id) => songs.has(id));
  const current = saved !== undefined && songs.has(saved) ? saved : first;
  return {
    current,
    position: current === undefined ? undefined : current === saved ? queue.position_ms : 0,
    username,
    changed: isoTime(queue.changed_at),
    changedBy: queue.changed_by,
    entry,
  };
}

export const PLAY_QUEUE_MAX = 1000;

export async function savePlayQueue(deps: AppDeps, auth: AuthState, q: { trackIds: number[]; current?: number; position: number; client: string }): Promise<void> {
  await subsonicRepository.savePlayQueue(deps.db, {
    user_id: auth.user!.id,
    track_ids: JSON.stringify(q.trackIds.slice(0, PLAY_QUEUE_MAX)),
    current_track_id: q.current ?? null,
    position_ms: q.position,
    changed_at: new Date().toISOString(),
    changed_by: q.client.slice(0, 100),
  });
}
