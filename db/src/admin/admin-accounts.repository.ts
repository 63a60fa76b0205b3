import type { Db } from '../connection.ts';
import type { GrantedPermission, Restriction } from '../permissions/permissions.repository.ts';

export interface PermissionCatalogEntry {
  id: number;
  name: string;
  display_name: string | null;
  description: string | null;
  group: string;
  restrictions: { name: string; description: string }[];
}

function parseJsonList<T>(json: string): T[] {
  try {
    const parsed = JSON.parse(json);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Every permission that exists, with the restrictions each accepts, for the permission editors. */
export async function permissionCatalog(db: Db): Promise<PermissionCatalogEntry[]> {
  const rows = await db.selectFrom('permissions').selectAll().orderBy('group').orderBy('name').execute();
  return rows.map((row) => ({ ...row, restrictions: parseJsonList(row.restrictions) }));
}

type GrantTable = 'role_permission' | 'user_permission' | 'product_permission';
type GrantOwner = 'role_id' | 'user_id' | 'product_id';

async function grantsOf(db: Db, table: GrantTable, ownerColumn: GrantOwner, ownerId: number): Promise<GrantedPermission[]> {
  const rows = await db
    .selectFrom(table)
    .innerJoin('permissions', 'permissions.id', `${table}.permission_id`)
    .select(['permissions.name', `${table}.restrictions`])
    .where(`${table}.${ownerColumn}` as 'role_permission.role_id', '=', ownerId)
    .orderBy('permissions.name')
    .execute();
  return rows.map((row) => ({ name: row.name, restrictions: parseJsonList<Restriction>(row.restrictions) }));
}

/**
 * Replaces every grant of a role, user or plan in one transaction. Names must exist (the caller checks
 * them against the catalogue first); restrictions are stored as given.
 */
async function replaceGrants(db: Db, table: GrantTable, ownerColumn: GrantOwner, ownerId: number, grants: GrantedPermission[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom(table).where(ownerColumn as 'role_id', '=', ownerId).execute();
    if (!grants.length) return;
    const permissions = await trx.selectFrom('permissions').select(['id', 'name']).where('name', 'in', grants.map((g) => g.name)).execute();
    const idByName = new Map(permissions.map((p) => [p.name, p.id]));
    const rows = grants.flatMap((grant) => {
      const permission_id = idByName.get(grant.name);
      return permission_id === undefined ? [] : [{ [ownerColumn]: ownerId, permission_id, restrictions: JSON.stringify(grant.restrictions) }];
    });
    if (rows.length) await trx.insertInto(table).values(rows as { role_id: number; user_id: number; product_id: number; permission_id: number; restrictions: string }[]).execute();
  });
}

export const permissionsOfRole = (db: Db, roleId: number) => grantsOf(db, 'role_permission', 'role_id', roleId);
export const setRolePermissions = (db: Db, roleId: number, grants: GrantedPermission[]) => replaceGrants(db, 'role_permission', 'role_id', roleId, grants);
/** Grants made to the user directly, on top of (and replacing by name) what their roles give. */
export const directPermissionsOfUser = (db: Db, userId: number) => grantsOf(db, 'user_permission', 'user_id', userId);
export const setUserPermissions = (db: Db, userId: number, grants: GrantedPermission[]) => replaceGrants(db, 'user_permission', 'user_id', userId, grants);
/** What a plan grants its subscribers while their subscription counts. */
export const permissionsOfPlan = (db: Db, planId: number) => grantsOf(db, 'product_permission', 'product_id', planId);
export const setPlanPermissions = (db: Db, planId: number, grants: GrantedPermission[]) => replaceGrants(db, 'product_permission', 'product_id', planId, grants);


export async function setUserBannedAt(db: Db, userId: number, bannedAt: string | null): Promise<void> {
  await db.updateTable('users').set({ banned_at: bannedAt, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
}

/** Turns two-factor authentication off for a user who lost their device. */
export async function resetTwoFactor(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_secret: null, two_factor_confirmed_at: null, two_factor_recovery_codes: null, two_factor_last_step: null, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function deleteSessionOfUser(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function findRole(db: Db, id: number): Promise<{ id: number; name: string; guests: number } | undefined> {
  return db.selectFrom('roles').select(['id', 'name', 'guests']).where('id', '=', id).executeTakeFirst();
}

/** Every role by name, for pickers (menu items shown only to some roles). */
export async function listRoleChoices(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('name').execute();
}
