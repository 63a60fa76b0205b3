import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeResourceCases, providerOf, refusal, type Case, type Provider } from '../support/admin-provider.ts';

/**
 * The catalogue and content sections of the back office, driven through the same data provider
 * the back office uses (ra-data-simple-rest), against the real API on a real database.
 */

let t: TestApp;
let adminClient: TestClient;
let listenerClient: TestClient;
let admin: Provider;
let listener: Provider;
let guest: Provider;
let listenerId: number;

beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  adminClient = await t.loggedIn('admin@example.com', ['admin']);
  listenerClient = await t.loggedIn('listener@example.com', ['users']);
  listenerId = (await (await listenerClient.get('/api/v1/users/me')).json()).user.id;
  admin = providerOf(adminClient);
  listener = providerOf(listenerClient);
  guest = providerOf(t.client());
  // Comments and backstage requests are written by listeners on the site.
  for (const [track, content] of [[1, 'Lovely intro'], [1, 'Spam spam spam'], [2, '100% great_track']] as const) {
    const response = await listenerClient.post(`/api/v1/tracks/${track}/comments`, { content });
    expect(response.status).toBe(201);
  }
  for (const artist_name of ['The Listeners', 'Friday Band']) {
    const request = await listenerClient.post('/api/v1/backstage-requests', { artist_name, role: 'artist', message: 'We play on Fridays.', proof_url: 'https://social.example.com/@listeners' });
    expect(request.status).toBe(201);
  }
  expect((await adminClient.post('/api/admin/custom-pages', { title: 'Terms', slug: 'terms', body: '<p>Be kind.</p>' })).status).toBe(201);
});
afterAll(() => t.close());

const CASES: Case[] = [
  {
    resource: 'channels',
    sort: 'name',
    filter: { content_source: 'manual' },
    secret: 'content_options',
    create: () => ({ name: 'Staff picks', slug: 'staff-picks', content_model: 'album', content_source: 'manual', layout: 'grid', items_limit: 10, items: [3, 1] }),
    update: { name: 'Staff favourites', items: [2, 3, 1] },
  },
  {
    resource: 'playlists',
    sort: 'tracks_count',
    filter: { public: true },
    secret: 'plays_secret',
    create: () => ({ name: 'Editorial mix', owner_id: listenerId, description: 'Made in the back office', public: false }),
    update: { name: 'Editorial mix, renamed', public: true },
  },
  {
    resource: 'lyrics',
    sort: 'track_id',
    filter: { is_synced: true },
    secret: 'text_hash',
    create: () => ({ track_id: 300, text: '[00:01.00] First line\n[00:03.50] Second line', is_synced: true }),
    update: { text: 'Plain words now', is_synced: false },
  },
  {
    resource: 'comments',
    sort: 'created_at',
    filter: { track_id: 1 },
    secret: 'user_email',
    update: { content: 'Lovely intro (edited by a moderator)' },
    // "100% great_track" is the one comment that holds these characters for real.
    wildcardMatches: { '%': 1, '_': 1 },
  },
  {
    resource: 'tags',
    sort: 'tracks_count',
    filter: { q: 'night' },
    secret: 'secret',
    create: () => ({ name: 'Sunday Morning', display_name: 'Sunday morning' }),
    update: { display_name: 'Sunday mornings' },
  },
  {
    resource: 'custom-pages',
    sort: 'title',
    filter: {},
    secret: 'body',
    create: () => ({ title: 'About us', slug: 'about-us', body: '<h2>Hello</h2><p>We stream music.</p>' }),
    update: { title: 'About Cadence' },
  },
  {
    resource: 'localizations',
    sort: 'language',
    filter: { language: 'en' },
    secret: 'lines',
    create: () => ({ name: 'French', language: 'fr', lines: { Search: 'Rechercher' } }),
    update: { name: 'Français', lines: { Search: 'Rechercher', Home: 'Accueil' } },
  },
  {
    resource: 'backstage-requests',
    sort: 'status',
    filter: { status: 'pending' },
    secret: 'reviewed_secret',
    update: {},
  },
];

describeResourceCases(CASES, () => ({ admin, listener, guest }));

describe('channels', () => {
  it('the home page channel can be neither deleted nor renamed away', async () => {
    const { data: home } = await admin.getList('channels', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: { slug: 'discover' } });
    const deleting = await refusal(admin.delete('channels', { id: home[0].id, previousData: home[0] }));
    expect(deleting).toEqual({ status: 422, body: { message: 'This channel is the home page. Choose another home page in the settings first.' } });
    const renaming = await refusal(admin.update('channels', { id: home[0].id, data: { ...home[0], slug: 'elsewhere' }, previousData: home[0] }));
    expect(renaming.status).toBe(422);
    expect(renaming.body?.errors?.slug).toBe('This channel is the home page. Choose another home page in the settings first.');
    expect((await t.client().get('/api/v1/channel/discover')).status).toBe(200);
  });

  it('keeps hand-picked items in order, and the site shows them so', async () => {
    const albums = await admin.getList('albums', { pagination: { page: 1, perPage: 3 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    const [a, b, c] = albums.data.map((album) => album.id);
    const { data: channel } = await admin.create('channels', { data: { name: 'Hand picked', slug: 'hand-picked', content_model: 'album', content_source: 'manual', items: [c, a] } });
    expect(channel.items).toEqual([c, a]);
    let shown = await (await t.client().get('/api/v1/channel/hand-picked')).json();
    expect(shown.channel.content.data.map((album: { id: number }) => album.id)).toEqual([c, a]);

    // Reordering and adding, as the back office's list of items does.
    await admin.update('channels', { id: channel.id, data: { ...channel, items: [a, b, c] }, previousData: channel });
    shown = await (await t.client().get(`/api/v1/channel/${channel.id}`)).json();
    expect(shown.channel.content.data.map((album: { id: number }) => album.id)).toEqual([a, b, c]);
    expect((await admin.getOne('channels', { id: channel.id })).data.items_count).toBe(3);
  });

  it('refuses items that do not exist, itself as an item, sources that cannot list the model and taken addresses', async () => {
    const missing = await refusal(admin.create('channels', { data: { name: 'Broken', slug: 'broken', content_model: 'track', items: [1, 987654] } }));
    expect(missing.status).toBe(422);
    expect(missing.body?.errors?.items).toBe('No track has the id 987654.');

    const { data: nest } = await admin.create('channels', { data: { name: 'Nest', slug: 'nest', content_model: 'channel' } });
    const loop = await refusal(admin.update('channels', { id: nest.id, data: { items: [nest.id] }, previousData: nest }));
    expect(loop.body?.errors?.items).toBe('A channel cannot contain itself.');

    const genreArtists = await refusal(admin.create('channels', { data: { name: 'x', slug: 'genre-artists', content_model: 'artist', content_source: 'genre' } }));
    expect(genreArtists.body?.errors?.content_source).toBe('A genre channel can list tracks, albums.');

    const reserved = await refusal(admin.create('channels', { data: { name: 'Library', slug: 'library', content_model: 'track' } }));
    expect(reserved.body?.errors?.slug).toBe('This address is taken by a page of the site.');
    const taken = await refusal(admin.create('channels', { data: { name: 'Discover again', slug: 'discover', content_model: 'track' } }));
    expect(taken.body?.errors?.slug).toBe('This slug is already taken.');
    const badSlug = await refusal(admin.create('channels', { data: { name: 'x', slug: '../etc', content_model: 'track' } }));
    expect(badSlug.body?.errors?.slug).toMatch(/lower-case letters/);
  });
});

describe('lyrics', () => {
  it('accepts LRC when synced and says which line is not', async () => {
    const bad = await refusal(admin.create('lyrics', { data: { track_id: 299, text: '[00:01.00] Timed\nNot timed at all', is_synced: true } }));
    expect(bad.status).toBe(422);
    expect(bad.body?.errors?.text).toBe('Line 2 has no time stamp. Synced lyrics are LRC: each line starts with [mm:ss.xx].');
    // The same words are fine as plain lyrics, and LRC tags are not lyrics lines.
    const { data } = await admin.create('lyrics', { data: { track_id: 299, text: '[ar:Someone]\n[00:01.00] Timed\n[00:02.00][00:09.00] Chorus', is_synced: true } });
    const shown = await (await t.client().get('/api/v1/tracks/299/lyrics')).json();
    expect(shown.lyrics ?? shown).toMatchObject({ is_synced: true });

    // Marking plain text as synced is checked against the stored text.
    const { data: plain } = await admin.update('lyrics', { id: data.id, data: { text: 'Just words', is_synced: false }, previousData: data });
    expect((await refusal(admin.update('lyrics', { id: data.id, data: { is_synced: true }, previousData: plain }))).body?.errors?.text).toMatch(/Line 1 has no time stamp/);

    const duplicate = await refusal(admin.create('lyrics', { data: { track_id: 299, text: 'Again' } }));
    expect(duplicate.body?.errors?.track_id).toBe('This track already has lyrics: edit them instead.');
    const noTrack = await refusal(admin.create('lyrics', { data: { track_id: 999999, text: 'Nobody sings this' } }));
    expect(noTrack.body?.errors?.track_id).toMatch(/999999/);
  });
});

describe('comments', () => {
  it('moderation: filter by user, bulk delete, and the track page no longer shows them', async () => {
    const mine = await admin.getList('comments', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { user_id: listenerId, track_id: 1 } });
    expect(mine.data.every((comment) => comment.user_id === listenerId && comment.track_id === 1)).toBe(true);
    const spam = await admin.getList('comments', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'spam' } });
    expect(spam.data.map((comment) => comment.content)).toEqual(['Spam spam spam']);

    const extra = await (await listenerClient.post('/api/v1/tracks/1/comments', { content: 'More spam' })).json();
    const ids = [spam.data[0].id, (extra.comment ?? extra).id];
    await admin.deleteMany('comments', { ids });
    const page = await (await t.client().get('/api/v1/tracks/1/comments')).json();
    const contents = page.pagination.data.map((comment: { content: string }) => comment.content);
    expect(contents).not.toContain('Spam spam spam');
    expect(contents).not.toContain('More spam');
  });
});

describe('tags', () => {
  it('keeps names unique whatever their case, and counts tracks and albums', async () => {
    const duplicate = await refusal(admin.create('tags', { data: { name: 'CHILL' } }));
    expect(duplicate.body?.errors?.name).toBe('This name is already taken.');
    const { data } = await admin.getList('tags', { pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' }, filter: { name: 'chill' } });
    expect(data[0]).toMatchObject({ name: 'chill' });
    expect(data[0].tracks_count).toBeGreaterThan(0);
    expect(data[0].albums_count).toBeGreaterThan(0);
    expect((await refusal(admin.create('tags', { data: { name: 'a/b' } }))).status).toBe(422);
  });
});

describe('custom pages', () => {
  it('are sanitised when saved and when served, and public by id or slug', async () => {
    const { data } = await admin.create('custom-pages', {
      data: {
        title: 'Privacy',
        slug: 'privacy',
        body: '<h2 onclick="steal()">Your data</h2><script>alert(1)</script><p>Read <a href="javascript:alert(2)">this</a> and <a href="https://example.com" target="_blank">that</a>.</p><img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe>',
      },
    });
    const stored = (await admin.getOne('custom-pages', { id: data.id })).data.body as string;
    expect(stored).toBe('<h2>Your data</h2><p>Read <a>this</a> and <a href="https://example.com" target="_blank" rel="noopener noreferrer">that</a>.</p><img src="x" />');
    const styled = await admin.update('custom-pages', {
      id: data.id,
      data: { body: '<p style="text-align: center; position: fixed; color: #c00; background-image: url(https://evil.example/x)">Centred</p>' },
      previousData: data,
    });
    expect(styled.data.body).toBe('<p style="text-align:center;color:#c00">Centred</p>');
    // Lists leave the body out.
    const list = await admin.getList('custom-pages', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'priv' } });
    expect(list.data[0]).not.toHaveProperty('body');

    // A body written around the back office is cleaned on the way out too.
    await t.db.updateTable('custom_pages').set({ body: '<p>Hi</p><script>alert(4)</script>' }).where('id', '=', data.id).execute();
    for (const address of ['privacy', String(data.id)]) {
      const response = await t.client().get(`/api/v1/custom-pages/${address}`);
      expect(response.status).toBe(200);
      expect((await response.json()).page).toMatchObject({ id: data.id, title: 'Privacy', slug: 'privacy', body: '<p>Hi</p>' });
    }
    expect((await t.client().get('/api/v1/custom-pages/nothing-here')).status).toBe(404);
    expect((await t.client().get('/api/v1/custom-pages/..%2Fetc')).status).toBe(422);
    const taken = await refusal(admin.create('custom-pages', { data: { title: 'Again', slug: 'privacy' } }));
    expect(taken.body?.errors?.slug).toBe('This slug is already taken.');
  });
});

describe('localizations', () => {
  it('stores translated lines, drops empty ones, and the chosen language uses them', async () => {
    const { data } = await admin.create('localizations', { data: { name: 'German', language: 'de', lines: { Search: 'Suchen', Home: '  ' } } });
    expect(data.lines).toEqual({ Search: 'Suchen' });
    const strings = await (await adminClient.get('/api/admin/ui-strings')).json();
    expect(strings.strings).toContain('Search');
    // Lines say where they show: the site, the back office (react-admin's own included), or both.
    expect(strings.places['Page not found']).toEqual(['site']);
    expect(strings.places['Track |||| Tracks']).toEqual(['admin']);
    expect(strings.places['Translations saved.']).toEqual(['admin']);
    expect(strings.places.Save).toEqual(['site', 'admin']);
    expect((await listenerClient.get('/api/admin/ui-strings')).status).toBe(403);

    expect((await listenerClient.post('/api/v1/users/me/locale', { locale: 'de' })).status).toBe(200);
    const bad = await refusal(admin.create('localizations', { data: { name: 'Bad', language: 'de"; --' } }));
    expect(bad.body?.errors?.language).toMatch(/language code/);
    const duplicate = await refusal(admin.create('localizations', { data: { name: 'German again', language: 'de' } }));
    expect(duplicate.body?.errors?.language).toBe('This language is already taken.');

    const english = await admin.getList('localizations', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: { language: 'en' } });
    const refused = await refusal(admin.delete('localizations', { id: english.data[0].id, previousData: english.data[0] }));
    expect(refused.status).toBe(422);
    expect(refused.body?.message).toMatch(/English is the source language/);
  });
});

describe('ads', () => {
  it('reads and writes the code of each ad slot, for settings managers only', async () => {
    const before = await (await adminClient.get('/api/admin/ads')).json();
    expect(before).toEqual({ 'ads.general_top': '', 'ads.general_bottom': '', 'ads.artist_top': '', 'ads.artist_bottom': '', 'ads.album_above': '', 'ads.disable': false });
    const saved = await adminClient.put('/api/admin/ads', { 'ads.general_top': '<div class="banner">Ad</div>', 'ads.disable': true });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ 'ads.general_top': '<div class="banner">Ad</div>', 'ads.disable': true, 'ads.album_above': '' });

    expect((await adminClient.put('/api/admin/ads', { 'ads.disable': 'yes' })).status).toBe(422);
    expect((await adminClient.put('/api/admin/ads', { 'branding.site_name': 'Hijacked' })).status).toBe(422);
    expect((await adminClient.put('/api/admin/ads', { 'ads.general_top': 'x'.repeat(20001) })).status).toBe(422);
    expect((await listenerClient.get('/api/admin/ads')).status).toBe(403);
    expect((await listenerClient.put('/api/admin/ads', { 'ads.disable': false })).status).toBe(403);
    expect((await t.client().get('/api/admin/ads')).status).toBe(401);
    await adminClient.put('/api/admin/ads', { 'ads.general_top': '', 'ads.disable': false });
  });
});

describe('backstage requests', () => {
  it('a listener asks, an admin approves: the user manages the artist and may upload', async () => {
    const artist = await t.loggedIn('claimer@example.com', ['users']);
    // A verified artist cannot be claimed: an unverified one is.
    const claimed = await admin.getList('artists', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: { verified: false } });
    const response = await artist.post('/api/v1/backstage-requests', { artist_id: claimed.data[0].id, role: 'manager', proof_url: 'https://social.example.com/@claimer' });
    expect(response.status).toBe(201);
    const { request } = await response.json();
    expect(request).toMatchObject({ artist_name: claimed.data[0].name, status: 'pending', role: 'manager' });
    expect((await artist.post('/api/v1/backstage-requests', { artist_id: claimed.data[0].id, role: 'manager', proof_url: 'https://social.example.com/@claimer' })).status).toBe(422);
    expect((await t.client().post('/api/v1/backstage-requests', { artist_name: 'Nobody' })).status).toBe(401);
    expect((await artist.post('/api/v1/backstage-requests', { role: 'artist' })).status).toBe(422);
    expect((await artist.post('/api/v1/backstage-requests', { artist_id: 999999 })).status).toBe(422);

    const me = () => artist.get('/api/v1/users/me').then((r) => r.json());
    expect((await me()).user.permissions.map((p: { name: string }) => p.name)).not.toContain('music.create');
    expect((await listenerClient.post(`/api/admin/backstage-requests/${request.id}/approve`)).status).toBe(403);

    const approved = await adminClient.post(`/api/admin/backstage-requests/${request.id}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: 'approved', artist_id: claimed.data[0].id });
    expect((await me()).user.permissions.map((p: { name: string }) => p.name)).toContain('music.create');
    const link = await t.db.selectFrom('artist_user').selectAll().where('artist_id', '=', claimed.data[0].id).execute();
    expect(link).toMatchObject([{ role: 'manager' }]);
    expect((await adminClient.post(`/api/admin/backstage-requests/${request.id}/deny`)).status).toBe(409);
  });

  it('approving a request for a new artist creates the artist; denying changes nothing else', async () => {
    const first = await (await listenerClient.post('/api/v1/backstage-requests', { artist_name: 'Brand New Band', proof_url: 'https://social.example.com/@brand-new' })).json();
    const second = await (await listenerClient.post('/api/v1/backstage-requests', { artist_name: 'Another Band', proof_url: 'https://social.example.com/@another' })).json();
    const approved = await (await adminClient.post(`/api/admin/backstage-requests/${first.request.id}/approve`)).json();
    const artist = await admin.getOne('artists', { id: approved.artist_id });
    expect(artist.data.name).toBe('Brand New Band');

    const denied = await (await adminClient.post(`/api/admin/backstage-requests/${second.request.id}/deny`)).json();
    expect(denied).toMatchObject({ status: 'denied', artist_id: null });
    const pending = await admin.getList('backstage-requests', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' }, filter: { status: 'pending' } });
    expect(pending.data.map((r) => r.id)).not.toContain(second.request.id);
    const mine = await (await listenerClient.get('/api/v1/backstage-requests')).json();
    expect(mine.requests.map((r: { status: string }) => r.status)).toEqual(expect.arrayContaining(['approved', 'denied']));
    expect((await adminClient.post('/api/admin/backstage-requests/999999/approve')).status).toBe(404);
  });
});
