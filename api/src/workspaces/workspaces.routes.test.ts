import { randomBytes } from 'node:crypto';
import * as workspacesRepository from '@app/db/workspaces/workspaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../common/hashing.ts';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userId(client: TestClient): Promise<number> {
  return (await (await client.get('/api/v1/users/me')).json()).user.id;
}

async function createWorkspace(client: TestClient, name: string): Promise<number> {
  const response = await client.post('/api/v1/workspace', { name });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).workspace.id;
}

/** An invitation as the mail would carry it, without going through mail: the secret and its stored hash. */
async function plantInvite(workspaceId: number, email: string, role: 'admin' | 'member' = 'member'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const inviter = await t.db.selectFrom('workspaces').select('owner_id').where('id', '=', workspaceId).executeTakeFirstOrThrow();
  await workspacesRepository.upsertWorkspaceInvite(t.db, {
    token_hash: sha256Hex(token),
    workspace_id: workspaceId,
    email,
    role,
    invited_by: inviter.owner_id,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return token;
}

async function join(client: TestClient, workspaceId: number, email: string, role: 'admin' | 'member' = 'member') {
  const response = await client.get(`/api/v1/workspace/join/${await plantInvite(workspaceId, email, role)}`);
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('workspaces of a user', () => {
  it('lists the personal Default workspace first, then the teams with their member counts', async () => {
    const owner = await t.loggedIn('lister@example.com');
    const me = await userId(owner);
    expect((await (await owner.get('/api/v1/me/workspaces')).json()).workspaces).toEqual([{ id: 0, name: 'Default', members_count: 1, owner_id: me, role: 'owner' }]);

    const id = await createWorkspace(owner, '  Label team  ');
    const member = await t.loggedIn('lister-member@example.com');
    await join(member, id, 'lister-member@example.com');
    const list = await (await owner.get('/api/v1/me/workspaces')).json();
    expect(list.workspaces).toEqual([
      { id: 0, name: 'Default', members_count: 1, owner_id: me, role: 'owner' },
      { id, name: 'Label team', members_count: 2, owner_id: me, role: 'owner' },
    ]);
    expect(list.active_workspace_id).toBe(0);
  });

  it('validates names', async () => {
    const owner = await t.loggedIn('namer@example.com');
    for (const [body, field, message] of [
      [{ name: '   ' }, 'name', 'Give the workspace a name.'],
      [{ name: 'x'.repeat(101) }, 'name', 'Workspace names are at most 100 characters.'],
      [{}, 'name', 'Give the workspace a name.'],
      [{ name: 'ok', owner_id: 1 }, 'owner_id', 'Unknown field "owner_id".'],
    ] as const) {
      const response = await owner.post('/api/v1/workspace', body);
      expect(response.status).toBe(422);
      expect((await response.json()).errors[field]).toBe(message);
    }
    const id = await createWorkspace(owner, 'Before');
    const renamed = await owner.put(`/api/v1/workspace/${id}`, { name: 'After' });
    expect((await renamed.json()).workspace).toMatchObject({ id, name: 'After', members_count: 1 });
    expect((await owner.put('/api/v1/workspace/abc', { name: 'x' })).status).toBe(422);
  });

  it('shows members to members, and pending invitations only to owners and admins', async () => {
    const owner = await t.loggedIn('shower@example.com');
    const id = await createWorkspace(owner, 'Shown');
    const admin = await t.loggedIn('shower-admin@example.com');
    const member = await t.loggedIn('shower-member@example.com');
    await join(admin, id, 'shower-admin@example.com', 'admin');
    await join(member, id, 'shower-member@example.com');
    await plantInvite(id, 'pending@example.com');

    const asOwner = await (await owner.get(`/api/v1/workspace/${id}`)).json();
    expect(asOwner.members.map((m: { email: string; role: string; can_remove: boolean }) => [m.email, m.role, m.can_remove])).toEqual([
      ['shower@example.com', 'owner', false],
      ['shower-admin@example.com', 'admin', true],
      ['shower-member@example.com', 'member', true],
    ]);
    expect(asOwner.invites.map((i: { email: string }) => i.email)).toEqual(['pending@example.com']);
    expect((await (await admin.get(`/api/v1/workspace/${id}`)).json()).invites).toHaveLength(1);
    const asMember = await (await member.get(`/api/v1/workspace/${id}`)).json();
    expect(asMember.invites).toEqual([]);
    expect(asMember.workspace).toMatchObject({ role: 'member', members_count: 3 });
    expect(asMember.members.map((m: { can_remove: boolean }) => m.can_remove)).toEqual([false, false, true]);
  });
});

describe('roles inside a workspace', () => {
  it('lets admins invite, rename and remove members, but not remove the owner or other admins, nor delete', async () => {
    const owner = await t.loggedIn('roles-owner@example.com');
    const id = await createWorkspace(owner, 'Roles');
    const admin = await t.loggedIn('roles-admin@example.com');
    const admin2 = await t.loggedIn('roles-admin2@example.com');
    const member = await t.loggedIn('roles-member@example.com');
    await join(admin, id, 'roles-admin@example.com', 'admin');
    await join(admin2, id, 'roles-admin2@example.com', 'admin');
    await join(member, id, 'roles-member@example.com');
    const [ownerId, admin2Id, memberId] = [await userId(owner), await userId(admin2), await userId(member)];

    expect((await admin.post(`/api/v1/workspace/${id}/invite`, { emails: ['fresh@example.com'] })).status).toBe(200);
    expect((await admin.put(`/api/v1/workspace/${id}`, { name: 'Renamed by admin' })).status).toBe(200);
    expect((await admin.delete(`/api/v1/workspace/${id}/member/${ownerId}`)).status).toBe(403);
    expect((await admin.delete(`/api/v1/workspace/${id}/member/${admin2Id}`)).status).toBe(403);
    expect((await admin.post(`/api/v1/workspace/${id}/member/${admin2Id}/change-role`, { role: 'member' })).status).toBe(403);
    expect((await admin.delete(`/api/v1/workspace/${id}`)).status).toBe(403);
    expect((await admin.post(`/api/v1/workspace/${id}/member/${memberId}/change-role`, { role: 'admin' })).status).toBe(200);
    expect((await owner.post(`/api/v1/workspace/${id}/member/${memberId}/change-role`, { role: 'owner' })).status).toBe(422);
    expect((await owner.post(`/api/v1/workspace/${id}/member/${memberId}/change-role`, { role: 'member' })).status).toBe(200);
    expect((await admin.delete(`/api/v1/workspace/${id}/member/${memberId}`)).status).toBe(200);
    expect((await member.get(`/api/v1/workspace/${id}`)).status).toBe(404);
    expect((await owner.delete(`/api/v1/workspace/${id}/member/${admin2Id}`)).status).toBe(200);
  });

  it('lets members leave, but not the owner, who deletes the workspace instead', async () => {
    const owner = await t.loggedIn('leave-owner@example.com');
    const id = await createWorkspace(owner, 'Leavers');
    const member = await t.loggedIn('leaver@example.com');
    await join(member, id, 'leaver@example.com');
    const left = await member.delete(`/api/v1/workspace/${id}/member/${await userId(member)}`);
    expect(await left.json()).toEqual({ message: 'You left the workspace.' });
    expect((await (await member.get('/api/v1/me/workspaces')).json()).workspaces).toHaveLength(1);

    const stay = await owner.delete(`/api/v1/workspace/${id}/member/${await userId(owner)}`);
    expect(stay.status).toBe(422);
    expect((await stay.json()).message).toBe("The owner can't leave the workspace. Delete it instead.");
    expect((await owner.delete(`/api/v1/workspace/${id}`)).status).toBe(200);
    expect(await t.db.selectFrom('workspace_user').selectAll().where('workspace_id', '=', id).execute()).toEqual([]);
  });

  it('refuses to invite people who are already members, and bad addresses', async () => {
    const owner = await t.loggedIn('inviter@example.com');
    const id = await createWorkspace(owner, 'Invites');
    const already = await owner.post(`/api/v1/workspace/${id}/invite`, { emails: ['INVITER@example.com'] });
    expect(already.status).toBe(422);
    expect((await already.json()).errors.emails).toBe('inviter@example.com is already a member of this workspace.');
    expect((await owner.post(`/api/v1/workspace/${id}/invite`, { emails: ['not-an-address'] })).status).toBe(422);
    expect((await owner.post(`/api/v1/workspace/${id}/invite`, { emails: [] })).status).toBe(422);
    expect((await owner.post(`/api/v1/workspace/${id}/invite`, { emails: ['a@example.com'], role: 'owner' })).status).toBe(422);
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.com`);
    expect((await owner.post(`/api/v1/workspace/${id}/invite`, { emails: many })).status).toBe(422);

    // Two invitations to one address: one pending row, renewed.
    for (let i = 0; i < 2; i++) expect((await owner.post(`/api/v1/workspace/${id}/invite`, { emails: ['twice@example.com', 'Twice@example.com'] })).status).toBe(200);
    const pending = (await (await owner.get(`/api/v1/workspace/${id}`)).json()).invites;
    expect(pending.map((i: { email: string }) => i.email)).toEqual(['twice@example.com']);
    expect((await owner.delete(`/api/v1/workspace/${id}/invite/${pending[0].id}`)).status).toBe(200);
    expect((await owner.delete(`/api/v1/workspace/${id}/invite/${pending[0].id}`)).status).toBe(404);
  });
});

describe('the active workspace', () => {
  it('comes from workspaceId or the cookie, and falls back to Default for non-members', async () => {
    const owner = await t.loggedIn('active-owner@example.com');
    const id = await createWorkspace(owner, 'Active');
    const other = await t.loggedIn('active-other@example.com');

    expect((await (await owner.get(`/api/v1/me/workspaces?workspaceId=${id}`)).json()).active_workspace_id).toBe(id);
    expect((await (await other.get(`/api/v1/me/workspaces?workspaceId=${id}`)).json()).active_workspace_id).toBe(0);

    owner.cookies.set('activeWorkspaceId', String(id));
    expect((await (await owner.get('/api/v1/me/workspaces')).json()).active_workspace_id).toBe(id);
    other.cookies.set('activeWorkspaceId', String(id));
    expect((await (await other.get('/api/v1/me/workspaces')).json()).active_workspace_id).toBe(0);
    // The stale cookie is cleared rather than checked on every request.
    expect(other.cookies.has('activeWorkspaceId')).toBe(false);

    // Deleting the workspace sends its members back to Default.
    await owner.delete(`/api/v1/workspace/${id}`);
    expect((await (await owner.get('/api/v1/me/workspaces')).json()).active_workspace_id).toBe(0);
  });
});

describe('authorization matrix of the workspace routes', () => {
  const who = ['guest', 'other', 'admin', 'member', 'owner'] as const;
  type Who = (typeof who)[number];
  let clients: Record<Who, TestClient>;
  const emails: Record<Exclude<Who, 'guest'>, string> = {
    owner: 'matrix-owner@example.com',
    member: 'matrix-member@example.com',
    other: 'matrix-other@example.com',
    admin: 'matrix-admin@example.com',
  };

  beforeAll(async () => {
    clients = {
      guest: t.client(),
      owner: await t.loggedIn(emails.owner),
      member: await t.loggedIn(emails.member),
      other: await t.loggedIn(emails.other),
      admin: await t.loggedIn(emails.admin, ['admin']),
    };
    ids.team = await createWorkspace(clients.owner, 'Matrix');
    ids.doomed = await createWorkspace(clients.owner, 'Doomed');
    await join(clients.member, ids.team, emails.member);
    await join(clients.member, ids.doomed, emails.member);
    const third = await t.loggedIn('matrix-third@example.com');
    const fourth = await t.loggedIn('matrix-fourth@example.com');
    await join(third, ids.team, 'matrix-third@example.com');
    await join(fourth, ids.team, 'matrix-fourth@example.com');
    ids.third = await userId(third);
    ids.fourth = await userId(fourth);
    ids.invite = (await (await clients.owner.post(`/api/v1/workspace/${ids.team}/invite`, { emails: ['someone@example.com'] })).json()).invites[0].id;
    // Invitations to "other", each to a workspace of its own (one pending invite per address and workspace).
    for (const name of ['preview', 'join', 'decline']) tokens[name] = await plantInvite(await createWorkspace(clients.owner, name), emails.other);
  });

  type Row = [description: string, call: (client: TestClient) => Promise<Response>, expected: Record<Who, number>, order?: readonly Who[]];
  // The owner goes last, so their destructive calls leave the others something to be refused.
  const rows = (): Row[] => [
    ['GET me/workspaces', (c) => c.get('/api/v1/me/workspaces'), { guest: 401, other: 200, admin: 200, member: 200, owner: 200 }],
    ['POST workspace', (c) => c.post('/api/v1/workspace', { name: 'Mine' }), { guest: 401, other: 201, admin: 201, member: 201, owner: 201 }],
    ['GET workspace/{id}', (c) => c.get(`/api/v1/workspace/${ids.team}`), { guest: 401, other: 404, admin: 404, member: 200, owner: 200 }],
    ['PUT workspace/{id}', (c) => c.put(`/api/v1/workspace/${ids.team}`, { name: 'Renamed' }), { guest: 401, other: 404, admin: 404, member: 403, owner: 200 }],
    ['POST workspace/{id}/invite', (c) => c.post(`/api/v1/workspace/${ids.team}/invite`, { emails: ['new@example.com'] }), { guest: 401, other: 404, admin: 404, member: 403, owner: 200 }],
    ['DELETE workspace/{id}/invite/{inviteId}', (c) => c.delete(`/api/v1/workspace/${ids.team}/invite/${ids.invite}`), { guest: 401, other: 404, admin: 404, member: 403, owner: 200 }],
    ['POST change-role', (c) => c.post(`/api/v1/workspace/${ids.team}/member/${ids.third}/change-role`, { role: 'admin' }), { guest: 401, other: 404, admin: 404, member: 403, owner: 200 }],
    ['DELETE a member', (c) => c.delete(`/api/v1/workspace/${ids.team}/member/${ids.fourth}`), { guest: 401, other: 404, admin: 404, member: 403, owner: 200 }],
    ['DELETE workspace/{id}', (c) => c.delete(`/api/v1/workspace/${ids.doomed}`), { guest: 401, other: 404, admin: 404, member: 403, owner: 200 }],
    // An invitation to "other": everybody else holding the link is refused; then other uses it.
    ['GET workspace/invite/{inviteId}', (c) => c.get(`/api/v1/workspace/invite/${tokens.preview}`), { guest: 200, other: 200, admin: 200, member: 200, owner: 200 }],
    // Everybody else holding the link is refused; then "other", whom it was sent to, uses it.
    ['GET workspace/join/{inviteId}', (c) => c.get(`/api/v1/workspace/join/${tokens.join}`), { guest: 401, other: 200, admin: 403, member: 403, owner: 403 }, ['guest', 'admin', 'member', 'owner', 'other']],
    ['DELETE workspace/invite/{inviteId}', (c) => c.delete(`/api/v1/workspace/invite/${tokens.decline}`), { guest: 401, other: 200, admin: 403, member: 403, owner: 403 }, ['guest', 'admin', 'member', 'owner', 'other']],
  ];

  it.each(rows().map((row) => [row[0], row] as const))('%s', async (_name, [, call, expected, order]) => {
    for (const caller of order ?? who) {
      const response = await call(clients[caller]);
      expect(response.status, `${caller}: ${await response.clone().text()}`).toBe(expected[caller]);
    }
  });
});
