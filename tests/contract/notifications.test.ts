import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureConsole } from '../support/console.ts';
import { startMailServer } from '../support/smtp.ts';

/**
 * Notifications: what each source sends, who may read and mark them, the channel choices (the
 * email channel decides whether a mail goes out), and live delivery over server-sent events.
 */
let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let alice: TestClient;
let bob: TestClient;
let carol: TestClient;
let admin: TestClient;
let guest: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ ...mail.env, APP_URL: 'https://music.example.com' });
  [alice, bob, carol, admin] = await Promise.all([
    t.loggedIn('alice@example.com'),
    t.loggedIn('bob@example.com'),
    t.loggedIn('carol@example.com'),
    t.loggedIn('admin@example.com', ['admin']),
  ]);
  for (const row of await t.db.selectFrom('users').select(['id', 'email']).execute()) ids[row.email.split('@')[0]] = row.id;
  guest = t.client();
  await guest.get('/api/v1/genres');
  captureConsole();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  await mail.close();
});

/** The notification and subscription-set payloads, as much of them as these tests read. */
type NotificationJson = { id: number; type: string; read_at: string | null; data: { inviteId?: string; lines: { content: string; params?: Record<string, string> }[] } };
type Selection = { notif_id: string; channels: Record<string, boolean> };
type SubscriptionGroup = { group_name: string; subscriptions: { notif_id: string; name: string }[] };

const list = async (client: TestClient, page = 1) =>
  (await (await client.get(`/api/v1/notifications?page=${page}`)).json()) as { pagination: { data: NotificationJson[]; total: number; per_page: number; last_page: number }; unreadCount: number };
const unreadInBootstrap = async (client: TestClient) => (await (await client.get('/api/v1/users/me')).json()).user.unread_notifications_count;

describe('who may do what', () => {
  it('guests get 401 on every call', async () => {
    expect((await guest.get('/api/v1/notifications')).status).toBe(401);
    expect((await guest.post('/api/v1/notifications/mark-as-read', {})).status).toBe(401);
    expect((await guest.get('/api/v1/notifications/me/subscriptions')).status).toBe(401);
    expect((await guest.put('/api/v1/notifications/me/subscriptions', { selections: [] })).status).toBe(401);
    expect((await guest.get('/api/v1/notifications/stream')).status).toBe(401);
  });

  it('a new follower notifies the followed user only, once, and mails them', async () => {
    const before = mail.inbox.length;
    expect((await alice.put(`/api/v1/users/me/follows/user/${ids.bob}`)).status).toBeLessThan(300);
    // Following again is no news.
    await alice.put(`/api/v1/users/me/follows/user/${ids.bob}`);
    const bobs = await list(bob);
    expect(bobs.pagination.data).toHaveLength(1);
    expect(bobs.pagination.data[0]).toMatchObject({
      type: 'new_follower',
      read_at: null,
      data: { lines: [{ content: ':name started following you', params: { name: 'alice' } }], mainAction: { action: `/user/${ids.alice}` } },
    });
    expect(bobs.unreadCount).toBe(1);
    expect(await unreadInBootstrap(bob)).toBe(1);
    const sent = await mail.waitFor('bob@example.com', before);
    expect(sent.subject).toBe('alice started following you');
    expect(sent.text).toContain(`https://music.example.com/user/${ids.alice}`);
    // Nobody else sees it.
    expect((await list(alice)).pagination.data).toEqual([]);
    expect((await list(carol)).pagination.data).toEqual([]);
  });

  it('another user cannot mark someone else’s notification read', async () => {
    const [notification] = (await list(bob)).pagination.data;
    const attempt = await carol.post('/api/v1/notifications/mark-as-read', { ids: [notification.id] });
    expect(attempt.status).toBe(200);
    expect(await attempt.json()).toEqual({ unreadCount: 0 });
    expect((await list(bob)).pagination.data[0].read_at).toBeNull();
    expect(await unreadInBootstrap(bob)).toBe(1);

    const marked = await bob.post('/api/v1/notifications/mark-as-read', { ids: [notification.id] });
    expect(await marked.json()).toEqual({ unreadCount: 0 });
    expect((await list(bob)).pagination.data[0].read_at).not.toBeNull();
  });

  it('bad input gets 422 with a message, never 500', async () => {
    for (const body of [{ ids: 'all' }, { ids: [-1] }, { ids: [1.5] }, { ids: ['1'] }, { other: true }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }]) {
      const response = await bob.post('/api/v1/notifications/mark-as-read', body);
      expect(response.status, JSON.stringify(body).slice(0, 50)).toBe(422);
    }
    for (const page of ['0', 'x', '-3', '99999999']) expect((await bob.get(`/api/v1/notifications?page=${page}`)).status).toBe(422);
    const unknown = await bob.put('/api/v1/notifications/me/subscriptions', { selections: [{ notif_id: 'nope', channels: { email: false } }] });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.selections).toBe('Unknown notification "nope".');
    for (const body of [{}, { selections: 'x' }, { selections: [{ notif_id: 'new_follower', channels: { email: 'no' } }] }, { selections: [{ notif_id: 'new_follower', channels: { sms: true } }] }]) {
      expect((await bob.put('/api/v1/notifications/me/subscriptions', body)).status).toBe(422);
    }
    const broken = await bob.post('/api/v1/notifications/mark-as-read', undefined, { rawBody: '{"ids": [', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'Malformed JSON in request body' });
    // No body at all means all of them, as an empty list does.
    expect(await (await bob.post('/api/v1/notifications/mark-as-read')).json()).toEqual({ unreadCount: 0 });
  });
});

describe('pages and marking all read', () => {
  it('lists 30 a page, newest first; mark all read with no ids', async () => {
    const user = await t.loggedIn('popular@example.com');
    const popularId = (await t.db.selectFrom('users').select('id').where('email', '=', 'popular@example.com').executeTakeFirstOrThrow()).id;
    const followers: number[] = [];
    for (let i = 0; i < 31; i++) {
      const follower = await t.loggedIn(`fan${i}@example.com`);
      await follower.put(`/api/v1/users/me/follows/user/${popularId}`);
      followers.push(i);
    }
    const first = await list(user);
    expect(first.pagination).toMatchObject({ per_page: 30, total: 31, last_page: 2 });
    expect(first.pagination.data).toHaveLength(30);
    expect(first.pagination.data[0].data.lines[0].params?.name).toBe('fan30');
    expect((await list(user, 2)).pagination.data.map((n) => n.data.lines[0].params?.name)).toEqual(['fan0']);
    expect(first.unreadCount).toBe(31);
    expect(await (await user.post('/api/v1/notifications/mark-as-read', {})).json()).toEqual({ unreadCount: 0 });
    expect(await unreadInBootstrap(user)).toBe(0);
    expect((await list(user)).pagination.data.every((n) => n.read_at !== null)).toBe(true);
  }, 60_000);
});

describe('channel choices', () => {
  it('offers email and browser for every kind, all on by default; a saved choice stops the mail but keeps the notification', async () => {
    const set = await (await carol.get('/api/v1/notifications/me/subscriptions')).json();
    expect(set.available_channels).toEqual(['email', 'browser']);
    expect(set.subscriptions.flatMap((g: SubscriptionGroup) => g.subscriptions.map((s) => s.notif_id)).sort()).toEqual(
      ['backstage_request_decided', 'comment_reply', 'new_follower', 'payment_failed', 'workspace_invite'],
    );
    expect(set.user_selections.every((s: Selection) => s.channels.email && s.channels.browser)).toBe(true);

    const saved = await carol.put('/api/v1/notifications/me/subscriptions', { selections: [{ notif_id: 'new_follower', channels: { email: false } }] });
    expect(saved.status).toBe(200);
    const selections = (await saved.json()).user_selections;
    expect(selections.find((s: Selection) => s.notif_id === 'new_follower').channels).toEqual({ email: false, browser: true });
    // Another user's choices are their own.
    expect((await (await bob.get('/api/v1/notifications/me/subscriptions')).json()).user_selections.find((s: Selection) => s.notif_id === 'new_follower').channels.email).toBe(true);

    const before = mail.inbox.length;
    await bob.put(`/api/v1/users/me/follows/user/${ids.carol}`);
    expect((await list(carol)).pagination.data[0]).toMatchObject({ type: 'new_follower' });
    // A mail to someone else afterwards proves the mail queue moved on without one to carol.
    await carol.put(`/api/v1/users/me/follows/user/${ids.alice}`);
    await mail.waitFor('alice@example.com', before);
    expect(mail.inbox.slice(before).some((m) => m.to?.some((a) => a.address === 'carol@example.com'))).toBe(false);
  });
});

describe('sources', () => {
  it('a reply to a comment notifies its author, not the replier', async () => {
    const track = await t.db.insertInto('tracks').values({ name: 'Quiet Hours' } as never).returning('id').executeTakeFirstOrThrow();
    const comment = await (await alice.post(`/api/v1/tracks/${track.id}/comments`, { content: 'Lovely bridge' })).json();
    expect(comment.comment).toBeDefined();
    const before = (await list(alice)).pagination.total;
    await alice.post(`/api/v1/tracks/${track.id}/comments`, { content: 'Replying to myself', parent_id: comment.comment.id });
    expect((await list(alice)).pagination.total).toBe(before);
    expect((await carol.post(`/api/v1/tracks/${track.id}/comments`, { content: 'Agreed!', parent_id: comment.comment.id })).status).toBe(201);
    const [reply] = (await list(alice)).pagination.data;
    expect(reply).toMatchObject({
      type: 'comment_reply',
      data: { lines: [{ params: { name: 'carol', track: 'Quiet Hours' } }, { params: { comment: 'Agreed!' } }], mainAction: { action: `/track/${track.id}` } },
    });
  });

  it('a decided backstage request notifies the requester, with the decision mail as its email', async () => {
    const { request } = await (await bob.post('/api/v1/backstage-requests', { artist_name: 'Bob Band', proof_url: 'https://social.example.com/@bob' })).json();
    const before = mail.inbox.length;
    expect((await admin.post(`/api/admin/backstage-requests/${request.id}/deny`)).status).toBe(200);
    const [decided] = (await list(bob)).pagination.data;
    expect(decided).toMatchObject({ type: 'backstage_request_decided', data: { lines: [{ content: 'Your request for :artist was denied', params: { artist: 'Bob Band' } }], mainAction: { action: '/backstage/requests' } } });
    expect((await mail.waitFor('bob@example.com', before)).subject).toBe('Your request for Bob Band was denied');
    expect(mail.inbox.slice(before).filter((m) => m.to?.some((a) => a.address === 'bob@example.com'))).toHaveLength(1);
  });

  it('a workspace invitation to an existing user carries its invite id; joining removes it, a stale one answers 404', async () => {
    const created = await (await alice.post('/api/v1/workspace', { name: 'Late Crew' })).json();
    const before = mail.inbox.length;
    expect((await alice.post(`/api/v1/workspace/${created.workspace.id}/invite`, { emails: ['carol@example.com'], role: 'member' })).status).toBe(200);
    const sent = await mail.waitFor('carol@example.com', before);
    expect(sent.subject).toBe('Join Late Crew on Cadence');
    expect(mail.inbox.slice(before).filter((m) => m.to?.some((a) => a.address === 'carol@example.com'))).toHaveLength(1);
    const [invitation] = (await list(carol)).pagination.data;
    expect(invitation).toMatchObject({ type: 'workspace_invite', data: { lines: [{ params: { name: 'alice', workspace: 'Late Crew' } }] } });
    const inviteId = invitation.data.inviteId as string;
    expect(sent.text).toContain(inviteId);
    // Nobody else can use the id the notification carries.
    expect((await bob.get(`/api/v1/workspace/join/${inviteId}`)).status).toBe(403);
    expect((await carol.get(`/api/v1/workspace/join/${inviteId}`)).status).toBe(200);
    expect((await list(carol)).pagination.data.some((n: NotificationJson) => n.type === 'workspace_invite')).toBe(false);

    // Re-inviting renews the secret: the old notification's invite is no longer valid, and answering it removes it.
    const other = await (await alice.post('/api/v1/workspace', { name: 'Early Crew' })).json();
    await alice.post(`/api/v1/workspace/${other.workspace.id}/invite`, { emails: ['bob@example.com'], role: 'member' });
    await alice.post(`/api/v1/workspace/${other.workspace.id}/invite`, { emails: ['bob@example.com'], role: 'member' });
    const invites = (await list(bob)).pagination.data.filter((n: NotificationJson) => n.type === 'workspace_invite');
    expect(invites).toHaveLength(2);
    const stale = invites[1].data.inviteId;
    expect((await bob.delete(`/api/v1/workspace/invite/${stale}`)).status).toBe(404);
    expect((await list(bob)).pagination.data.filter((n: NotificationJson) => n.type === 'workspace_invite')).toHaveLength(1);
  });
});

describe('live delivery', () => {
  it('streams a notification created after the stream opened, read from the database', async () => {
    const server = await t.listen();
    const controller = new AbortController();
    try {
      const cookie = [...bob.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await fetch(`${server.url}/api/v1/notifications/stream`, { headers: { Cookie: cookie, Accept: 'text/event-stream' }, signal: controller.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let received = '';
      const readUntil = async (needle: string) => {
        while (!received.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before "${needle}": ${received}`);
          received += value;
        }
      };
      await readUntil('event: ready');
      await carol.put(`/api/v1/users/me/follows/user/${ids.bob}`);
      await readUntil('event: notification');
      await readUntil('\n\n');
      const data = JSON.parse(/event: notification\ndata: (.*)\n/.exec(received)![1]);
      expect(data.notification).toMatchObject({ type: 'new_follower', data: { lines: [{ params: { name: 'carol' } }] } });
      expect(data.unreadCount).toBeGreaterThan(0);
    } finally {
      controller.abort();
      await server.close();
    }
  }, 20_000);
});
