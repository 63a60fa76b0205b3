import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserFetch, HttpError } from './http.ts';
import { islandApi, ok, sessionApi } from './island-api.ts';

/** What the browser was asked to send, with the browser globals the client reads stubbed. */
let requested: { url: URL; method: string; headers: Headers; body: unknown }[] = [];
let answer: () => Response = () => new Response('{}', { status: 200 });

beforeEach(() => {
  requested = [];
  answer = () => new Response('{}', { status: 200 });
  vi.stubGlobal('location', { origin: 'https://music.example.com' });
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=abc; activeWorkspaceId=7' });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    requested.push({ url: new URL(url), method: init.method!, headers: new Headers(init.headers), body: init.body });
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the workspaceId rule of the client (spec §7)', () => {
  it('adds the active workspace to GET, POST and PUT, but not PATCH or DELETE', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) await browserFetch('/api/v1/genres', { method });
    expect(requested.map((r) => [r.method, r.url.searchParams.get('workspaceId')])).toEqual([
      ['GET', '7'],
      ['POST', '7'],
      ['POST', '7'],
      ['POST', null],
      ['POST', null],
    ]);
    expect(requested[2].url.searchParams.get('_method')).toBe('PUT');
  });

  it('keeps a workspaceId the caller chose, and adds none for the personal workspace', async () => {
    await browserFetch('/api/v1/genres?workspaceId=3');
    expect(requested[0].url.searchParams.getAll('workspaceId')).toEqual(['3']);
    vi.stubGlobal('document', { cookie: 'activeWorkspaceId=0' });
    await browserFetch('/api/v1/genres');
    expect(requested[1].url.searchParams.has('workspaceId')).toBe(false);
  });
});

describe('the typed clients of islands', () => {
  it('send writes as the API expects from a browser: XSRF header, and DELETE as POST with the override', async () => {
    await ok(islandApi.playlists[':id'].tracks.$delete({ param: { id: '5' }, json: { track_ids: [9] } }));
    const [sent] = requested;
    expect(sent.url.pathname).toBe('/api/v1/playlists/5/tracks');
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('X-HTTP-Method-Override')).toBe('DELETE');
    expect(sent.url.searchParams.get('_method')).toBe('DELETE');
    expect(sent.headers.get('X-XSRF-TOKEN')).toBe('abc');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(sent.body))).toEqual({ track_ids: [9] });
  });

  it('reach the session routes outside /api/v1, with the active workspace like every other call', async () => {
    await ok(sessionApi.auth.logout.$post());
    expect(requested[0].url.pathname).toBe('/auth/logout');
    expect(requested[0].url.searchParams.get('workspaceId')).toBe('7');
    expect(requested[0].headers.get('X-XSRF-TOKEN')).toBe('abc');
  });

  it('turn a refusal into an HttpError with the message and the first error of each field', async () => {
    answer = () => new Response(JSON.stringify({ message: 'The given data was invalid.', errors: { name: ['Give the playlist a name.', 'Second'], description: 'Too long.' } }), { status: 422 });
    const failure = await ok(islandApi.playlists.$post({ json: { name: '' } })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 422, message: 'The given data was invalid.', errors: { name: 'Give the playlist a name.', description: 'Too long.' } });
  });

  it('answer the fallback message when a failure says nothing', async () => {
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(ok(islandApi.genres.$get())).rejects.toMatchObject({ status: 502, message: 'There was an issue. Please try again.' });
  });
});
