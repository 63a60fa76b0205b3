import { createTestApp, toneMp3, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { becomeArtist, created } from '../support/backstage-contract.ts';

/**
 * The upload quota (the `count` restriction of music.create) was counted, then the file's tags read,
 * then the track stored: with a limit of 1 and nothing used, three imports sent at once answered
 * 201, 403, 201 and the quota read `used: 2`. Sent at once over real HTTP here, the requests must
 * be counted one after the other, whatever the database.
 */
let t: TestApp;
let server: Awaited<ReturnType<TestApp['listen']>>;
let admin: TestClient;
let artist: TestClient;
let artistId = 0;

beforeAll(async () => {
  t = await createTestApp();
  server = await t.listen();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  artistId = (await created(await admin.post('/api/admin/artists', { name: 'Quota Band' }))).id;
  artist = await becomeArtist(t, admin, 'artist@example.com', artistId);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

async function uploadAudio(name: string): Promise<number> {
  if (!artist.cookies.has('XSRF-TOKEN')) await artist.get('/api/v1/genres');
  const form = new FormData();
  form.append('file', new Blob([toneMp3(1)], { type: 'audio/mpeg' }), name);
  const response = await t.app.request('/api/v1/file-entries', { method: 'POST', body: form, headers: headers() });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).fileEntry.id;
}

function headers(client: TestClient = artist): Record<string, string> {
  return {
    Accept: 'application/json',
    Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
  };
}

/** POSTs (the artist's unless another client is named), all sent before any answer comes back. */
async function allAtOnce(path: string, bodies: unknown[], clients: TestClient[] = []) {
  const responses = await Promise.all(
    bodies.map((body, index) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { ...headers(clients[index]), 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    ),
  );
  return Promise.all(responses.map(async (response) => ({ status: response.status, message: ((await response.json()) as { message?: string }).message })));
}

async function setLimit(count: number) {
  const roles = (await (await admin.get('/api/admin/roles?range=[0,100]')).json()) as { id: number; name: string }[];
  const artistsRole = roles.find((role) => role.name === 'artists')!;
  const grants = { permissions: [{ name: 'music.view' }, { name: 'backstageRequests.create' }, { name: 'music.create', restrictions: [{ name: 'count', value: count }] }] };
  expect((await admin.put(`/api/admin/roles/${artistsRole.id}/permissions`, grants)).status).toBe(200);
}

const quota = async () => (await (await artist.get('/api/v1/backstage/uploads/quota')).json()) as { limit: number; used: number; remaining: number };
const trackCount = async () => Number((await admin.get(`/api/admin/tracks?filter=${encodeURIComponent(JSON.stringify({ artist_ids: [artistId] }))}&range=[0,0]`)).headers.get('Content-Range')?.split('/')[1]);
const OVER = { status: 403, message: 'You have reached the number of tracks you may upload.' };

it('three imports sent at once with one upload left: one track, two refusals', async () => {
  await setLimit(1);
  expect(await quota()).toEqual({ limit: 1, used: 0, remaining: 1 });
  const files = [await uploadAudio('One.mp3'), await uploadAudio('Two.mp3'), await uploadAudio('Three.mp3')];

  const answers = await allAtOnce(
    '/api/v1/backstage/tracks/import',
    files.map((fileEntryId) => ({ fileEntryId, artist_id: artistId })),
  );
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  expect(answers.filter((answer) => answer.status !== 201)).toEqual([OVER, OVER]);
  expect(await quota()).toEqual({ limit: 1, used: 1, remaining: 0 });
  expect(await trackCount()).toBe(1);
});

it('the same for tracks made in the backstage form', async () => {
  await setLimit(2);
  const files = [await uploadAudio('Four.mp3'), await uploadAudio('Five.mp3'), await uploadAudio('Six.mp3')];

  const answers = await allAtOnce(
    '/api/v1/backstage/tracks',
    files.map((file_entry_id, index) => ({ name: `Form ${index}`, artist_id: artistId, file_entry_id })),
  );
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  expect(answers.filter((answer) => answer.status !== 201)).toEqual([OVER, OVER]);
  expect(await quota()).toEqual({ limit: 2, used: 2, remaining: 0 });
  expect(await trackCount()).toBe(2);
});

it('one file imported three times at once becomes one track', async () => {
  await setLimit(10);
  const file = await uploadAudio('Once.mp3');
  const answers = await allAtOnce('/api/v1/backstage/tracks/import', [1, 2, 3].map(() => ({ fileEntryId: file, artist_id: artistId })));
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  expect(await trackCount()).toBe(3);
});

it("one file imported at once by its uploader and by the back office becomes one track", async () => {
  await setLimit(10);
  if (!admin.cookies.has('XSRF-TOKEN')) await admin.get('/api/v1/genres');
  const file = await uploadAudio('Both.mp3');
  const [fromBackstage, fromBackOffice] = await Promise.all([
    allAtOnce('/api/v1/backstage/tracks/import', [{ fileEntryId: file, artist_id: artistId }]),
    allAtOnce('/api/v1/tracks/import', [{ fileEntryId: file }], [admin]),
  ]);
  expect([fromBackstage[0].status, fromBackOffice[0].status].sort()).toEqual([201, 409]);
  // Whichever won files it under its own artist (the back office under the file's tags), so count the file's tracks.
  expect(await t.db.selectFrom('tracks').select('id').where('file_entry_id', '=', file).execute()).toHaveLength(1);
});
