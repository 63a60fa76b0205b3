import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './testing.ts';

/**
 * Every account route, called as a guest, as the account's owner, as another user and as an
 * admin. Each row names the status each of them must get; nothing else is acceptable.
 */
let t: TestApp;
let clients: Record<'guest' | 'owner' | 'other' | 'admin', TestClient>;
let ownerId: number;
let ownerTokenId: number;

beforeAll(async () => {
  t = await createTestApp();
  const api = await t.db.selectFrom('permissions').select('id').where('name', '=', 'api.access').executeTakeFirstOrThrow();
  const users = await t.db.selectFrom('roles').select('id').where('name', '=', 'users').executeTakeFirstOrThrow();
  await t.db.insertInto('role_permission').values({ role_id: users.id, permission_id: api.id }).execute();
  clients = {
    guest: t.client(),
    owner: await t.loggedIn('owner@example.com'),
    other: await t.loggedIn('other@example.com'),
    admin: await t.loggedIn('admin@example.com', ['admin']),
  };
  for (const client of [clients.owner, clients.other, clients.admin]) await client.post('/auth/user/confirm-password', { password: 'password123' });
  ownerId = (await (await clients.owner.get('/api/v1/users/me')).json()).user.id;
  ownerTokenId = (await (await clients.owner.post('/api/v1/access-tokens', { tokenName: 'owned' })).json()).token.id;
});
afterAll(() => t.close());

type Who = keyof typeof clients;
type Row = [description: string, call: (client: TestClient) => Promise<Response>, expected: Record<Who, number>];

const rows = (): Row[] => [
  ['GET users/me', (c) => c.get('/api/v1/users/me'), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ["GET the owner's profile", (c) => c.get(`/api/v1/users/${ownerId}`), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ["PUT the owner's details", (c) => c.put(`/api/v1/users/${ownerId}`, { name: 'Renamed' }), { guest: 401, owner: 200, other: 403, admin: 200 }],
  ["DELETE the owner's avatar", (c) => c.delete(`/api/v1/users/${ownerId}/avatar`), { guest: 401, owner: 200, other: 403, admin: 200 }],
  ["DELETE the owner's account", (c) => c.delete(`/api/v1/users/${ownerId}`), { guest: 401, owner: 403, other: 403, admin: 403 }],
  ['GET user-sessions', (c) => c.get('/api/v1/user-sessions'), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ['POST user-sessions/logout-other with a wrong password', (c) => c.post('/api/v1/user-sessions/logout-other', { password: 'wrong' }), { guest: 401, owner: 422, other: 422, admin: 422 }],
  ['GET access-tokens', (c) => c.get('/api/v1/access-tokens'), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ["DELETE the owner's token", (c) => c.delete(`/api/v1/access-tokens/${ownerTokenId}`), { guest: 401, owner: 200, other: 404, admin: 404 }],
  ['GET confirmed-password-status', (c) => c.get('/auth/user/confirmed-password-status'), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ['PUT auth/user/password with a wrong current password', (c) => c.put('/auth/user/password', { current_password: 'wrong', password: 'new-password', password_confirmation: 'new-password' }), { guest: 401, owner: 422, other: 422, admin: 422 }],
  ['GET two-factor QR code before setup', (c) => c.get('/auth/user/two-factor/qr-code'), { guest: 401, owner: 422, other: 422, admin: 422 }],
  ['POST two-factor recovery codes before enabling', (c) => c.post('/auth/user/two-factor-recovery-codes'), { guest: 401, owner: 422, other: 422, admin: 422 }],
  ['POST resend-email-verification when verified or not required', (c) => c.post('/api/v1/resend-email-verification', {}), { guest: 401, owner: 200, other: 200, admin: 200 }],
  ['GET the back-office users list', (c) => c.get('/api/admin/users'), { guest: 401, owner: 403, other: 403, admin: 200 }],
];

describe('authorization matrix of the account routes', () => {
  it.each(rows().map((row) => [row[0], row] as const))('%s', async (_name, [, call, expected]) => {
    // The owner's token is deleted by the owner's own row: order the callers so that happens last.
    for (const who of ['guest', 'other', 'admin', 'owner'] as Who[]) {
      const response = await call(clients[who]);
      expect(response.status, `${who}: ${await response.clone().text()}`).toBe(expected[who]);
    }
  });
});
