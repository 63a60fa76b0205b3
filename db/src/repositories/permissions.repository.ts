import type { Db } from '../connection.ts';

export interface Restriction {
  name: string;
  value: number | null;
}

export interface GrantedPermission {
  name: string;
  restrictions: Restriction[];
}

export interface PermissionDefinition {
  name: string;
  display_name: string;
  description: string;
  group: string;
  restrictions?: { name: string; description: string }[];
}

function parseRestrictions(json: string): Restriction[] {
  try {
    const parsed = JSON.parse(json);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Grants are merged by name. Among shared grants (roles, and the plans of subscriptions that
 * count) the most generous limit wins (no limit beats any); a grant made to the user directly
 * replaces what those give.
 */
export function mergeGrants(sharedGrants: GrantedPermission[], userGrants: GrantedPermission[]): GrantedPermission[] {
  const merged = new Map<string, GrantedPermission>();
  for (const grant of sharedGrants) {
    const existing = merged.get(grant.name);
    if (!existing) {
      merged.set(grant.name, grant);
      continue;
    }
    // A restriction missing from either grant means unlimited, so only limits present in both survive.
    const restrictions = existing.restrictions.flatMap((r) => {
      const other = grant.restrictions.find((g) => g.name === r.name);
      if (!other || other.value === null || r.value === null) return [];
      return [{ name: r.name, value: Math.max(r.value, other.value) }];
    });
    merged.set(grant.name, { name: grant.name, restrictions });
  }
  for (const grant of userGrants) merged.set(grant.name, grant);
  return [...merged.values()];
}

/**
 * The user's permissions: their roles', those of `planIds` (the plans of their subscriptions
 * that count, which the caller decides), and their own grants on top.
 */
export async function permissionsOfUser(db: Db, userId: number, planIds: number[]): Promise<GrantedPermission[]> {
  const viaRoles = await db
    .selectFrom('role_permission')
    .innerJoin('user_role', 'user_role.role_id', 'role_permission.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select(['permissions.name', 'role_permission.restrictions'])
    .where('user_role.user_id', '=', userId)
    .execute();
  const viaPlans = planIds.length
    ? await db
        .selectFrom('product_permission')
        .innerJoin('permissions', 'permissions.id', 'product_permission.permission_id')
        .select(['permissions.name', 'product_permission.restrictions'])
        .where('product_permission.product_id', 'in', planIds)
        .execute()
    : [];
  const direct = await db
    .selectFrom('user_permission')
    .innerJoin('permissions', 'permissions.id', 'user_permission.permission_id')
    .select(['permissions.name', 'user_permission.restrictions'])
    .where('user_permission.user_id', '=', userId)
    .execute();
  const toGrant = (row: { name: string; restrictions: string }) => ({ name: row.name, restrictions: parseRestrictions(row.restrictions) });
  return mergeGrants([...viaRoles, ...viaPlans].map(toGrant), direct.map(toGrant));
}

export async function permissionsOfGuests(db: Db): Promise<GrantedPermission[]> {
  const rows = await db
    .selectFrom('role_permission')
    .innerJoin('roles', 'roles.id', 'role_permission.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select(['permissions.name', 'role_permission.restrictions'])
    .where('roles.guests', '=', 1)
    .execute();
  return mergeGrants(rows.map((row) => ({ name: row.name, restrictions: parseRestrictions(row.restrictions) })), []);
}

/** Inserts permissions that are missing and refreshes the descriptions of existing ones. */
export async function syncPermissions(db: Db, definitions: PermissionDefinition[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const def of definitions) {
      const values = {
        name: def.name,
        display_name: def.display_name,
        description: def.description,
        group: def.group,
        restrictions: JSON.stringify(def.restrictions ?? []),
      };
      await trx
        .insertInto('permissions')
        .values(values)
        .onConflict((oc) => oc.column('name').doUpdateSet({ display_name: values.display_name, description: values.description, group: values.group, restrictions: values.restrictions }))
        .execute();
    }
  });
}

export interface RoleDefinition {
  name: string;
  description: string;
  guests?: boolean;
  default?: boolean;
  permissions: (string | GrantedPermission)[];
}

/** Creates a role with its permissions unless a role with that name exists (admins may have edited it). */
export async function ensureRole(db: Db, role: RoleDefinition): Promise<number> {
  const existing = await db.selectFrom('roles').select('id').where('name', '=', role.name).executeTakeFirst();
  if (existing) return existing.id;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('roles')
      .values({ name: role.name, description: role.description, guests: role.guests ? 1 : 0, default: role.default ? 1 : 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grants = role.permissions.map((p) => (typeof p === 'string' ? { name: p, restrictions: [] } : p));
    if (grants.length) {
      const permissions = await trx.selectFrom('permissions').select(['id', 'name']).where('name', 'in', grants.map((g) => g.name)).execute();
      const idByName = new Map(permissions.map((p) => [p.name, p.id]));
      const rows = grants.flatMap((g) => {
        const permission_id = idByName.get(g.name);
        return permission_id ? [{ role_id: id, permission_id, restrictions: JSON.stringify(g.restrictions) }] : [];
      });
      if (rows.length) await trx.insertInto('role_permission').values(rows).execute();
    }
    return id;
  });
}

export async function findRoleByName(db: Db, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
}

export async function defaultRoleIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('roles').select('id').where('default', '=', 1).execute();
  return rows.map((r) => r.id);
}
