import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  owner = await t.loggedIn('owner@example.com');
  other = await t.loggedIn('other@example.com');
  admin = await t.loggedIn('boss@example.com', ['admin']);
});
afterAll(() => t.close());

async function create(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post('/api/v1/playlists', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).playlist as { id: number; name: string; public: boolean };
}

const trackIds = async (client: TestClient, id: number) =>
  ((await (await client.get(`/api/v1/playlists/${id}/tracks`)).json()).pagination.data as { id: number }[]).map((track) => track.id);

describe('playlists', () => {
  it("carries its first albums' covers, in playlist order, for a cover made of them", async () => {
    const albums = await t.db.selectFrom('albums').select(['id', 'image']).where('image', 'is not', null).orderBy('id').limit(5).execute();
    const firstTrack = async (albumId: number) => (await t.db.selectFrom('tracks').select('id').where('album_id', '=', albumId).orderBy('id').executeTakeFirstOrThrow()).id;
    const tracks = await Promise.all(albums.map((album) => firstTrack(album.id)));
    const playlist = await create(owner, { name: 'Mosaic' });
    const cover = async () => ((await (await owner.get(`/api/v1/playlists/${playlist.id}`)).json()).playlist.covers as string[]);
    expect(await cover()).toEqual([]);

    // Two tracks of one album count once; the album that comes first in the playlist comes first.
    const secondOfFirst = (await t.db.selectFrom('tracks').select('id').where('album_id', '=', albums[0].id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    await owner.post(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [tracks[1], tracks[0], secondOfFirst] });
    expect(await cover()).toEqual([albums[1].image, albums[0].image]);
    await owner.post(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: tracks.slice(2) });
    expect(await cover()).toEqual([albums[1].image, albums[0].image, albums[2].image, albums[3].image]);
  });

  it('an owner creates, fills, reorders, empties and deletes a playlist', async () => {
    const playlist = await create(owner, { name: '  Road trip  ', description: 'Windows down' });
    expect(playlist).toMatchObject({ name: 'Road trip', public: true });

    const added = await owner.post(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [5, 3, 9, 3] });
    expect(await added.json()).toEqual({ added: 3, tracks_count: 3 });
    // Adding a track that is already there changes nothing.
    expect(await (await owner.post(`/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [9] })).json()).toEqual({ added: 0, tracks_count: 3 });
    expect(await trackIds(owner, playlist.id)).toEqual([5, 3, 9]);

    expect((await owner.put(`/api/v1/playlists/${playlist.id}/tracks/order`, { track_id: 9, index: 0 })).status).toBe(200);
    expect(await trackIds(owner, playlist.id)).toEqual([9, 5, 3]);
    expect((await owner.put(`/api/v1/playlists/${playlist.id}/tracks/order`, { track_id: 9, index: 2 })).status).toBe(200);
    expect(await trackIds(owner, playlist.id)).toEqual([5, 3, 9]);

    const removed = await owner.request('DELETE', `/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [3] });
    expect(await removed.json()).toEqual({ removed: 1 });
    expect(await trackIds(owner, playlist.id)).toEqual([5, 9]);

    const details = await (await owner.get(`/api/v1/playlists/${playlist.id}`)).json();
    expect(details).toMatchObject({ can_edit: true, can_edit_tracks: true, playlist: { tracks_count: 2, owner: { name: 'owner' } } });
    expect(JSON.stringify(details)).not.toContain('owner@example.com');

    expect((await owner.delete(`/api/v1/playlists/${playlist.id}`)).status).toBe(200);
    expect((await owner.get(`/api/v1/playlists/${playlist.id}`)).status).toBe(404);
  });

  it('private playlists are invisible to others, as if they did not exist', async () => {
    const secret = await create(owner, { name: 'Secret', public: false });
    for (const client of [other, t.client()]) {
      const response = await client.get(`/api/v1/playlists/${secret.id}`);
      expect(response.status).toBe(404);
      expect((await response.json()).message).toBe('This playlist does not exist.');
      expect((await client.get(`/api/v1/playlists/${secret.id}/tracks`)).status).toBe(404);
    }
    expect((await other.put(`/api/v1/users/me/follows/playlist/${secret.id}`)).status).toBe(404);
    // People who manage playlists see them.
    expect((await admin.get(`/api/v1/playlists/${secret.id}`)).status).toBe(200);
  });

  it('only the owner changes a playlist; followers of a collaborative one change its tracks', async () => {
    const shared = await create(owner, { name: 'Shared', collaborative: true });
    const solo = await create(owner, { name: 'Solo' });
    expect((await other.put(`/api/v1/playlists/${solo.id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await other.delete(`/api/v1/playlists/${solo.id}`)).status).toBe(403);
    expect((await other.post(`/api/v1/playlists/${solo.id}/tracks`, { track_ids: [1] })).status).toBe(403);
    expect((await t.client().post(`/api/v1/playlists/${solo.id}/tracks`, { track_ids: [1] })).status).toBe(401);

    expect((await other.post(`/api/v1/playlists/${shared.id}/tracks`, { track_ids: [1] })).status).toBe(403);
    expect((await other.put(`/api/v1/users/me/follows/playlist/${shared.id}`)).status).toBe(200);
    expect((await other.post(`/api/v1/playlists/${shared.id}/tracks`, { track_ids: [1, 2] })).status).toBe(200);
    const view = await (await other.get(`/api/v1/playlists/${shared.id}`)).json();
    expect(view).toMatchObject({ can_edit: false, can_edit_tracks: true, playlist: { followers_count: 1 } });
    expect((await other.put(`/api/v1/playlists/${shared.id}`, { public: false })).status).toBe(403);

    expect((await admin.put(`/api/v1/playlists/${solo.id}`, { name: 'Renamed by staff' })).status).toBe(200);
  });

  it('refuses bad input with messages by field', async () => {
    const playlist = await create(owner, { name: 'Checks' });
    const cases: [string, string, unknown, string, string][] = [
      ['POST', '/api/v1/playlists', { name: '   ' }, 'name', 'Give the playlist a name.'],
      ['POST', '/api/v1/playlists', { name: 'x'.repeat(101) }, 'name', 'Playlist names are at most 100 characters.'],
      ['POST', '/api/v1/playlists', { name: 'ok', owner_id: 1 }, 'owner_id', ''],
      ['POST', `/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [] }, 'track_ids', 'Give at least one track.'],
      ['POST', `/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [999999] }, 'track_ids', 'These tracks do not exist: 999999.'],
      ['PUT', `/api/v1/playlists/${playlist.id}/tracks/order`, { track_id: 7, index: 0 }, 'track_id', 'This track is not in the playlist.'],
      ['PUT', `/api/v1/playlists/${playlist.id}/tracks/order`, { track_id: 7, index: -1 }, 'index', 'Positions start at 0.'],
    ];
    for (const [method, url, body, field, message] of cases) {
      const response = await owner.request(method, url, body);
      expect(response.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(422);
      const payload = await response.json();
      expect(payload.errors).toHaveProperty(field);
      if (message) expect(payload.errors[field]).toBe(message);
    }
    expect((await owner.get(`/api/v1/playlists/${playlist.id}/tracks?page=0`)).status).toBe(422);
    expect((await owner.get(`/api/v1/playlists/${playlist.id}/tracks?page=999`)).status).toBe(200);
  });

  it('takes a cover image recognised by its bytes, not its name', async () => {
    const playlist = await create(owner, { name: 'Covered' });
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const upload = async (client: TestClient, bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const form = new FormData();
      form.append('file', new File([bytes], name));
      const xsrf = decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? '');
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      return t.app.request(`/api/v1/playlists/${playlist.id}/image`, { method: 'POST', body: form, headers: { Cookie: cookie, 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' } });
    };
    const refused = await upload(owner, new TextEncoder().encode('<script>alert(1)</script>'), 'cover.png');
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.file).toBe('This file type is not allowed');
    expect((await upload(other, png, 'cover.png')).status).toBe(403);
    const accepted = await upload(owner, png, 'cover.png');
    expect(accepted.status).toBe(200);
    const image = (await accepted.json()).playlist.image as string;
    expect(image).toMatch(/^\/uploads\/playlist-[\w-]+\.png$/);
    expect((await t.app.request(image)).status).toBe(200);

    // Over 5 MB, by a little or by more than the whole request may hold: the answer of any file over its limit.
    for (const size of [5 * 1024 * 1024 + 10, 6 * 1024 * 1024]) {
      const bytes = new Uint8Array(size);
      bytes.set(png);
      const tooBig = await upload(owner, bytes, 'cover.png');
      expect(tooBig.status, `${size} bytes`).toBe(413);
      expect(await tooBig.json(), `${size} bytes`).toEqual({ message: 'file exceeds maximum allowed size of 5MB', errors: { file: 'file exceeds maximum allowed size of 5MB' } });
    }
    expect((await (await owner.get(`/api/v1/playlists/${playlist.id}`)).json()).playlist.image).toBe(image);
  });
});
