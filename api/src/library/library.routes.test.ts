import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
let listener: TestClient;
let friend: TestClient;
beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  listener = await t.loggedIn('listener@example.com');
  friend = await t.loggedIn('friend@example.com');
});
afterAll(() => t.close());

const page = async (client: TestClient, url: string) => (await (await client.get(url)).json()).pagination;

describe('likes, follows and reposts', () => {
  it('fills the library, and undoing is as safe as doing twice', async () => {
    for (const id of [10, 11, 12]) expect((await listener.put(`/api/v1/users/me/likes/track/${id}`)).status).toBe(200);
    expect((await listener.put(`/api/v1/users/me/likes/track/10`)).status).toBe(200);
    expect((await listener.put(`/api/v1/users/me/likes/album/2`)).status).toBe(200);
    expect((await listener.put(`/api/v1/users/me/follows/artist/3`)).status).toBe(200);
    expect((await listener.delete(`/api/v1/users/me/likes/track/11`)).status).toBe(200);
    expect((await listener.delete(`/api/v1/users/me/likes/track/11`)).status).toBe(200);

    const ids = await (await listener.get('/api/v1/users/me/library/ids')).json();
    expect(ids).toMatchObject({ liked_tracks: expect.arrayContaining([10, 12]), liked_albums: [2], followed_artists: [3] });
    expect(ids.liked_tracks).toHaveLength(2);

    const songs = await page(listener, '/api/v1/users/me/library/tracks?sort=name&direction=asc');
    expect(songs.total).toBe(2);
    const names = songs.data.map((track: { name: string }) => track.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(songs.data[0].artists.length).toBeGreaterThan(0);
    expect((await page(listener, '/api/v1/users/me/library/albums')).data.map((a: { id: number }) => a.id)).toEqual([2]);
    expect((await page(listener, '/api/v1/users/me/library/artists')).data.map((a: { id: number }) => a.id)).toEqual([3]);
    // Nothing leaks between accounts.
    expect((await page(friend, '/api/v1/users/me/library/tracks')).total).toBe(0);
  });

  it('filters by text, taking LIKE wildcards literally', async () => {
    const all = await page(listener, '/api/v1/users/me/library/tracks');
    const word = (all.data[0].name as string).split(' ')[0];
    const filtered = await page(listener, `/api/v1/users/me/library/tracks?query=${encodeURIComponent(word)}`);
    expect(filtered.data.every((track: { name: string }) => track.name.includes(word))).toBe(true);
    expect((await page(listener, '/api/v1/users/me/library/tracks?query=%25')).total).toBe(0);
    expect((await page(listener, '/api/v1/users/me/library/tracks?query=_')).total).toBe(0);
  });

  it('answers clearly for unknown kinds, missing items, guests and bad sorting', async () => {
    expect((await listener.put('/api/v1/users/me/likes/artist/1')).status).toBe(422);
    const missing = await listener.put('/api/v1/users/me/likes/track/999999');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('This track does not exist.');
    expect((await t.client().put('/api/v1/users/me/likes/track/1')).status).toBe(401);
    expect((await t.client().get('/api/v1/users/me/library/tracks')).status).toBe(401);
    expect((await listener.get('/api/v1/users/me/library/tracks?sort=password')).status).toBe(422);
    expect((await listener.get('/api/v1/users/me/library/tracks?perPage=5000')).status).toBe(422);
  });

  it('following people shows on profiles; nobody follows themselves', async () => {
    const me = (await (await listener.get('/api/v1/users/me')).json()).user.id as number;
    const them = (await (await friend.get('/api/v1/users/me')).json()).user.id as number;
    expect((await listener.put(`/api/v1/users/me/follows/user/${me}`)).status).toBe(422);
    expect((await listener.put(`/api/v1/users/me/follows/user/${them}`)).status).toBe(200);
    const profile = await (await t.client().get(`/api/v1/user-profile/${them}`)).json();
    expect(profile.user).toMatchObject({ id: them, name: 'friend', followers_count: 1, following_count: 0 });
    expect(JSON.stringify(profile)).not.toContain('@example.com');
    const followers = await page(t.client(), `/api/v1/user-profile/${them}/followers`);
    expect(followers.data.map((u: { id: number }) => u.id)).toEqual([me]);
    const following = await page(t.client(), `/api/v1/user-profile/${me}/following`);
    expect(following.data.map((u: { id: number }) => u.id)).toEqual([them]);
    expect((await t.client().get(`/api/v1/user-profile/${them}/secrets`)).status).toBe(422);
    expect((await t.client().get('/api/v1/user-profile/999999')).status).toBe(404);
  });

  it('reposts show on the profile, newest first; only public playlists show there', async () => {
    const them = (await (await friend.get('/api/v1/users/me')).json()).user.id as number;
    await friend.put('/api/v1/users/me/reposts/track/20');
    await friend.put('/api/v1/users/me/reposts/album/4');
    const reposts = await page(t.client(), `/api/v1/user-profile/${them}/reposts`);
    expect(reposts.data.map((r: { type: string }) => r.type)).toEqual(['album', 'track']);
    expect(reposts.data[1].track.id).toBe(20);

    await friend.post('/api/v1/playlists', { name: 'Open' });
    await friend.post('/api/v1/playlists', { name: 'Hidden', public: false });
    const playlists = await page(t.client(), `/api/v1/user-profile/${them}/playlists`);
    expect(playlists.data.map((p: { name: string }) => p.name)).toEqual(['Open']);
    const own = await page(friend, '/api/v1/users/me/library/playlists');
    expect(own.data.map((p: { name: string }) => p.name).sort()).toEqual(['Hidden', 'Open']);
  });

  it('lists what the listener played, newest first', async () => {
    const me = (await (await listener.get('/api/v1/users/me')).json()).user.id as number;
    await t.db.insertInto('plays').values([
      { track_id: 7, user_id: me, created_at: '2026-11-01T10:00:00.000Z' },
      { track_id: 8, user_id: me, created_at: '2026-11-02T10:00:00.000Z' },
    ]).execute();
    const history = await page(listener, '/api/v1/users/me/library/history');
    expect(history.data.map((track: { id: number }) => track.id)).toEqual([8, 7]);
    expect(history.data[0].played_at).toBe('2026-11-02T10:00:00.000Z');
  });
});
