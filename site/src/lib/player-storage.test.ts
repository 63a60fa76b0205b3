import { describe, expect, it } from 'vitest';
import { boundQueue, parseMuted, parsePlayer, parsePosition, parseVolume, serializePlayer, serializePosition } from './player-storage.ts';
import { newQueue, shuffleOn, type QueueTrack } from './queue.ts';

const track = (id: number): QueueTrack => ({
  id,
  name: `Track ${id}`,
  duration: 30_000,
  stream_url: `/api/v1/tracks/${id}/stream`,
  image: `/storage/covers/${id}.jpg`,
  artists: [{ id: 1, name: 'Artist' }],
  album: { id: 2, name: 'Album', url: '/album/2/artist/album' },
});
const tracks = (n: number) => Array.from({ length: n }, (_, i) => track(i + 1));

describe('saving the player across reloads', () => {
  it('round-trips the queue, current track, shuffle order and repeat', () => {
    const queue = shuffleOn(newQueue(tracks(6), 2, false));
    const restored = parsePlayer(serializePlayer({ queue, shuffle: true, repeat: 'one' }));
    expect(restored).toEqual({ queue, shuffle: true, repeat: 'one' });
  });

  it('keeps at most 500 tracks, around the current one', () => {
    const queue = newQueue(tracks(1200), 700, false);
    const bounded = boundQueue(queue);
    expect(bounded.items).toHaveLength(500);
    expect(bounded.items[bounded.index].id).toBe(701);
    expect(bounded.index).toBe(50);
    const restored = parsePlayer(serializePlayer({ queue, shuffle: false, repeat: 'off' }))!;
    expect(restored.queue.items).toHaveLength(500);
    expect(restored.queue.items[restored.queue.index].id).toBe(701);
    expect(boundQueue(newQueue(tracks(1200), 1190, false)).items.at(-1)!.id).toBe(1200);
  });

  it('drops what it cannot trust instead of failing', () => {
    expect(parsePlayer(null)).toBeNull();
    expect(parsePlayer('not json')).toBeNull();
    expect(parsePlayer('{"version":2,"queue":{"items":[]}}')).toBeNull();
    const queue = newQueue(tracks(3), 1, false);
    const data = JSON.parse(serializePlayer({ queue, shuffle: false, repeat: 'all' }));
    data.queue.items[0].stream_url = 'https://elsewhere.example/evil.mp3';
    data.queue.items[2].album.url = 'javascript:alert(1)';
    data.queue.index = 7;
    data.repeat = 'sometimes';
    const restored = parsePlayer(JSON.stringify(data))!;
    expect(restored.queue.items.map((item) => item.id)).toEqual([2]);
    expect(restored.queue.index).toBe(0);
    expect(restored.repeat).toBe('off');
  });

  it('saves the position separately and validates it', () => {
    expect(parsePosition(serializePosition({ queueId: 4, seconds: 12.5 }))).toEqual({ queueId: 4, seconds: 12.5 });
    expect(parsePosition('{"queueId":4,"seconds":-1}')).toBeNull();
    expect(parsePosition('{"queueId":"4","seconds":1}')).toBeNull();
  });

  it('reads the volume and the mute as earlier versions wrote them, and nothing else', () => {
    expect(parseVolume('0.4')).toBe(0.4);
    expect(parseVolume('0')).toBe(0);
    expect(parseVolume('1.5')).toBeNull();
    expect(parseVolume('"0.4"')).toBeNull();
    expect(parseVolume(null)).toBeNull();
    expect(parseMuted('1')).toBe(true);
    expect(parseMuted('0')).toBe(false);
    expect(parseMuted('true')).toBe(true);
    expect(parseMuted('false')).toBe(false);
    expect(parseMuted('"yes"')).toBeNull();
  });

  it('turns shuffle off when the order to return to is missing', () => {
    const queue = newQueue(tracks(3), 0, false);
    expect(parsePlayer(JSON.stringify({ version: 1, queue, shuffle: true, repeat: 'off' }))!.shuffle).toBe(false);
  });
});
