import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import * as settingsRepository from '@app/db/settings/settings';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureConsole } from '../support/console.ts';
import { startMailServer } from '../support/smtp.ts';

/**
 * Workspace invitations end to end through real mail: the owner invites, the invitee follows the
 * link they received, registers (even with registration closed) or logs in, and joins or declines.
 */
let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let owner: TestClient;
let workspaceId: number;
let logged: string[] = [];

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ ...mail.env, APP_URL: 'https://music.example.com' });
  owner = await t.loggedIn('owner@example.com');
  // One test turns email confirmation on; the owner has confirmed long ago.
  await t.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('email', '=', 'owner@example.com').execute();
  const created = await owner.post('/api/v1/workspace', { name: 'Night Shift' });
  expect(created.status).toBe(201);
  workspaceId = (await created.json()).workspace.id;
  logged = captureConsole();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  await mail.close();
});

/** Sends an invitation and returns the link from the mail that arrived. */
async function invite(email: string, role: 'admin' | 'member' = 'member') {
  const before = mail.inbox.length;
  const response = await owner.post(`/api/v1/workspace/${workspaceId}/invite`, { emails: [email], role });
  expect(response.status, await response.clone().text()).toBe(200);
  const message = await mail.waitFor(email.toLowerCase(), before);
  const link = /https:\/\/music\.example\.com\/workspace\/join\/\S+/.exec(message.text!)![0];
  const url = new URL(link);
  return { message, url, inviteId: url.searchParams.get('invite_id')! };
}

const register = (client: TestClient, email: string, inviteId: string) =>
  client.post('/auth/register', { email, password: 'team-password', password_confirmation: 'team-password', invite_id: inviteId, invite_type: 'workspace' });

describe('inviting an address without an account', () => {
  it('mails a registration link that works while registration is disabled, and joins the workspace', async () => {
    await settingsRepository.saveSettings(t.db, { 'registration.disable': true, require_email_confirmation: true });
    try {
      const { message, url, inviteId } = await invite('Newcomer@Example.com');
      expect(message.subject).toBe('Join Night Shift on Cadence');
      expect(message.text).toContain('owner invited you to join the "Night Shift" workspace on Cadence.');
      expect(message.text).toContain('This invitation expires in 7 days.');
      expect(url.pathname).toBe('/workspace/join/register');
      expect(url.searchParams.get('email')).toBe('newcomer@example.com');
      expect(inviteId).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Without the invitation, registration is closed.
      const closed = await t.client().post('/auth/register', { email: 'newcomer@example.com', password: 'team-password', password_confirmation: 'team-password' });
      expect(closed.status).toBe(403);

      const preview = await (await t.client().get(`/api/v1/workspace/invite/${inviteId}`)).json();
      expect(preview.invite).toMatchObject({ workspace: { id: workspaceId, name: 'Night Shift' }, email: 'newcomer@example.com', role: 'member', invited_by: 'owner' });

      const client = t.client();
      const response = await register(client, 'newcomer@example.com', inviteId);
      expect(response.status, await response.clone().text()).toBe(200);
      const body = await response.json();
      // The mailed link proved the address: no verification code is needed.
      expect(body.status).toBe('success');
      expect(body.bootstrapData.user.email_verified_at).not.toBeNull();
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('activeWorkspaceId='))!;
      expect(cookie).toContain(`activeWorkspaceId=${workspaceId}`);
      expect(cookie).toMatch(/Max-Age=604800/);
      expect(cookie).not.toMatch(/HttpOnly/);

      const mine = await (await client.get('/api/v1/me/workspaces')).json();
      expect(mine.workspaces).toEqual([
        expect.objectContaining({ id: 0, name: 'Default', members_count: 1 }),
        expect.objectContaining({ id: workspaceId, name: 'Night Shift', members_count: 2, role: 'member' }),
      ]);
      expect(mine.active_workspace_id).toBe(workspaceId);

      // The link is used up.
      const reused = await register(t.client(), 'newcomer@example.com', inviteId);
      expect(reused.status).toBe(404);
      expect((await reused.json()).message).toBe('This invite is no longer valid');
      const join = await client.get(`/api/v1/workspace/join/${inviteId}`);
      expect(join.status).toBe(404);
      expect((await join.json()).message).toBe('This invite is no longer valid');
    } finally {
      await settingsRepository.saveSettings(t.db, { 'registration.disable': false, require_email_confirmation: false });
    }
  });

  it('registers only the address the invitation was sent to', async () => {
    const { inviteId } = await invite('rightful@example.com');
    const response = await register(t.client(), 'intruder@example.com', inviteId);
    expect(response.status).toBe(422);
    expect((await response.json()).errors.email).toBe('This invitation was sent to another email address.');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'intruder@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('refuses an unknown invite when registering', async () => {
    const response = await register(t.client(), 'someone@example.com', 'made-up-invite');
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('This invite is no longer valid');
  });
});

describe('inviting an existing account', () => {
  it('mails a login link; the invitee joins and the workspace becomes active', async () => {
    const member = await t.loggedIn('listener@example.com');
    const { url, inviteId } = await invite('listener@example.com', 'admin');
    expect(url.pathname).toBe('/workspace/join/login');
    expect(url.searchParams.has('email')).toBe(false);

    expect((await t.client().get(`/api/v1/workspace/join/${inviteId}`)).status).toBe(401);
    const joined = await member.get(`/api/v1/workspace/join/${inviteId}`);
    expect(joined.status).toBe(200);
    expect(await joined.json()).toMatchObject({ message: 'Joined workspace', workspace: { id: workspaceId, name: 'Night Shift', role: 'admin' } });
    expect(member.cookies.get('activeWorkspaceId')).toBe(String(workspaceId));
    expect((await (await member.get('/api/v1/me/workspaces')).json()).active_workspace_id).toBe(workspaceId);
  });

  it('lets only the invited account use the link', async () => {
    await t.createUser('invited@example.com');
    const stranger = await t.loggedIn('stranger@example.com');
    const { inviteId } = await invite('invited@example.com');
    for (const call of [() => stranger.get(`/api/v1/workspace/join/${inviteId}`), () => stranger.delete(`/api/v1/workspace/invite/${inviteId}`)]) {
      const response = await call();
      expect(response.status).toBe(403);
      expect((await response.json()).message).toBe('This invitation was sent to another email address.');
    }
    const workspaces = await (await stranger.get('/api/v1/me/workspaces')).json();
    expect(workspaces.workspaces.map((w: { id: number }) => w.id)).toEqual([0]);
  });

  it('declines an invitation, after which the link is no longer valid', async () => {
    const declined = await t.loggedIn('declined@example.com');
    const { inviteId } = await invite('declined@example.com');
    const response = await declined.delete(`/api/v1/workspace/invite/${inviteId}`);
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe('Declined workspace invitation');
    for (const call of [() => declined.get(`/api/v1/workspace/join/${inviteId}`), () => declined.delete(`/api/v1/workspace/invite/${inviteId}`)]) {
      const again = await call();
      expect(again.status).toBe(404);
      expect((await again.json()).message).toBe('This invite is no longer valid');
    }
    expect((await (await declined.get('/api/v1/me/workspaces')).json()).workspaces).toHaveLength(1);
  });

  it('refuses an expired invitation and a superseded link', async () => {
    const late = await t.loggedIn('late@example.com');
    const first = await invite('late@example.com');
    const second = await invite('late@example.com');
    expect((await late.get(`/api/v1/workspace/join/${first.inviteId}`)).status).toBe(404);

    await t.db.updateTable('workspace_invites').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', 'late@example.com').execute();
    const expired = await late.get(`/api/v1/workspace/join/${second.inviteId}`);
    expect(expired.status).toBe(404);
    expect((await expired.json()).message).toBe('This invite is no longer valid');
    expect((await t.client().get(`/api/v1/workspace/invite/${second.inviteId}`)).status).toBe(404);
  });
});

describe('secrets', () => {
  it('stores invitations hashed and never writes the link to a log', async () => {
    const { inviteId } = await invite('secret-keeper@example.com');
    const rows = await t.db.selectFrom('workspace_invites').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(inviteId);
    const outgoing = await t.db.selectFrom('outgoing_emails').selectAll().execute();
    expect(JSON.stringify(outgoing)).not.toContain(inviteId);
    expect(outgoing.at(-1)!.body).toContain('[hidden]');
    expect(logged.join('\n')).not.toContain(inviteId);
  });
});
