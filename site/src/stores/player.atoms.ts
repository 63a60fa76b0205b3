import { atom, type SetStateAction } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { EMPTY_PLAYER, parseMuted, parsePlayer, parsePosition, parseVolume, playerStorage, serializePlayer, type SavedPlayer, type SavedPosition } from '../lib/player-storage.ts';
import {
  append,
  EMPTY_QUEUE,
  insertAndPlay,
  insertNext,
  moveItem,
  newQueue,
  removeItem,
  reserveQueueIds,
  shuffleOff,
  shuffleOn,
  type QueueItem,
  type QueueState,
  type QueueTrack,
  type RepeatMode,
} from '../lib/queue.ts';
import { appStore } from './store.ts';

export type { QueueItem, QueueState, QueueTrack, RepeatMode };

/**
 * Where the player keeps what survives a reload, in localStorage. These are the keys earlier
 * versions wrote, in the same format (the mute was "1"/"0", read as before), so a returning
 * listener finds their queue, position and volume.
 */
export const PLAYER_STORAGE_KEYS = { queue: 'player.queue', position: 'player.position', volume: 'player.volume', muted: 'player.muted' } as const;

/**
 * The queue with shuffle and repeat, saved together since the shuffle order lives in the queue.
 * Like every atom here it starts empty, so the server's markup and the first client render agree,
 * and takes the saved value once an island subscribes after hydrating. Saving is immediate: a
 * track started before that (an early click) has already replaced the saved queue, so it wins.
 */
const savedPlayerAtom = atomWithStorage<SavedPlayer>(
  PLAYER_STORAGE_KEYS.queue,
  EMPTY_PLAYER,
  playerStorage((json) => {
    const saved = parsePlayer(json);
    // Entries queued from now on must not take the ids of the saved ones.
    if (saved) reserveQueueIds(saved.queue.items);
    return saved;
  }, serializePlayer),
);

/** Where the listener was in the current track; only read when the saved queue comes back. */
export const savedPositionAtom = atomWithStorage<SavedPosition | null>(PLAYER_STORAGE_KEYS.position, null, playerStorage<SavedPosition | null>(parsePosition), { getOnInit: true });

/** The listener's volume (0-1), or null until they pick one: the site's default applies then. */
export const volumeAtom = atomWithStorage<number | null>(PLAYER_STORAGE_KEYS.volume, null, playerStorage<number | null>(parseVolume));
export const mutedAtom = atomWithStorage(PLAYER_STORAGE_KEYS.muted, false, playerStorage(parseMuted));

/**
 * How islands talk to the one player: they call the helpers below (or write these atoms), and
 * the player island reacts. None of them touches audio.
 */
export const queueStateAtom = atom(
  (get) => get(savedPlayerAtom).queue,
  (get, set, queue: QueueState) => set(savedPlayerAtom, { ...get(savedPlayerAtom), queue }),
);

/** The queue in play order; writing it replaces the queue without starting it. */
export const queueAtom = atom(
  (get) => get(queueStateAtom).items,
  (get, set, tracks: QueueTrack[]) => set(queueStateAtom, newQueue(tracks, 0, get(shuffleAtom))),
);
export const queueIndexAtom = atom(
  (get) => get(queueStateAtom).index,
  (get, set, index: number) => {
    const state = get(queueStateAtom);
    set(queueStateAtom, { ...state, index: Math.max(0, Math.min(index, state.items.length - 1)) });
  },
);
/** Read only: `setShuffle` turns it on and off together with the queue's order. */
export const shuffleAtom = atom((get) => get(savedPlayerAtom).shuffle);
export const repeatAtom = atom(
  (get) => get(savedPlayerAtom).repeat,
  (get, set, update: SetStateAction<RepeatMode>) => {
    const saved = get(savedPlayerAtom);
    set(savedPlayerAtom, { ...saved, repeat: typeof update === 'function' ? update(saved.repeat) : update });
  },
);
/** What the listener asked for; the player reports back through `isPlayingAtom`. */
export const wantsPlayAtom = atom(false);
export const isPlayingAtom = atom(false);
/** Increments on every "play this" so that pressing play on the current track restarts it. */
export const playRequestAtom = atom(0);

export interface RadioSeed {
  type: 'track' | 'artist' | 'genre';
  id: number | string;
  name: string;
}

/** When the queue is a radio, its seed: the queue is refilled with related tracks before it runs dry. */
export const radioAtom = atom<RadioSeed | null>(null);

/** Seconds into the current track, as the player last reported it (a few times a second). */
export const positionAtom = atom(0);

export const currentTrackAtom = atom<QueueItem | null>((get) => {
  const { items, index } = get(queueStateAtom);
  return items[index] ?? null;
});

const update = (change: (state: QueueState) => QueueState) => appStore.set(queueStateAtom, change(appStore.get(queueStateAtom)));

function start(): void {
  appStore.set(wantsPlayAtom, true);
  appStore.set(playRequestAtom, (n) => n + 1);
}

/** Replaces the queue (an album, a playlist, top tracks, results...) and starts playing at `index`. */
export function playQueue(tracks: QueueTrack[], index = 0): void {
  if (!tracks.length) return;
  appStore.set(radioAtom, null);
  appStore.set(queueStateAtom, newQueue(tracks, index, appStore.get(shuffleAtom)));
  start();
}

/** Starts an endless radio: these first tracks now, more related ones as they are needed. */
export function playRadio(seed: RadioSeed, tracks: QueueTrack[]): void {
  playQueue(tracks, 0);
  if (tracks.length) appStore.set(radioAtom, seed);
}

/** Plays these tracks right away, keeping the rest of the queue after them. */
export function playNow(tracks: QueueTrack | QueueTrack[]): void {
  const list = Array.isArray(tracks) ? tracks : [tracks];
  if (!list.length) return;
  update((state) => insertAndPlay(state, list));
  start();
}

/** Queues tracks right after the current one. */
export function playNext(tracks: QueueTrack | QueueTrack[]): void {
  update((state) => insertNext(state, Array.isArray(tracks) ? tracks : [tracks]));
}

/** Queues tracks at the end. */
export function addToQueue(tracks: QueueTrack | QueueTrack[]): void {
  update((state) => append(state, Array.isArray(tracks) ? tracks : [tracks]));
}

/** Removes one queue entry; removing the current one moves on to the next. */
export function removeFromQueue(queueId: number): void {
  const before = appStore.get(queueStateAtom);
  update((state) => removeItem(state, queueId));
  if (!appStore.get(queueStateAtom).items.length) appStore.set(wantsPlayAtom, false);
  else if (before.items[before.index]?.queueId === queueId && appStore.get(wantsPlayAtom)) start();
}

export function moveInQueue(from: number, to: number): void {
  update((state) => moveItem(state, from, to));
}

export function clearQueue(): void {
  appStore.set(radioAtom, null);
  appStore.set(wantsPlayAtom, false);
  appStore.set(queueStateAtom, EMPTY_QUEUE);
}

/** Jumps to a position in the queue and plays it, restarting it if it is already current. */
export function playQueueIndex(index: number): void {
  const state = appStore.get(queueStateAtom);
  if (index < 0 || index >= state.items.length) return;
  appStore.set(queueStateAtom, { ...state, index });
  start();
}

export function setShuffle(on: boolean): void {
  const saved = appStore.get(savedPlayerAtom);
  if (saved.shuffle === on) return;
  appStore.set(savedPlayerAtom, { ...saved, shuffle: on, queue: on ? shuffleOn(saved.queue) : shuffleOff(saved.queue) });
}

const REPEAT_CYCLE: Record<RepeatMode, RepeatMode> = { off: 'all', all: 'one', one: 'off' };

/** Off → all → one → off, as the repeat button cycles. */
export function cycleRepeat(): void {
  appStore.set(repeatAtom, (mode) => REPEAT_CYCLE[mode]);
}

export function togglePlayback(): void {
  appStore.set(wantsPlayAtom, (playing) => !playing);
}
