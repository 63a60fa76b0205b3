import { createTestApp, taggedMp3, type TestApp, type TestClient } from '@app/api/testing';
import * as permissionsRepository from '@app/db/permissions/permissions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { becomeArtist, created } from '../support/backstage-contract.ts';

/**
 * The back office's import files a track under the artists its tags name and publishes it at once.
 * An artist refused on another artist's backstage page uploaded a file tagged with that artist's
 * name and imported it there: 201, a published track on someone else's profile. That import is the
 * back office's, for those who manage all music; an artist's own uploads go through backstage
 * (their own artist, drafts).
 */
let t: TestApp;
let admin: TestClient;
let artist: TestClient;
const ids = { own: 0, victim: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  ids.own = (await created(await admin.post('/api/admin/artists', { name: 'Own Band' }))).id;
  ids.victim = (await created(await admin.post('/api/admin/artists', { name: 'Victim Band' }))).id;
  artist = await becomeArtist(t, admin, 'artist@example.com', ids.own);
  await permissionsRepository.ensureRole(t.db, { name: 'uploaders', description: 'The back office, uploads but not the catalogue.', permissions: ['admin.access', 'music.view', 'music.create'] });
});
afterAll(() => t.close());

async function upload(client: TestClient, name: string, artistName: string): Promise<number> {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/v1/genres');
  const form = new FormData();
  form.append('file', new Blob([taggedMp3({ title: name, artists: [artistName], album: `${name} EP` }, 1)], { type: 'audio/mpeg' }), `${name}.mp3`);
  const response = await t.app.request('/api/v1/file-entries', {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json', Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? '') },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).fileEntry.id;
}

const tracksOf = async (artistId: number) =>
  (await (await admin.get(`/api/admin/tracks?filter=${encodeURIComponent(JSON.stringify({ artist_ids: [artistId] }))}&range=[0,100]`)).json()) as { name: string; published: number }[];

it("an artist cannot put a track on another artist's profile through the back office's import", async () => {
  expect((await artist.get(`/api/v1/backstage/artists/${ids.victim}`)).status).toBe(403);
  const file = await upload(artist, 'Hijack', 'Victim Band');
  const response = await artist.post('/api/v1/tracks/import', { fileEntryId: file });
  expect(response.status).toBe(403);
  expect(await tracksOf(ids.victim)).toEqual([]);
  expect(await (await t.client().get(`/api/v1/artists/${ids.victim}?with=topTracks`)).json()).toMatchObject({ artist: { top_tracks: [] } });

  // Backstage takes the same file, for their own artist only, as a draft whatever the tags say.
  expect((await artist.post('/api/v1/backstage/tracks/import', { fileEntryId: file, artist_id: ids.victim })).status).toBe(403);
  const own = await artist.post('/api/v1/backstage/tracks/import', { fileEntryId: file, artist_id: ids.own });
  expect(own.status, await own.clone().text()).toBe(201);
  expect((await own.json()).track).toMatchObject({ name: 'Hijack', published: false, artist_ids: [ids.own] });
  expect(await tracksOf(ids.victim)).toEqual([]);
});

it('the back office door alone is not enough: filing under any artist takes managing all music', async () => {
  const uploader = await t.loggedIn('uploader@example.com', ['uploaders']);
  const response = await uploader.post('/api/v1/tracks/import', { fileEntryId: await upload(uploader, 'Side Door', 'Victim Band') });
  expect(response.status).toBe(403);
  expect(await tracksOf(ids.victim)).toEqual([]);
  expect((await t.client().post('/api/v1/tracks/import', { fileEntryId: 1 })).status).toBe(401);
});

it('an admin still imports from the tags, published', async () => {
  const response = await admin.post('/api/v1/tracks/import', { fileEntryId: await upload(admin, 'Label Release', 'Victim Band') });
  expect(response.status, await response.clone().text()).toBe(201);
  expect(await tracksOf(ids.victim)).toEqual([expect.objectContaining({ name: 'Label Release', published: 1 })]);
});
