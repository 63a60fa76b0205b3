import type { Db } from '../connection.ts';
import type { WorkspaceInviteRow, WorkspaceRole, WorkspaceRow } from '../tables/workspaces.table.ts';

export interface WorkspaceOfUser {
  id: number;
  name: string;
  owner_id: number;
  /** The asking user's role in it. */
  role: WorkspaceRole;
  members_count: number;
  created_at: string;
}

/** The workspaces a user belongs to, oldest membership first, with their member counts. */
export async function workspacesOfUser(db: Db, userId: number): Promise<WorkspaceOfUser[]> {
  const rows = await db
    .selectFrom('workspace_user as mine')
    .innerJoin('workspaces', 'workspaces.id', 'mine.workspace_id')
    .select((eb) => [
      'workspaces.id',
      'workspaces.name',
      'workspaces.owner_id',
      'workspaces.created_at',
      'mine.role',
      eb.selectFrom('workspace_user as all').select((c) => c.fn.countAll<number>().as('n')).whereRef('all.workspace_id', '=', 'workspaces.id').as('members_count'),
    ])
    .where('mine.user_id', '=', userId)
    .orderBy('mine.created_at')
    .orderBy('workspaces.id')
    .execute();
  return rows.map((row) => ({ ...row, members_count: Number(row.members_count) }));
}

export async function findWorkspace(db: Db, id: number): Promise<WorkspaceRow | undefined> {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's role in the workspace, or undefined when they are not a member. */
export async function workspaceRoleOf(db: Db, workspaceId: number, userId: number): Promise<WorkspaceRole | undefined> {
  const row = await db.selectFrom('workspace_user').select('role').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role;
}

export async function countOwnedWorkspaces(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('workspaces').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A workspace with its owner as the first member. */
export async function createWorkspace(db: Db, workspace: { name: string; owner_id: number }): Promise<WorkspaceRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('workspaces').values(workspace).returningAll().executeTakeFirstOrThrow();
    await trx.insertInto('workspace_user').values({ workspace_id: row.id, user_id: workspace.owner_id, role: 'owner' }).execute();
    return row;
  });
}

export async function renameWorkspace(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('workspaces').set({ name, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** Members and pending invites go with it. */
export async function deleteWorkspace(db: Db, id: number): Promise<void> {
  await db.deleteFrom('workspaces').where('id', '=', id).execute();
}

export interface WorkspaceMember {
  id: number;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  image: string | null;
  role: WorkspaceRole;
  joined_at: string;
}

export async function workspaceMembers(db: Db, workspaceId: number): Promise<WorkspaceMember[]> {
  return db
    .selectFrom('workspace_user')
    .innerJoin('users', 'users.id', 'workspace_user.user_id')
    .select(['users.id', 'users.name', 'users.first_name', 'users.last_name', 'users.email', 'users.image', 'workspace_user.role', 'workspace_user.created_at as joined_at'])
    .where('workspace_user.workspace_id', '=', workspaceId)
    .orderBy('workspace_user.created_at')
    .orderBy('users.id')
    .execute();
}

export async function countWorkspaceMembers(db: Db, workspaceId: number): Promise<number> {
  const row = await db.selectFrom('workspace_user').select((eb) => eb.fn.countAll<number>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Addresses among `emails` (lower-cased) whose accounts are already members. */
export async function memberEmailsAmong(db: Db, workspaceId: number, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const rows = await db
    .selectFrom('workspace_user')
    .innerJoin('users', 'users.id', 'workspace_user.user_id')
    .select('users.email')
    .where('workspace_user.workspace_id', '=', workspaceId)
    .where('users.email', 'in', emails)
    .execute();
  return rows.map((row) => row.email);
}

export async function setWorkspaceMemberRole(db: Db, workspaceId: number, userId: number, role: WorkspaceRole): Promise<void> {
  await db.updateTable('workspace_user').set({ role }).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
}

export async function removeWorkspaceMember(db: Db, workspaceId: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('workspace_user').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Creates the invite, or renews the pending one for the same address: a new secret, role and expiry. */
export async function upsertWorkspaceInvite(
  db: Db,
  invite: { token_hash: string; workspace_id: number; email: string; role: 'admin' | 'member'; invited_by: number; expires_at: string },
): Promise<WorkspaceInviteRow> {
  return db
    .insertInto('workspace_invites')
    .values(invite)
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'email']).doUpdateSet({
        token_hash: invite.token_hash,
        role: invite.role,
        invited_by: invite.invited_by,
        expires_at: invite.expires_at,
        created_at: new Date().toISOString(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findWorkspaceInviteByToken(db: Db, tokenHash: string): Promise<WorkspaceInviteRow | undefined> {
  return db.selectFrom('workspace_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function workspaceInvites(db: Db, workspaceId: number): Promise<WorkspaceInviteRow[]> {
  return db.selectFrom('workspace_invites').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** False when the invite was already gone: used, declined or cancelled in the meantime. */
export async function deleteWorkspaceInvite(db: Db, workspaceId: number, inviteId: number): Promise<boolean> {
  const result = await db.deleteFrom('workspace_invites').where('id', '=', inviteId).where('workspace_id', '=', workspaceId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Uses an invite up and makes the user a member with its role, at once: of two requests with the
 * same link, only the one that removes the invite adds the member. A user who is already a member
 * keeps their role.
 */
export async function acceptWorkspaceInvite(db: Db, invite: WorkspaceInviteRow, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const used = await trx.deleteFrom('workspace_invites').where('id', '=', invite.id).executeTakeFirst();
    if (Number(used.numDeletedRows) !== 1) return false;
    await trx
      .insertInto('workspace_user')
      .values({ workspace_id: invite.workspace_id, user_id: userId, role: invite.role })
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
      .execute();
    return true;
  });
}
