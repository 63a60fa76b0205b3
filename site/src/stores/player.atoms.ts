import { atom } from 'jotai';
import { appStore } from './store.ts';

export interface QueueTrack {
  id: number;
  name: string;
  duration: number | null;
  stream_url: string | null;
  image: string | null;
  artists: { id: number; name: string }[];
  album: { id: number; name: string; url: string } | null;
}

export const queueAtom = atom<QueueTrack[]>([]);
export const queueIndexAtom = atom(0);
/** What the listener asked for; the player reports back through `isPlayingAtom`. */
export const wantsPlayAtom = atom(false);
export const isPlayingAtom = atom(false);
/** Increments on every "play this" so that pressing play on the current track restarts it. */
export const playRequestAtom = atom(0);

export const currentTrackAtom = atom((get) => get(queueAtom)[get(queueIndexAtom)] ?? null);

/** Replaces the queue and starts playing at `index`. */
export function playQueue(tracks: QueueTrack[], index = 0): void {
  appStore.set(queueAtom, tracks);
  appStore.set(queueIndexAtom, Math.max(0, Math.min(index, tracks.length - 1)));
  appStore.set(wantsPlayAtom, true);
  appStore.set(playRequestAtom, (n) => n + 1);
}

export function togglePlayback(): void {
  appStore.set(wantsPlayAtom, (playing) => !playing);
}
