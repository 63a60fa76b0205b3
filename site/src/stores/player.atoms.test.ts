// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseVolume, playerStorage } from '../lib/player-storage.ts';
import type { QueueTrack } from '../lib/queue.ts';

const track = (id: number): QueueTrack => ({
  id,
  name: `Track ${id}`,
  duration: 30_000,
  stream_url: `/api/v1/tracks/${id}/stream`,
  image: null,
  artists: [{ id: 1, name: 'Artist' }],
  album: null,
});

// What an earlier version of the player left in localStorage, in its own formats.
const savedByEarlierVersion = {
  'player.queue': JSON.stringify({
    version: 1,
    queue: { items: [1, 2, 3].map((id) => ({ ...track(id), queueId: id + 40 })), index: 1, original: null },
    shuffle: false,
    repeat: 'all',
  }),
  'player.position': JSON.stringify({ queueId: 42, seconds: 12.5 }),
  'player.volume': '0.4',
  'player.muted': '1',
};

let atoms: typeof import('./player.atoms.ts');
let appStore: typeof import('./store.ts').appStore;

describe('the player atoms keep what a returning listener had', () => {
  beforeAll(async () => {
    for (const [key, value] of Object.entries(savedByEarlierVersion)) localStorage.setItem(key, value);
    // Imported only now: the saved position is read when the module loads.
    atoms = await import('./player.atoms.ts');
    appStore = (await import('./store.ts')).appStore;
  });

  it('starts empty (as the server renders) and takes the saved values once an island subscribes', () => {
    expect(appStore.get(atoms.queueStateAtom).items).toEqual([]);
    expect(appStore.get(atoms.volumeAtom)).toBeNull();
    for (const atom of [atoms.queueStateAtom, atoms.repeatAtom, atoms.volumeAtom, atoms.mutedAtom]) appStore.sub(atom, () => undefined);
    const queue = appStore.get(atoms.queueStateAtom);
    expect(queue.items.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(appStore.get(atoms.currentTrackAtom)?.queueId).toBe(42);
    expect(appStore.get(atoms.repeatAtom)).toBe('all');
    expect(appStore.get(atoms.volumeAtom)).toBe(0.4);
    expect(appStore.get(atoms.mutedAtom)).toBe(true);
    expect(appStore.get(atoms.savedPositionAtom)).toEqual({ queueId: 42, seconds: 12.5 });
    // Restored, not started.
    expect(appStore.get(atoms.wantsPlayAtom)).toBe(false);
  });

  it('saves every change under the same keys, and new entries never take a saved entry id', () => {
    atoms.addToQueue(track(9));
    const added = appStore.get(atoms.queueStateAtom).items.at(-1)!;
    expect(added.queueId).toBeGreaterThan(43);
    atoms.cycleRepeat();
    appStore.set(atoms.mutedAtom, false);
    const saved = JSON.parse(localStorage.getItem('player.queue')!);
    expect(saved.queue.items.map((item: QueueTrack) => item.id)).toEqual([1, 2, 3, 9]);
    expect(saved.repeat).toBe('one');
    expect(localStorage.getItem('player.muted')).toBe('false');
  });

  it('shuffle is saved with the order to return to', () => {
    atoms.setShuffle(true);
    const saved = JSON.parse(localStorage.getItem('player.queue')!);
    expect(saved.shuffle).toBe(true);
    expect(saved.queue.original).toHaveLength(4);
    atoms.setShuffle(false);
    expect(JSON.parse(localStorage.getItem('player.queue')!).queue.items.map((item: QueueTrack) => item.id)).toEqual([1, 2, 3, 9]);
  });

  it('with a full storage the player keeps working', () => {
    const full = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(() => atoms.playQueue([track(5), track(6)])).not.toThrow();
      expect(() => appStore.set(atoms.volumeAtom, 0.7)).not.toThrow();
      expect(full).toHaveBeenCalled();
    } finally {
      full.mockRestore();
    }
    expect(appStore.get(atoms.currentTrackAtom)?.id).toBe(5);
    expect(appStore.get(atoms.volumeAtom)).toBe(0.7);
    expect(localStorage.getItem('player.volume')).toBe('0.4');
  });
});

describe('playerStorage', () => {
  it('reads back what the page wrote even when storing it failed, and distrusts what it cannot parse', () => {
    const storage = playerStorage<number | null>(parseVolume);
    localStorage.setItem('test.volume', '"loud"');
    expect(storage.getItem('test.volume', null)).toBeNull();
    const full = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      storage.setItem('test.volume', 0.3);
    } finally {
      full.mockRestore();
    }
    expect(storage.getItem('test.volume', null)).toBe(0.3);
  });
});
