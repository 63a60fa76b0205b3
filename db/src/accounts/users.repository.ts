import type { Db } from '../connection.ts';
import type { NewUserRow, UserRow, UserUpdate } from '../tables/users.table.ts';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function createUser(db: Db, user: NewUserRow, roleIds: number[] = []): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({ ...user, email: normaliseEmail(user.email) })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (roleIds.length) {
      await trx.insertInto('user_role').values(roleIds.map((role_id) => ({ user_id: row.id, role_id }))).execute();
    }
    return row;
  });
}

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function rolesOfUser(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('roles')
    .innerJoin('user_role', 'user_role.role_id', 'roles.id')
    .select(['roles.id', 'roles.name'])
    .where('user_role.user_id', '=', userId)
    .orderBy('roles.id')
    .execute();
}

/** Users holding the `admin` permission, directly or through a role. */
export async function adminUserIds(db: Db): Promise<number[]> {
  const viaRole = db
    .selectFrom('user_role')
    .innerJoin('role_permission', 'role_permission.role_id', 'user_role.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select('user_role.user_id as id')
    .where('permissions.name', '=', 'admin');
  const direct = db
    .selectFrom('user_permission')
    .innerJoin('permissions', 'permissions.id', 'user_permission.permission_id')
    .select('user_permission.user_id as id')
    .where('permissions.name', '=', 'admin');
  const rows = await viaRole.union(direct).execute();
  return rows.map((row) => row.id);
}

export async function adminExists(db: Db): Promise<boolean> {
  return (await adminUserIds(db)).length > 0;
}

/** Deletes a user; sessions, tokens and roles go with it (foreign keys cascade). */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Records an accepted TOTP step unless an equal or later one was already accepted: true when this call won. */
export async function advanceTwoFactorStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Swaps the recovery code list only if it is still the one read, so a code cannot be spent twice at once. */
export async function swapRecoveryCodes(db: Db, userId: number, expected: string, next: string): Promise<boolean> {
  const result = await db.updateTable('users').set({ two_factor_recovery_codes: next }).where('id', '=', userId).where('two_factor_recovery_codes', '=', expected).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type PublicUserRow = { id: number; name: string | null; first_name: string | null; last_name: string | null; image: string | null };

/** The columns of users that may be shown to other people (never the email). */
export async function publicUsersByIds(db: Db, userIds: number[]): Promise<Map<number, PublicUserRow>> {
  if (!userIds.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name', 'first_name', 'last_name', 'image']).where('id', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((u) => [u.id, u]));
}
