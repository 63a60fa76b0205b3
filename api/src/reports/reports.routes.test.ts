import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as reportsRepository from '@app/db/reports/reports';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  admin = await t.loggedIn('admin@example.com', ['admin']);
  user = await t.loggedIn('listener@example.com', ['users']);
  const plays = [
    { track_id: 1, day: '2026-03-01', country: 'DE', device: 'mobile', platform: 'Android', browser: 'Chrome', ip: '10.0.0.1' },
    { track_id: 1, day: '2026-03-01', country: 'DE', device: 'desktop', platform: 'Linux', browser: 'Firefox', ip: '10.0.0.2' },
    { track_id: 2, day: '2026-03-03', country: 'FR', device: 'desktop', platform: 'Windows', browser: 'Chrome', ip: '10.0.0.1' },
    // Outside the range asked for below.
    { track_id: 3, day: '2026-02-27', country: 'US', device: 'desktop', platform: 'macOS', browser: 'Safari', ip: '10.0.0.3' },
  ];
  await t.db
    .insertInto('plays')
    .values(plays.map((p) => ({ track_id: p.track_id, country: p.country, device: p.device, platform: p.platform, browser: p.browser, ip_address: p.ip, user_id: null, created_at: `${p.day}T12:00:00.000Z` })))
    .execute();
  for (const [day, visitor, path] of [
    ['2026-03-01', 'a', '/'],
    ['2026-03-01', 'a', '/artist/1/x'],
    ['2026-03-01', 'b', '/'],
    ['2026-03-02', 'a', '/'],
  ]) {
    await reportsRepository.insertPageViews(t.db, [{ path, visitor, user_id: null, device: 'desktop', platform: 'Linux', browser: 'Chrome', country: null, created_at: `${day}T08:00:00.000Z` }]);
  }
});
afterAll(() => t.close());

const range = 'from=2026-03-01&to=2026-03-31';

describe('reports', () => {
  it('guests get 401, users 403', async () => {
    for (const url of [`/api/admin/reports/plays?${range}`, `/api/admin/reports/visitors?${range}`]) {
      expect((await t.client().get(url)).status).toBe(401);
      expect((await user.get(url)).status).toBe(403);
      expect((await admin.get(url)).status).toBe(200);
    }
  });

  it('counts plays per day within the range, with the top tracks, countries, devices and browsers', async () => {
    const report = await (await admin.get(`/api/admin/reports/plays?${range}`)).json();
    expect(report.total).toBe(3);
    expect(report.listeners).toBe(2);
    expect(report.days).toEqual([
      { day: '2026-03-01', count: 2 },
      { day: '2026-03-03', count: 1 },
    ]);
    expect(report.tracks[0]).toMatchObject({ id: 1, count: 2 });
    expect(report.countries).toEqual([
      { label: 'DE', count: 2 },
      { label: 'FR', count: 1 },
    ]);
    expect(report.browsers[0]).toEqual({ label: 'Chrome', count: 2 });
    expect(report.artists.length).toBeGreaterThan(0);
  });

  it('narrows to one track, album or artist for the insights pages', async () => {
    const track = await (await admin.get(`/api/admin/reports/plays?${range}&track_id=2`)).json();
    expect(track.total).toBe(1);
    const { album_id } = await t.db.selectFrom('tracks').select('album_id').where('id', '=', 1).executeTakeFirstOrThrow();
    const album = await (await admin.get(`/api/admin/reports/plays?${range}&album_id=${album_id}`)).json();
    expect(album.tracks.map((r: { id: number }) => r.id)).toContain(1);
    const { artist_id } = await t.db.selectFrom('track_artist').select('artist_id').where('track_id', '=', 1).executeTakeFirstOrThrow();
    const artist = await (await admin.get(`/api/admin/reports/plays?${range}&artist_id=${artist_id}`)).json();
    expect(artist.total).toBeGreaterThanOrEqual(2);
  });

  it('counts page views and unique visitors per day', async () => {
    const report = await (await admin.get(`/api/admin/reports/visitors?${range}`)).json();
    expect(report).toMatchObject({ views: 4, visitors: 2 });
    expect(report.days).toEqual([
      { day: '2026-03-01', views: 3, visitors: 2 },
      { day: '2026-03-02', views: 1, visitors: 1 },
    ]);
    expect(report.pages[0]).toEqual({ label: '/', count: 3 });
  });

  it('refuses bad ranges with 422', async () => {
    for (const query of ['from=2026-03-01', 'from=yesterday&to=today', 'from=2026-02-30&to=2026-03-01', 'from=2026-03-05&to=2026-03-01', 'from=2020-01-01&to=2026-01-01', `${range}&track_id=1&album_id=1`, `${range}&track_id=x`]) {
      const response = await admin.get(`/api/admin/reports/plays?${query}`);
      expect(response.status, query).toBe(422);
      expect((await response.json()).message).toBeTruthy();
    }
  });
});
