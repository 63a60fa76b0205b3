import { describe, expect, it } from 'vitest';
import { newQueue, type QueueTrack } from '../../lib/queue.ts';
import { addressToPreload, PRELOAD_LEAD_SECONDS } from './use-preload-next.ts';

const track = (id: number): QueueTrack => ({ id, name: `Track ${id}`, duration: 120_000, stream_url: `/api/v1/tracks/${id}/stream`, image: null, artists: [], album: null });
const queue = newQueue([track(1), track(2), track(3)], 0, false);

describe('addressToPreload', () => {
  it('fetches the next track only while playing and near the end (or once this one is buffered)', () => {
    const early = { position: 10, duration: 120, buffered: 40 };
    const late = { position: 120 - PRELOAD_LEAD_SECONDS, duration: 120, buffered: 100 };
    expect(addressToPreload(queue, 'off', true, early)).toBeNull();
    expect(addressToPreload(queue, 'off', true, late)).toBe('/api/v1/tracks/2/stream');
    expect(addressToPreload(queue, 'off', false, late)).toBeNull();
    expect(addressToPreload(queue, 'off', true, { ...early, buffered: 119.6 })).toBe('/api/v1/tracks/2/stream');
  });

  it('follows repeat: nothing after the last track, the first one on repeat all, none on repeat one', () => {
    const atLast = { ...queue, index: 2 };
    const late = { position: 110, duration: 120, buffered: 120 };
    expect(addressToPreload(atLast, 'off', true, late)).toBeNull();
    expect(addressToPreload(atLast, 'all', true, late)).toBe('/api/v1/tracks/1/stream');
    expect(addressToPreload(queue, 'one', true, late)).toBeNull();
  });
});
