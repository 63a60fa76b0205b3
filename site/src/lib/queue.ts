/**
 * The play queue as plain data and pure operations on it, so the rules (where "play next" goes,
 * what shuffle keeps, what repeat does at the end) are tested without a browser. The store in
 * stores/player.atoms.ts applies them.
 */

export interface QueueTrack {
  id: number;
  name: string;
  duration: number | null;
  stream_url: string | null;
  image: string | null;
  artists: { id: number; name: string }[];
  album: { id: number; name: string; url: string } | null;
}

/** A track in the queue. The same track may be queued twice, so entries have ids of their own. */
export interface QueueItem extends QueueTrack {
  queueId: number;
}

export interface QueueState {
  items: QueueItem[];
  /** Position of the current item in `items`; 0 when empty. */
  index: number;
  /** While shuffled: the queue ids in the order before shuffling, to restore it. */
  original: number[] | null;
}

export type RepeatMode = 'off' | 'all' | 'one';

export const EMPTY_QUEUE: QueueState = { items: [], index: 0, original: null };

let lastQueueId = 0;

export function toQueueItems(tracks: QueueTrack[]): QueueItem[] {
  return tracks.map((track) => ({ ...stripQueueId(track), queueId: ++lastQueueId }));
}

/** Restored items keep their ids; later ones must not collide with them. */
export function reserveQueueIds(items: { queueId: number }[]): void {
  for (const item of items) lastQueueId = Math.max(lastQueueId, item.queueId);
}

function stripQueueId(track: QueueTrack): QueueTrack {
  const { id, name, duration, stream_url, image, artists, album } = track;
  return { id, name, duration, stream_url, image, artists, album };
}

export const currentItem = (state: QueueState): QueueItem | null => state.items[state.index] ?? null;

/** Fisher–Yates; `random` returns [0, 1) like Math.random. */
export function shuffled<T>(list: T[], random: () => number = Math.random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** A new queue starting at `start`; when shuffling, that track plays first and the rest follow in random order. */
export function newQueue(tracks: QueueTrack[], start: number, shuffle: boolean, random?: () => number): QueueState {
  const items = toQueueItems(tracks);
  const state: QueueState = { items, index: clamp(start, items.length), original: null };
  return shuffle ? shuffleOn(state, random) : state;
}

/** Keeps the current track (now first) and shuffles the rest; remembers the order to restore. */
export function shuffleOn(state: QueueState, random?: () => number): QueueState {
  const current = currentItem(state);
  const original = state.original ?? state.items.map((item) => item.queueId);
  if (!current) return { items: shuffled(state.items, random), index: 0, original };
  const rest = state.items.filter((item) => item !== current);
  return { items: [current, ...shuffled(rest, random)], index: 0, original };
}

/** Back to the order before shuffling; tracks added meanwhile keep their place at the end. */
export function shuffleOff(state: QueueState): QueueState {
  if (!state.original) return state;
  const current = currentItem(state);
  const byId = new Map(state.items.map((item) => [item.queueId, item]));
  const restored = state.original.flatMap((id) => byId.get(id) ?? []);
  const known = new Set(state.original);
  const items = [...restored, ...state.items.filter((item) => !known.has(item.queueId))];
  return { items, index: current ? items.indexOf(current) : 0, original: null };
}

/** Right after the current track, in this order; an empty queue starts with them. */
export function insertNext(state: QueueState, tracks: QueueTrack[]): QueueState {
  const added = toQueueItems(tracks);
  if (!state.items.length) return { items: added, index: 0, original: state.original ? added.map((i) => i.queueId) : null };
  const at = state.index + 1;
  const items = [...state.items.slice(0, at), ...added, ...state.items.slice(at)];
  return { items, index: state.index, original: state.original ? insertAfter(state.original, currentItem(state)!.queueId, added) : null };
}

/** "Play now": inserted after the current track and made current, keeping the rest of the queue. */
export function insertAndPlay(state: QueueState, tracks: QueueTrack[]): QueueState {
  if (!tracks.length) return state;
  const next = insertNext(state, tracks);
  return { ...next, index: state.items.length ? state.index + 1 : 0 };
}

export function append(state: QueueState, tracks: QueueTrack[]): QueueState {
  const added = toQueueItems(tracks);
  return {
    items: [...state.items, ...added],
    index: state.items.length ? state.index : 0,
    original: state.original ? [...state.original, ...added.map((item) => item.queueId)] : null,
  };
}

/** Removing the current track makes the one after it current (or the new last one). */
export function removeItem(state: QueueState, queueId: number): QueueState {
  const at = state.items.findIndex((item) => item.queueId === queueId);
  if (at < 0) return state;
  const items = state.items.filter((_, i) => i !== at);
  const index = at < state.index ? state.index - 1 : Math.min(state.index, Math.max(0, items.length - 1));
  return { items, index, original: state.original ? state.original.filter((id) => id !== queueId) : null };
}

/** Moves the item at `from` to `to` (positions in the list as shown); the current track stays current. */
export function moveItem(state: QueueState, from: number, to: number): QueueState {
  if (from === to || from < 0 || from >= state.items.length) return state;
  const target = clamp(to, state.items.length);
  const current = currentItem(state);
  const items = [...state.items];
  const [moved] = items.splice(from, 1);
  items.splice(target, 0, moved);
  return { ...state, items, index: current ? items.indexOf(current) : 0 };
}

/** Where "next" goes: null at the end of the queue unless repeating it all. Repeat one only repeats on its own at the end of a track. */
export function nextIndex(state: QueueState, repeat: RepeatMode): number | null {
  if (!state.items.length) return null;
  if (state.index < state.items.length - 1) return state.index + 1;
  return repeat === 'all' ? 0 : null;
}

export function previousIndex(state: QueueState, repeat: RepeatMode): number | null {
  if (!state.items.length) return null;
  if (state.index > 0) return state.index - 1;
  return repeat === 'all' ? state.items.length - 1 : null;
}

/** What plays when a track ends by itself: the same one for repeat one, else the next, or nothing. */
export function indexAfterEnd(state: QueueState, repeat: RepeatMode): number | null {
  if (repeat === 'one' && state.items.length) return state.index;
  return nextIndex(state, repeat);
}

function clamp(index: number, length: number): number {
  return Math.max(0, Math.min(Number.isFinite(index) ? Math.trunc(index) : 0, Math.max(0, length - 1)));
}

function insertAfter(ids: number[], afterId: number, added: QueueItem[]): number[] {
  const at = ids.indexOf(afterId) + 1 || ids.length;
  return [...ids.slice(0, at), ...added.map((item) => item.queueId), ...ids.slice(at)];
}
