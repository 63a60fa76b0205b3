import { createTestApp, type TestApp } from '@app/api/testing';
import { afterAll, beforeAll } from 'vitest';
import { describeResourceCases, providerOf, type Case, type Provider } from '../support/admin-provider.ts';

/**
 * The catalogue, people and files sections of the back office, through the data provider the back
 * office uses (ra-data-simple-rest), against the real API on a real database with the demo catalogue.
 */
let t: TestApp;
let admin: Provider;
let listener: Provider;
let guest: Provider;

beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  admin = providerOf(await t.loggedIn('admin@example.com', ['admin']));
  listener = providerOf(await t.loggedIn('listener@example.com', ['users']));
  guest = providerOf(t.client());
});
afterAll(() => t.close());

const CASES: Case[] = [
  {
    resource: 'tracks',
    sort: 'plays',
    filter: { album_id: 1 },
    secret: 'file_entry_id',
    create: () => ({ name: 'Contract track', album_id: 1, number: 99, artist_ids: [1] }),
    update: { name: 'Contract track, renamed' },
  },
  {
    resource: 'albums',
    sort: 'release_date',
    filter: { type: 'album' },
    secret: 'description',
    create: () => ({ name: 'Contract album', type: 'ep', release_date: '2026-11-01', artist_ids: [2] }),
    update: { name: 'Contract album, renamed' },
  },
  {
    resource: 'artists',
    sort: 'albums_count',
    filter: { verified: true },
    secret: 'description',
    create: () => ({ name: 'Contract Artist', verified: false }),
    update: { verified: true },
  },
  {
    resource: 'genres',
    sort: 'tracks_count',
    filter: { name: 'o' },
    secret: 'image',
    create: () => ({ name: 'contract-genre', display_name: 'Contract' }),
    update: { display_name: 'Contract genre' },
  },
  {
    resource: 'users',
    sort: 'email',
    filter: { email: 'example.com' },
    secret: 'password',
    create: () => ({ email: `made-${Date.now()}@example.com`, password: 'a-long-password', name: 'Made here' }),
    update: { name: 'Renamed here' },
  },
  {
    resource: 'roles',
    sort: 'name',
    filter: { guests: false },
    secret: 'guests_secret',
    create: () => ({ name: `Curators ${Date.now()}`, description: 'Look after the channels' }),
    update: { description: 'Look after the channels and playlists' },
  },
  {
    resource: 'files',
    sort: 'file_size',
    filter: { extension: 'mp3' },
    secret: 'file_name',
    update: { name: 'renamed-by-admin.mp3' },
  },
];

describeResourceCases(CASES, () => ({ admin, listener, guest }));
