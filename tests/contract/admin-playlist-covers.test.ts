import { createTestApp, pngImage, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerOf, type Provider } from '../support/admin-provider.ts';

/**
 * A playlist's uploaded cover is a file on disk with a file entry: deleting the playlist, on the
 * site or in the back office (one or many at once), takes both with it.
 */

let t: TestApp;
let owner: TestClient;
let admin: Provider;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.loggedIn('owner@example.com');
  admin = providerOf(await t.loggedIn('admin@example.com', ['admin']));
});
afterAll(() => t.close());

/** Whether the cover's bytes are in storage (a folder, or a bucket with TEST_STORAGE=s3). */
const stored = async (key: string) => (await t.storage.size('public', key)) !== undefined;

async function playlistWithCover(name: string): Promise<{ id: number; image: string; file: string }> {
  const created = await owner.post('/api/v1/playlists', { name });
  expect(created.status).toBe(201);
  const { id } = (await created.json()).playlist;
  const form = new FormData();
  form.append('file', new File([pngImage()], 'cover.png'));
  const xsrf = decodeURIComponent(owner.cookies.get('XSRF-TOKEN') ?? '');
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const uploaded = await t.app.request(`/api/v1/playlists/${id}/image`, { method: 'POST', body: form, headers: { Cookie: cookie, 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' } });
  expect(uploaded.status).toBe(200);
  const image = (await uploaded.json()).playlist.image as string;
  const file = image.slice('/uploads/'.length);
  expect(await stored(file)).toBe(true);
  return { id, image, file };
}

const entryCount = async (image: string) =>
  Number((await t.db.selectFrom('file_entries').select((eb) => eb.fn.countAll().as('n')).where('file_name', '=', image.slice('/uploads/'.length)).executeTakeFirstOrThrow()).n);

describe('uploaded playlist covers', () => {
  it('go with their playlist when the back office deletes it', async () => {
    const cover = await playlistWithCover('Deleted in the back office');
    expect(await entryCount(cover.image)).toBe(1);
    await admin.delete('playlists', { id: cover.id, previousData: { id: cover.id } });
    expect(await stored(cover.file)).toBe(false);
    expect(await entryCount(cover.image)).toBe(0);
    expect((await t.app.request(cover.image)).status).toBe(404);
  });

  it('go with their playlists when the back office deletes several at once', async () => {
    const covers = [await playlistWithCover('Bulk one'), await playlistWithCover('Bulk two')];
    await admin.deleteMany('playlists', { ids: covers.map((cover) => cover.id) });
    for (const cover of covers) {
      expect(await stored(cover.file)).toBe(false);
      expect(await entryCount(cover.image)).toBe(0);
    }
  });

  it('go with their playlist when the owner deletes it on the site', async () => {
    const cover = await playlistWithCover('Deleted by its owner');
    expect((await owner.delete(`/api/v1/playlists/${cover.id}`)).status).toBe(200);
    expect(await stored(cover.file)).toBe(false);
    expect(await entryCount(cover.image)).toBe(0);
  });

  it('are removed when the back office changes the cover address, and kept while another playlist shows them', async () => {
    const cover = await playlistWithCover('Shared cover');
    const borrower = await playlistWithCover('Borrows the cover');
    await admin.update('playlists', { id: borrower.id, data: { image: cover.image }, previousData: { id: borrower.id } });
    // The borrower's own upload is no longer shown anywhere.
    expect(await stored(borrower.file)).toBe(false);

    await admin.delete('playlists', { id: cover.id, previousData: { id: cover.id } });
    expect(await stored(cover.file)).toBe(true);
    await admin.update('playlists', { id: borrower.id, data: { image: '/images/default-cover.png' }, previousData: { id: borrower.id } });
    expect(await stored(cover.file)).toBe(false);
    expect(await entryCount(cover.image)).toBe(0);
  });

  it('are never looked for outside the covers the server named', async () => {
    const created = await owner.post('/api/v1/playlists', { name: 'Points elsewhere' });
    const { id } = (await created.json()).playlist;
    const bystander = 'keep-me.png';
    await t.storage.put('public', 'keep-me.png', pngImage());
    await admin.update('playlists', { id, data: { image: '/uploads/playlist-../keep-me.png' }, previousData: { id } });
    await admin.delete('playlists', { id, previousData: { id } });
    expect(await stored(bystander)).toBe(true);
  });
});
