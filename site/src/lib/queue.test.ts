import { describe, expect, it } from 'vitest';
import {
  append,
  currentItem,
  EMPTY_QUEUE,
  indexAfterEnd,
  insertAndPlay,
  insertNext,
  moveItem,
  newQueue,
  nextIndex,
  previousIndex,
  removeItem,
  shuffled,
  shuffleOff,
  shuffleOn,
  type QueueState,
  type QueueTrack,
} from './queue.ts';

const track = (id: number): QueueTrack => ({ id, name: `Track ${id}`, duration: 30_000, stream_url: `/api/v1/tracks/${id}/stream`, image: null, artists: [], album: null });
const tracks = (...ids: number[]) => ids.map(track);
const ids = (state: QueueState) => state.items.map((item) => item.id);
const playing = (state: QueueState) => currentItem(state)?.id;

/** A deterministic "random" source for shuffles. */
function seeded(seed: number) {
  return () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
}

describe('building and changing the queue', () => {
  it('starts at the chosen track', () => {
    const state = newQueue(tracks(1, 2, 3), 1, false);
    expect(ids(state)).toEqual([1, 2, 3]);
    expect(playing(state)).toBe(2);
    expect(newQueue(tracks(1, 2), 9, false).index).toBe(1);
  });

  it('puts "play next" right after the current track, in order, and keeps the current one', () => {
    const state = insertNext(newQueue(tracks(1, 2, 3), 0, false), tracks(8, 9));
    expect(ids(state)).toEqual([1, 8, 9, 2, 3]);
    expect(playing(state)).toBe(1);
  });

  it('"play now" inserts after the current track and makes it current', () => {
    const state = insertAndPlay(newQueue(tracks(1, 2, 3), 1, false), tracks(7));
    expect(ids(state)).toEqual([1, 2, 7, 3]);
    expect(playing(state)).toBe(7);
    expect(playing(insertAndPlay(EMPTY_QUEUE, tracks(5)))).toBe(5);
  });

  it('appends "add to queue" at the end, and an empty queue starts with it', () => {
    expect(ids(append(newQueue(tracks(1, 2), 0, false), tracks(3)))).toEqual([1, 2, 3]);
    const fresh = append(EMPTY_QUEUE, tracks(4));
    expect(playing(fresh)).toBe(4);
    expect(playing(insertNext(EMPTY_QUEUE, tracks(6)))).toBe(6);
  });

  it('lets the same track be queued twice and removes only the chosen entry', () => {
    let state = append(newQueue(tracks(1, 2), 0, false), tracks(1));
    expect(ids(state)).toEqual([1, 2, 1]);
    state = removeItem(state, state.items[2].queueId);
    expect(ids(state)).toEqual([1, 2]);
    expect(playing(state)).toBe(1);
  });

  it('keeps the current track current when an earlier one is removed, and moves on when it is removed itself', () => {
    let state = newQueue(tracks(1, 2, 3, 4), 2, false);
    state = removeItem(state, state.items[0].queueId);
    expect(playing(state)).toBe(3);
    state = removeItem(state, currentItem(state)!.queueId);
    expect(ids(state)).toEqual([2, 4]);
    expect(playing(state)).toBe(4);
    state = removeItem(state, currentItem(state)!.queueId);
    expect(playing(state)).toBe(2);
    state = removeItem(state, currentItem(state)!.queueId);
    expect(state.items).toEqual([]);
    expect(playing(state)).toBeUndefined();
  });

  it('reorders, with the current track following its entry', () => {
    let state = newQueue(tracks(1, 2, 3, 4), 1, false);
    state = moveItem(state, 3, 0);
    expect(ids(state)).toEqual([4, 1, 2, 3]);
    expect(playing(state)).toBe(2);
    state = moveItem(state, 2, 3);
    expect(ids(state)).toEqual([4, 1, 3, 2]);
    expect(playing(state)).toBe(2);
    expect(moveItem(state, 0, 99).items.map((i) => i.id)).toEqual([1, 3, 2, 4]);
    expect(moveItem(state, 7, 0)).toBe(state);
  });
});

describe('shuffle', () => {
  it('is a permutation', () => {
    const list = Array.from({ length: 50 }, (_, i) => i);
    const result = shuffled(list, seeded(3));
    expect(result).not.toEqual(list);
    expect([...result].sort((a, b) => a - b)).toEqual(list);
  });

  it('keeps the current track playing, first, and shuffles the rest', () => {
    const before = newQueue(tracks(1, 2, 3, 4, 5, 6, 7, 8), 3, false);
    const after = shuffleOn(before, seeded(7));
    expect(playing(after)).toBe(4);
    expect(after.index).toBe(0);
    expect(ids(after).slice(1)).not.toEqual([1, 2, 3, 5, 6, 7, 8]);
    expect([...ids(after)].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('turning it off restores the original order, still on the current track', () => {
    const before = newQueue(tracks(1, 2, 3, 4, 5, 6), 2, false);
    let state = shuffleOn(before, seeded(11));
    state = { ...state, index: 3 };
    const nowPlaying = currentItem(state)!;
    state = shuffleOff(state);
    expect(ids(state)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(currentItem(state)).toBe(nowPlaying);
    expect(state.original).toBeNull();
  });

  it('remembers what was added, removed and queued next while shuffled', () => {
    let state = shuffleOn(newQueue(tracks(1, 2, 3, 4), 0, false), seeded(5));
    state = append(state, tracks(9));
    state = insertNext(state, tracks(8));
    expect(ids(state)[1]).toBe(8);
    state = removeItem(state, state.items.find((item) => item.id === 3)!.queueId);
    expect(ids(shuffleOff(state))).toEqual([1, 8, 2, 4, 9]);
  });

  it('a new queue started while shuffling plays the chosen track first', () => {
    const state = newQueue(tracks(1, 2, 3, 4, 5), 2, true, seeded(2));
    expect(playing(state)).toBe(3);
    expect(ids(shuffleOff(state))).toEqual([1, 2, 3, 4, 5]);
    expect(playing(shuffleOff(state))).toBe(3);
  });
});

describe('next, previous and repeat', () => {
  const middle = newQueue(tracks(1, 2, 3), 1, false);
  const last = newQueue(tracks(1, 2, 3), 2, false);
  const first = newQueue(tracks(1, 2, 3), 0, false);

  it('stops at the ends without repeat', () => {
    expect(nextIndex(middle, 'off')).toBe(2);
    expect(nextIndex(last, 'off')).toBeNull();
    expect(previousIndex(first, 'off')).toBeNull();
    expect(nextIndex(EMPTY_QUEUE, 'all')).toBeNull();
  });

  it('wraps around with repeat all', () => {
    expect(nextIndex(last, 'all')).toBe(0);
    expect(previousIndex(first, 'all')).toBe(2);
    expect(indexAfterEnd(last, 'all')).toBe(0);
  });

  it('repeat one replays the track when it ends, but "next" still moves on', () => {
    expect(indexAfterEnd(middle, 'one')).toBe(1);
    expect(nextIndex(middle, 'one')).toBe(2);
    expect(indexAfterEnd(last, 'off')).toBeNull();
  });
});
