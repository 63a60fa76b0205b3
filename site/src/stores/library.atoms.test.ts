import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store talks to the API through fetch; here fetch is a switchboard the test answers by hand.
type Pending = { url: string; method: string; resolve: (body: unknown) => void };
let requests: Pending[];

beforeEach(() => {
  vi.resetModules();
  requests = [];
  vi.stubGlobal('location', { origin: 'http://cadence.test', pathname: '/', assign: vi.fn() });
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=token', getElementById: () => null });
  vi.stubGlobal(
    'fetch',
    (url: URL, init: RequestInit) =>
      new Promise((resolve) => {
        const method = new Headers(init.headers).get('X-HTTP-Method-Override') ?? init.method ?? 'GET';
        requests.push({ url: url.pathname, method, resolve: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })) });
      }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const empty = { liked_tracks: [], liked_albums: [], followed_artists: [], followed_playlists: [], followed_users: [], reposted_tracks: [], reposted_albums: [] };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('library ids', () => {
  it('a heart pressed while the ids are still loading stays pressed', async () => {
    const { appStore } = await import('./store.ts');
    const { libraryIdsAtom, loadLibraryIds, setInLibrary } = await import('./library.atoms.ts');
    const load = loadLibraryIds();
    const like = setInLibrary('like', 'track', 7, true, (key) => key);
    expect(appStore.get(libraryIdsAtom)?.liked_tracks).toEqual([7]);

    // The load answers with what the server knew before the like: one other liked track.
    requests.find((r) => r.url.endsWith('/library/ids'))!.resolve({ ...empty, liked_tracks: [3] });
    await load;
    expect(appStore.get(libraryIdsAtom)?.liked_tracks).toEqual([3, 7]);

    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/users/me/likes/track/7');
    put.resolve({ message: 'ok' });
    await like;
    await settle();
    expect(appStore.get(libraryIdsAtom)?.liked_tracks).toEqual([3, 7]);
  });
});
