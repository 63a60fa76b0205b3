import { sql } from 'kysely';
import type { Db } from '../connection.ts';
import { preparedQuery } from '../prepared.ts';
import type { SubscriptionRow } from '../tables/billing.table.ts';

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

/** What decides whether a subscription's plan counts (billing/subscriptions.service.ts#subscriptionStanding). */
export type SubscriptionTerms = Pick<SubscriptionRow, 'status' | 'ends_at' | 'cancelled_at'>;

/** A grant's permission name, read by a subquery rather than a join (see grantsOfUser). */
const nameOf = (permissionId: string) => sql<string | null>`(select ${sql.ref('permissions.name')} from ${sql.table('permissions')} where ${sql.ref('permissions.id')} = ${sql.ref(permissionId)})`;

const FROM_ROLE = 0;
const SUBSCRIPTION = 1;
const FROM_PLAN = 2;
const FROM_USER = 3;

/**
 * Every grant that may reach a user, in one statement (it runs on every request of a signed-in
 * person): their roles' grants, their subscriptions with the terms that decide whether each
 * counts, the grants of those subscriptions' plans, and their own grants. Each part reads one
 * table (names through subqueries): on SQLite a join costs several times as much.
 */
const grantsOfUser = preparedQuery((db: Db, p: { userId: number }) => {
  const none = sql<null>`null`;
  return db
    .selectFrom('role_permission')
    .select([
      sql.lit(FROM_ROLE).as('source'),
      nameOf('role_permission.permission_id').as('name'),
      sql<string | null>`${sql.ref('role_permission.restrictions')}`.as('restrictions'),
      sql<number | null>`null`.as('product_id'),
      sql<SubscriptionRow['status'] | null>`null`.as('status'),
      sql<string | null>`null`.as('ends_at'),
      sql<string | null>`null`.as('cancelled_at'),
    ])
    .where('role_permission.role_id', 'in', db.selectFrom('user_role').select('role_id').where('user_id', '=', p.userId))
    .unionAll(
      db
        .selectFrom('subscriptions')
        .select([sql.lit(SUBSCRIPTION).as('source'), none.as('name'), none.as('restrictions'), 'product_id', 'status', 'ends_at', 'cancelled_at'])
        .where('user_id', '=', p.userId)
        .where('product_id', 'is not', null),
    )
    .unionAll(
      db
        .selectFrom('product_permission')
        .select([sql.lit(FROM_PLAN).as('source'), nameOf('product_permission.permission_id').as('name'), 'product_permission.restrictions', 'product_permission.product_id', none.as('status'), none.as('ends_at'), none.as('cancelled_at')])
        .where('product_permission.product_id', 'in', db.selectFrom('subscriptions').select('product_id').where('user_id', '=', p.userId)),
    )
    .unionAll(
      db
        .selectFrom('user_permission')
        .select([sql.lit(FROM_USER).as('source'), nameOf('user_permission.permission_id').as('name'), 'user_permission.restrictions', none.as('product_id'), none.as('status'), none.as('ends_at'), none.as('cancelled_at')])
        .where('user_permission.user_id', '=', p.userId),
    );
});

/**
 * The user's permissions: their roles', those of the plans of their subscriptions that
 * `planCounts` accepts (the caller decides which count), and their own grants on top.
 */
export async function permissionsOfUser(db: Db, userId: number, planCounts: (terms: SubscriptionTerms) => boolean): Promise<GrantedPermission[]> {
  return permissionsFromGrants(await grantsReachingUser(db, userId), planCounts);
}

/** Every grant that may reach a user, as stored: which of them count depends on the time (permissionsFromGrants). */
export type UserGrants = readonly Awaited<ReturnType<typeof grantsOfUser>>[number][];

export async function grantsReachingUser(db: Db, userId: number): Promise<UserGrants> {
  return grantsOfUser(db, { userId });
}

/** Whether which of these grants count changes with time: they include subscriptions, whose standing does. */
export function grantsDependOnTime(rows: UserGrants): boolean {
  return rows.some((row) => row.source === SUBSCRIPTION);
}

/** A user's permissions from the grants that may reach them (permissionsOfUser). */
export function permissionsFromGrants(rows: UserGrants, planCounts: (terms: SubscriptionTerms) => boolean): GrantedPermission[] {
  const countingPlans = new Set(rows.filter((row) => row.source === SUBSCRIPTION && planCounts({ status: row.status!, ends_at: row.ends_at, cancelled_at: row.cancelled_at })).map((row) => row.product_id));
  const grant = (row: (typeof rows)[number]) => ({ name: row.name!, restrictions: parseRestrictions(row.restrictions!) });
  const viaRoles = rows.filter((row) => row.source === FROM_ROLE).map(grant);
  const viaPlans = rows.filter((row) => row.source === FROM_PLAN && countingPlans.has(row.product_id)).map(grant);
  return mergeGrants([...viaRoles, ...viaPlans], rows.filter((row) => row.source === FROM_USER).map(grant));
}

// Every request of a visitor who is not logged in reads these: prepared, and without joins.
const grantsOfGuests = preparedQuery((db: Db) =>
  db
    .selectFrom('role_permission')
    .select([nameOf('role_permission.permission_id').as('name'), 'role_permission.restrictions'])
    .where('role_permission.role_id', 'in', db.selectFrom('roles').select('id').where('guests', '=', 1)),
);

export async function permissionsOfGuests(db: Db): Promise<GrantedPermission[]> {
  const rows = await grantsOfGuests(db, {});
  return mergeGrants(rows.map((row) => ({ name: row.name!, restrictions: parseRestrictions(row.restrictions) })), []);
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
