import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

let t: TestApp;
/** A short track (20 s: half is 10 s) with two artists, and a 4-minute one with one artist. */
let short: number;
let long: number;
let album: number;
let artists: number[];

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

beforeAll(async () => {
  t = await createTestApp();
  artists = [];
  for (const name of ['First Artist', 'Second Artist']) {
    artists.push((await t.db.insertInto('artists').values({ name, image: null, description: null }).returning('id').executeTakeFirstOrThrow()).id);
  }
  album = (await t.db.insertInto('albums').values({ name: 'Record', image: null, description: null, release_date: null }).returning('id').executeTakeFirstOrThrow()).id;
  const track = (name: string, duration: number) =>
    t.db.insertInto('tracks').values({ name, duration, album_id: album, number: 1, file_entry_id: null, src: null, description: null }).returning('id').executeTakeFirstOrThrow();
  short = (await track('Short', 20_000)).id;
  long = (await track('Long', 240_000)).id;
  await t.db.insertInto('track_artist').values([{ track_id: short, artist_id: artists[0] }, { track_id: short, artist_id: artists[1] }, { track_id: long, artist_id: artists[0] }]).execute();
});
afterAll(() => t.close());

const counters = async (trackId: number) => ({
  track: (await t.db.selectFrom('tracks').select('plays').where('id', '=', trackId).executeTakeFirstOrThrow()).plays,
  album: (await t.db.selectFrom('albums').select('plays').where('id', '=', album).executeTakeFirstOrThrow()).plays,
  artists: (await t.db.selectFrom('artists').select('plays').where('id', 'in', artists).orderBy('id').execute()).map((a) => a.plays),
});

/** A guest request from a given address, as the Node server would see it. */
const fromAddress = async (ip: string, path: string, userAgent = CHROME_ANDROID) => {
  const page = await t.app.request('/api/v1/genres');
  const token = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('Set-Cookie') ?? '')![1];
  return t.app.request(
    path,
    { method: 'POST', headers: { Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': decodeURIComponent(token), 'User-Agent': userAgent } },
    { incoming: { socket: { remoteAddress: ip } } },
  );
};

describe('lyrics', () => {
  it('serves synced lyrics as timed lines, in time order, without stamps in the text', async () => {
    await t.db.insertInto('lyrics').values({ track_id: short, text: '[ti:Short]\n[00:05.00]Second line\n[00:01.50][00:09.00]Refrain', is_synced: 1 }).execute();
    const response = await t.client().get(`/api/v1/tracks/${short}/lyrics`);
    expect(response.status).toBe(200);
    expect((await response.json()).lyrics).toEqual({
      text: 'Refrain\nSecond line\nRefrain',
      is_synced: true,
      lines: [
        { time_ms: 1500, text: 'Refrain' },
        { time_ms: 5000, text: 'Second line' },
        { time_ms: 9000, text: 'Refrain' },
      ],
    });
  });

  it('serves plain lyrics as text, without lines', async () => {
    await t.db.insertInto('lyrics').values({ track_id: long, text: 'Plain words\n<b>not markup</b>\n', is_synced: 0 }).execute();
    const body = await (await t.client().get(`/api/v1/tracks/${long}/lyrics`)).json();
    expect(body.lyrics).toEqual({ text: 'Plain words\n<b>not markup</b>', is_synced: false });
    await t.db.deleteFrom('lyrics').where('track_id', '=', long).execute();
  });

  it('answers 404 with a clear message when a track has none or does not exist, 422 for a bad id', async () => {
    const none = await t.client().get(`/api/v1/tracks/${long}/lyrics`);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ message: 'This track has no lyrics.' });
    const missing = await t.client().get('/api/v1/tracks/987654/lyrics');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('This track does not exist.');
    expect((await t.client().get('/api/v1/tracks/abc/lyrics')).status).toBe(422);
  });
});

describe('play counting', () => {
  it('records a guest play with device, platform and browser from the User-Agent, and bumps track, album and artists', async () => {
    const before = await counters(short);
    const response = await fromAddress('198.51.100.7', `/api/v1/tracks/${short}/plays`);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ counted: true });
    expect(await counters(short)).toEqual({ track: before.track + 1, album: before.album + 1, artists: before.artists.map((n) => n + 1) });
    const play = await t.db.selectFrom('plays').selectAll().where('track_id', '=', short).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(play).toMatchObject({ user_id: null, ip_address: '198.51.100.7', device: 'mobile', platform: 'Android', browser: 'Chrome' });
  });

  it('ignores, with 200, the same listener counting the same track again within the window', async () => {
    const before = await counters(short);
    const again = await fromAddress('198.51.100.7', `/api/v1/tracks/${short}/plays`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ counted: false });
    expect(await counters(short)).toEqual(before);

    // Another listener, or the same one on another track, still counts.
    expect((await fromAddress('198.51.100.8', `/api/v1/tracks/${short}/plays`, FIREFOX_WINDOWS)).status).toBe(201);
    expect((await fromAddress('198.51.100.7', `/api/v1/tracks/${long}/plays`)).status).toBe(201);
    expect((await counters(short)).track).toBe(before.track + 1);
  });

  it('counts again once the window (half of a 20 s track) has passed', async () => {
    await t.db.updateTable('plays').set({ created_at: new Date(Date.now() - 11_000).toISOString() }).where('ip_address', '=', '198.51.100.7').execute();
    expect((await fromAddress('198.51.100.7', `/api/v1/tracks/${short}/plays`)).status).toBe(201);
    // The long track's window is 30 s, not half of four minutes.
    expect((await fromAddress('198.51.100.7', `/api/v1/tracks/${long}/plays`)).status).toBe(200);
  });

  it('ties a logged-in play to the user, whatever address it comes from, and ignores the body', async () => {
    const listener = await t.loggedIn('listener@example.com');
    const first = await listener.post(`/api/v1/tracks/${long}/plays`, { user_id: 1, device: 'forged', counted: 99 }, { headers: { 'User-Agent': FIREFOX_WINDOWS } });
    expect(first.status).toBe(201);
    const me = (await (await listener.get('/api/v1/users/me')).json()).user.id;
    const play = await t.db.selectFrom('plays').selectAll().where('track_id', '=', long).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(play).toMatchObject({ user_id: me, device: 'desktop', platform: 'Windows', browser: 'Firefox' });
    expect((await listener.post(`/api/v1/tracks/${long}/plays`)).status).toBe(200);
  });

  it('answers 404 for an unknown track, 422 for a bad id, 419 without the XSRF token', async () => {
    const missing = await t.client().post('/api/v1/tracks/987654/plays');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('This track does not exist.');
    expect((await t.client().post('/api/v1/tracks/0/plays')).status).toBe(422);
    expect((await t.client().post(`/api/v1/tracks/${short}/plays`, undefined, { withoutXsrf: true })).status).toBe(419);
  });

  it('needs music.view: without it guests get 401 for lyrics and plays', async () => {
    const guestRole = await t.db.selectFrom('roles').select('id').where('guests', '=', 1).executeTakeFirstOrThrow();
    const permission = await t.db.selectFrom('permissions').select('id').where('name', '=', 'music.view').executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_permission').where('role_id', '=', guestRole.id).where('permission_id', '=', permission.id).execute();
    try {
      expect((await t.client().get(`/api/v1/tracks/${short}/lyrics`)).status).toBe(401);
      expect((await t.client().post(`/api/v1/tracks/${short}/plays`)).status).toBe(401);
    } finally {
      await t.db.insertInto('role_permission').values({ role_id: guestRole.id, permission_id: permission.id }).execute();
    }
  });
});
