import { atom } from 'jotai';
import {
  append,
  EMPTY_QUEUE,
  insertNext,
  moveItem,
  newQueue,
  removeItem,
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
 * How islands talk to the one player: they call the helpers below (or write these atoms), and
 * the player island reacts. None of them touches audio.
 */
export const queueStateAtom = atom<QueueState>(EMPTY_QUEUE);

export const shuffleAtom = atom(false);
export const repeatAtom = atom<RepeatMode>('off');
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
  if (appStore.get(shuffleAtom) === on) return;
  appStore.set(shuffleAtom, on);
  update((state) => (on ? shuffleOn(state) : shuffleOff(state)));
}

const REPEAT_CYCLE: Record<RepeatMode, RepeatMode> = { off: 'all', all: 'one', one: 'off' };

/** Off → all → one → off, as the repeat button cycles. */
export function cycleRepeat(): void {
  appStore.set(repeatAtom, (mode) => REPEAT_CYCLE[mode]);
}

export function togglePlayback(): void {
  appStore.set(wantsPlayAtom, (playing) => !playing);
}
