import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

/**
 * An artist has one managing account. Several users may claim an artist nobody manages (the admin
 * decides between them), but once one claim is approved the others cannot be: two users claimed the
 * same artist, the admin approved both, and the artist had two managers.
 */
let t: TestApp;
let admin: TestClient;
let first: TestClient;
let second: TestClient;
let third: TestClient;

const proof = { proof_url: 'https://social.example.com/@me' };
const MANAGED_CLAIM = 'Another account already manages this artist.';
const MANAGED_APPROVAL = 'Another account already manages this artist, so this claim cannot be approved.';

beforeAll(async () => {
  t = await createTestApp();
  [admin, first, second, third] = await Promise.all([
    t.loggedIn('admin@example.com', ['admin']),
    t.loggedIn('first@example.com'),
    t.loggedIn('second@example.com'),
    t.loggedIn('third@example.com'),
  ]);
});
afterAll(() => t.close());

const newArtist = async (name: string) => (await t.db.insertInto('artists').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
const managersOf = async (artistId: number) => (await t.db.selectFrom('artist_user').select('user_id').where('artist_id', '=', artistId).execute()).map((row) => row.user_id);
const artistIdsOf = async (client: TestClient) => (await (await client.get('/api/v1/users/me')).json()).user.artist_ids as number[];

async function claim(client: TestClient, artistId: number): Promise<number> {
  const response = await client.post('/api/v1/backstage-requests', { artist_id: artistId, role: 'artist', ...proof });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).request.id;
}

it('two users claim one artist; once the first is approved, the second is refused with a clear message and can be denied', async () => {
  const artistId = await newArtist('Contested Band');
  const firstClaim = await claim(first, artistId);
  const secondClaim = await claim(second, artistId);

  expect((await admin.post(`/api/admin/backstage-requests/${firstClaim}/approve`)).status).toBe(200);
  const refused = await admin.post(`/api/admin/backstage-requests/${secondClaim}/approve`);
  expect(refused.status).toBe(409);
  expect((await refused.json()).message).toBe(MANAGED_APPROVAL);

  expect(await artistIdsOf(first)).toEqual([artistId]);
  expect(await artistIdsOf(second)).toEqual([]);
  expect(await managersOf(artistId)).toHaveLength(1);
  // Nothing of the refused approval stayed: the request waits for a decision, the user got no role.
  expect((await (await second.get(`/api/v1/backstage-requests/${secondClaim}`)).json()).request.status).toBe('pending');
  expect((await second.get('/api/v1/backstage/uploads/quota')).status).toBe(403);
  expect((await admin.post(`/api/admin/backstage-requests/${secondClaim}/deny`)).status).toBe(200);
});

it('an artist someone manages cannot be claimed at all', async () => {
  const artistId = await newArtist('Managed Band');
  expect((await admin.post(`/api/admin/backstage-requests/${await claim(first, artistId)}/approve`)).status).toBe(200);
  // An admin may take the verified badge off; the artist still has its manager.
  expect((await admin.put(`/api/admin/artists/${artistId}`, { verified: false })).status).toBe(200);
  const refused = await third.post('/api/v1/backstage-requests', { artist_id: artistId, role: 'manager', ...proof });
  expect(refused.status).toBe(422);
  expect((await refused.json()).errors.artist_id).toBe(MANAGED_CLAIM);
});

it('two approvals sent at once give the artist one manager', async () => {
  const artistId = await newArtist('Raced Band');
  const claims = [await claim(second, artistId), await claim(third, artistId)];
  const answers = await Promise.all(claims.map((id) => admin.post(`/api/admin/backstage-requests/${id}/approve`)));
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  expect(await managersOf(artistId)).toHaveLength(1);
});
