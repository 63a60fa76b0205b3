import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './testing.ts';

/**
 * The listener routes called as a guest, as the owner of the playlist or comment involved, as
 * another user and as an admin. Each row names the status each of them must get.
 */
let t: TestApp;
let clients: Record<'guest' | 'owner' | 'other' | 'admin', TestClient>;
let ownerId: number;
let publicId: number;
let privateId: number;
let commentId: number;

beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  clients = {
    guest: t.client(),
    owner: await t.loggedIn('owner@example.com'),
    other: await t.loggedIn('other@example.com'),
    admin: await t.loggedIn('admin@example.com', ['admin']),
  };
  ownerId = (await (await clients.owner.get('/api/v1/users/me')).json()).user.id;
  publicId = (await (await clients.owner.post('/api/v1/playlists', { name: 'Open' })).json()).playlist.id;
  privateId = (await (await clients.owner.post('/api/v1/playlists', { name: 'Closed', public: false })).json()).playlist.id;
  commentId = (await (await clients.owner.post('/api/v1/tracks/1/comments', { content: 'Mine' })).json()).comment.id;
});
afterAll(() => t.close());

type Who = keyof typeof clients;
type Row = [description: string, call: (client: TestClient) => Promise<Response>, expected: Record<Who, number>];

const rows = (): Row[] => [
  ['GET a public playlist', (c) => c.get(`/api/v1/playlists/${publicId}`), { guest: 200, owner: 200, other: 200, admin: 200 }],
  ['GET a private playlist', (c) => c.get(`/api/v1/playlists/${privateId}`), { guest: 404, owner: 200, other: 404, admin: 200 }],
  ['GET the tracks of a private playlist', (c) => c.get(`/api/v1/playlists/${privateId}/tracks`), { guest: 404, owner: 200, other: 404, admin: 200 }],
  ['POST a playlist', (c) => c.post('/api/v1/playlists', { name: 'New' }), { guest: 401, owner: 201, other: 201, admin: 201 }],
  ['PUT a public playlist', (c) => c.put(`/api/v1/playlists/${publicId}`, { description: 'Changed' }), { guest: 401, owner: 200, other: 403, admin: 200 }],
  ['PUT a private playlist', (c) => c.put(`/api/v1/playlists/${privateId}`, { description: 'Changed' }), { guest: 401, owner: 200, other: 404, admin: 200 }],
  ['POST tracks to a public playlist', (c) => c.post(`/api/v1/playlists/${publicId}/tracks`, { track_ids: [1] }), { guest: 401, owner: 200, other: 403, admin: 200 }],
  ['PUT the order of a public playlist', (c) => c.put(`/api/v1/playlists/${publicId}/tracks/order`, { track_id: 1, index: 0 }), { guest: 401, owner: 200, other: 403, admin: 200 }],
  ['PUT a like', (c) => c.put('/api/v1/users/me/likes/track/2'), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ['PUT a follow of the owner', (c) => c.put(`/api/v1/users/me/follows/user/${ownerId}`), { guest: 401, owner: 422, other: 200, admin: 200 }],
  ['PUT a follow of a private playlist', (c) => c.put(`/api/v1/users/me/follows/playlist/${privateId}`), { guest: 401, owner: 200, other: 404, admin: 200 }],
  ['PUT a repost', (c) => c.put('/api/v1/users/me/reposts/album/1'), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ['GET library ids', (c) => c.get('/api/v1/users/me/library/ids'), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ['GET liked songs', (c) => c.get('/api/v1/users/me/library/tracks'), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ['GET play history', (c) => c.get('/api/v1/users/me/library/history'), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ["GET the owner's profile", (c) => c.get(`/api/v1/user-profile/${ownerId}`), { guest: 200, owner: 200, other: 200, admin: 200 }],
  ['GET comments', (c) => c.get('/api/v1/tracks/1/comments'), { guest: 200, owner: 200, other: 200, admin: 200 }],
  ['POST a comment', (c) => c.post('/api/v1/tracks/2/comments', { content: 'Hi' }), { guest: 401, owner: 201, other: 201, admin: 201 }],
  // Callers go in the order guest, other, admin, owner: the admin, a moderator, removes it first.
  ["DELETE the owner's comment", (c) => c.delete(`/api/v1/comments/${commentId}`), { guest: 401, owner: 404, other: 403, admin: 200 }],
  ['GET a channel', (c) => c.get('/api/v1/channel/discover'), { guest: 200, owner: 200, other: 200, admin: 200 }],
  ['GET a radio', (c) => c.get('/api/v1/radio/genre/jazz'), { guest: 200, owner: 200, other: 200, admin: 200 }],
];

describe('authorization matrix of the listener routes', () => {
  it.each(rows().map((row) => [row[0], row] as const))('%s', async (_name, [, call, expected]) => {
    for (const who of ['guest', 'other', 'admin', 'owner'] as Who[]) {
      const response = await call(clients[who]);
      expect(response.status, `${who}: ${await response.clone().text()}`).toBe(expected[who]);
    }
  });

  it('visitors lose it all when the guest role loses music.view', async () => {
    const guestRole = await t.db.selectFrom('roles').select('id').where('guests', '=', 1).executeTakeFirstOrThrow();
    const saved = await t.db.selectFrom('role_permission').selectAll().where('role_id', '=', guestRole.id).execute();
    await t.db.deleteFrom('role_permission').where('role_id', '=', guestRole.id).execute();
    try {
      for (const url of [`/api/v1/playlists/${publicId}`, '/api/v1/channel/discover', '/api/v1/tracks/1/comments', `/api/v1/user-profile/${ownerId}`, '/api/v1/radio/track/1', '/api/v1/tags/chill/tracks']) {
        expect((await clients.guest.get(url)).status, url).toBe(401);
      }
    } finally {
      await t.db.insertInto('role_permission').values(saved).execute();
    }
  });
});
