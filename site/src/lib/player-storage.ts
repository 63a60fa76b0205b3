import { EMPTY_QUEUE, type QueueItem, type QueueState, type RepeatMode } from './queue.ts';

/**
 * What survives a reload: the queue (bounded), the current track, shuffle and repeat, where the
 * listener was in the track, the volume and the mute. Stored as JSON in localStorage by the
 * player's atoms (`stores/player.atoms.ts`); anything unreadable is dropped rather than trusted,
 * since other code (or an older version) may have written it.
 */
export const MAX_STORED_TRACKS = 500;

export interface SavedPlayer {
  queue: QueueState;
  shuffle: boolean;
  repeat: RepeatMode;
}

export interface SavedPosition {
  queueId: number;
  seconds: number;
}

/** Keeps at most `max` items around the current one, favouring what comes next. */
export function boundQueue(state: QueueState, max = MAX_STORED_TRACKS): QueueState {
  if (state.items.length <= max) return state;
  const start = Math.max(0, Math.min(state.index - Math.floor(max / 10), state.items.length - max));
  const items = state.items.slice(start, start + max);
  const kept = new Set(items.map((item) => item.queueId));
  return { items, index: state.index - start, original: state.original ? state.original.filter((id) => kept.has(id)) : null };
}

export function serializePlayer(saved: SavedPlayer): string {
  return JSON.stringify({ version: 1, ...saved, queue: boundQueue(saved.queue) });
}

export const EMPTY_PLAYER: SavedPlayer = { queue: EMPTY_QUEUE, shuffle: false, repeat: 'off' };

export function parsePlayer(json: string | null): SavedPlayer | null {
  const data = safeParse(json);
  if (!isObject(data) || data.version !== 1 || !isObject(data.queue)) return null;
  const { queue } = data;
  if (!Array.isArray(queue.items)) return null;
  const items = queue.items.filter(isQueueItem).slice(0, MAX_STORED_TRACKS);
  const ids = new Set(items.map((item) => item.queueId));
  if (ids.size !== items.length) return null;
  const index = typeof queue.index === 'number' && Number.isInteger(queue.index) && queue.index >= 0 && queue.index < items.length ? queue.index : 0;
  const original = Array.isArray(queue.original) ? queue.original.filter((id): id is number => typeof id === 'number' && ids.has(id)) : null;
  const repeat: RepeatMode = data.repeat === 'all' || data.repeat === 'one' ? data.repeat : 'off';
  // Shuffle without the order to come back to could never be turned off properly.
  return { queue: { items, index, original }, shuffle: data.shuffle === true && original !== null, repeat };
}

export function serializePosition(position: SavedPosition): string {
  return JSON.stringify(position);
}

export function parsePosition(json: string | null): SavedPosition | null {
  const data = safeParse(json);
  if (!isObject(data) || typeof data.queueId !== 'number' || typeof data.seconds !== 'number' || !(data.seconds >= 0)) return null;
  return { queueId: data.queueId, seconds: data.seconds };
}

/** The listener's own volume (0-1), or null while they have not picked one. */
export function parseVolume(json: string | null): number | null {
  const data = safeParse(json);
  return typeof data === 'number' && data >= 0 && data <= 1 ? data : null;
}

/** Older versions saved the mute as "1" or "0". */
export function parseMuted(json: string | null): boolean | null {
  const data = safeParse(json);
  if (data === true || data === 1) return true;
  if (data === false || data === 0) return false;
  return null;
}

/** The synchronous storage `atomWithStorage` takes (jotai does not export its type). */
export interface PlayerStorage<Value> {
  getItem: (key: string, initialValue: Value) => Value;
  setItem: (key: string, value: Value) => void;
  removeItem: (key: string) => void;
}

/**
 * A jotai storage over localStorage for `atomWithStorage` that reads through `parse` (what it cannot
 * trust becomes the atom's initial value) and never throws: in private mode or with a full quota the
 * player keeps working, it only forgets on reload. What this page wrote is what it reads back, even
 * when the write failed. It does not follow other tabs: each tab plays its own queue.
 */
export function playerStorage<Value>(parse: (json: string | null) => Value | null, serialize: (value: Value) => string = JSON.stringify): PlayerStorage<Value> {
  const written = new Map<string, Value>();
  return {
    getItem(key, initialValue) {
      if (written.has(key)) return written.get(key) as Value;
      try {
        return parse(localStorage.getItem(key)) ?? initialValue;
      } catch {
        // No localStorage (the server, a blocked storage).
        return initialValue;
      }
    },
    setItem(key, value) {
      written.set(key, value);
      try {
        localStorage.setItem(key, serialize(value));
      } catch {
        // Private mode or a full quota.
      }
    },
    removeItem(key) {
      written.delete(key);
      try {
        localStorage.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

function safeParse(json: string | null): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNamed = (value: Record<string, unknown> | unknown): boolean => isObject(value) && typeof value.id === 'number' && typeof value.name === 'string';
const stringOrNull = (value: unknown) => value === null || typeof value === 'string';

function isQueueItem(value: unknown): value is QueueItem {
  return (
    isObject(value) &&
    typeof value.queueId === 'number' &&
    isNamed(value) &&
    (value.duration === null || typeof value.duration === 'number') &&
    stringOrNull(value.stream_url) &&
    // Only our own addresses are played or linked from storage.
    (value.stream_url === null || /^\/api\/v1\/tracks\/\d+\/stream$/.test(value.stream_url as string)) &&
    stringOrNull(value.image) &&
    Array.isArray(value.artists) &&
    value.artists.every(isNamed) &&
    (value.album === null || (isObject(value.album) && isNamed(value.album) && typeof value.album.url === 'string' && /^\/(?!\/)/.test(value.album.url)))
  );
}
