// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let warmup: typeof import('./stream-warmup.ts');
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  // A fresh module per test: what it has warmed is kept per page.
  vi.resetModules();
  fetchMock = vi.fn(async () => new Response(new Uint8Array(16), { status: 206 }));
  vi.stubGlobal('fetch', fetchMock);
  warmup = await import('./stream-warmup.ts');
});
afterEach(() => vi.unstubAllGlobals());

const ranges = () => fetchMock.mock.calls.map(([url, init]) => [url, (init as RequestInit).headers]);

describe('warmUpStream', () => {
  it('fetches only the first 64 KB of a track, once per address', () => {
    warmup.warmUpStream('/api/v1/tracks/1/stream');
    warmup.warmUpStream('/api/v1/tracks/1/stream');
    warmup.warmUpStream(null);
    expect(ranges()).toEqual([['/api/v1/tracks/1/stream', { Range: 'bytes=0-65535' }]]);
  });

  it('stops after a few tracks on one page, and starts counting again on the next page', () => {
    for (let id = 1; id <= 20; id++) warmup.warmUpStream(`/api/v1/tracks/${id}/stream`);
    expect(fetchMock).toHaveBeenCalledTimes(warmup.MAX_WARMUPS_PER_PAGE);
    document.dispatchEvent(new Event('astro:after-swap'));
    warmup.warmUpStream('/api/v1/tracks/20/stream');
    expect(fetchMock).toHaveBeenCalledTimes(warmup.MAX_WARMUPS_PER_PAGE + 1);
  });

  it('fetches nothing when the browser asks to save data', () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      warmup.warmUpStream('/api/v1/tracks/1/stream');
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it('swallows a failed fetch: the click loads the track as ever', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      warmup.warmUpStream('/api/v1/tracks/1/stream');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
