import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './http.ts';

/** The URLs apiRequest asks for, with the browser globals it reads stubbed. */
let requested: { url: string; method: string; headers: Record<string, string> }[] = [];

beforeEach(() => {
  requested = [];
  vi.stubGlobal('location', { origin: 'https://music.example.com' });
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=abc; activeWorkspaceId=7' });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    requested.push({ url: url.toString(), method: init.method!, headers: init.headers as Record<string, string> });
    return new Response('{}', { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the workspaceId rule of the client (spec §7)', () => {
  it('adds the active workspace to GET, POST and PUT, but not PATCH or DELETE', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) await apiRequest('genres', { method });
    expect(requested.map((r) => [r.method, new URL(r.url).searchParams.get('workspaceId')])).toEqual([
      ['GET', '7'],
      ['POST', '7'],
      ['POST', '7'],
      ['POST', null],
      ['POST', null],
    ]);
    expect(new URL(requested[2].url).searchParams.get('_method')).toBe('PUT');
  });

  it('keeps a workspaceId the caller chose, and adds none for the personal workspace', async () => {
    await apiRequest('genres?workspaceId=3');
    expect(new URL(requested[0].url).searchParams.getAll('workspaceId')).toEqual(['3']);
    vi.stubGlobal('document', { cookie: 'activeWorkspaceId=0' });
    await apiRequest('genres');
    expect(new URL(requested[1].url).searchParams.has('workspaceId')).toBe(false);
  });
});
