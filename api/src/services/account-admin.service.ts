import {
  accessTokensOfUser,
  deleteAccessToken,
  deleteSessionOfUser,
  deleteUserSessions,
  directPermissionsOfUser,
  findPlan,
  findRole,
  findUserById,
  permissionCatalog,
  permissionsOfPlan,
  permissionsOfRole,
  resetTwoFactor,
  sessionsOfUser,
  setPlanPermissions,
  setRolePermissions,
  setUserBannedAt,
  setUserPermissions,
  type Db,
  type GrantedPermission,
  type UserRow,
} from '@app/db';
import type { AuthState } from '../context.ts';
import { GrantsBody } from '../schemas/permissions.ts';
import { notFound, validationFailed, ValidationError, zodErrorsByField } from './errors.ts';
import { hasPermission, isBackOfficePermission } from './permissions.ts';
import { permissionsOfAccount } from './subscriptions.service.ts';

/*
 * What the back office does to accounts beyond their record: permissions of roles, plans and
 * users, sessions, API tokens, two-factor reset and suspension.
 */

/** Every permission, marked when it is for the back office only (never for visitors or plans). */
export async function permissionCatalogue(db: Db) {
  return (await permissionCatalog(db)).map((entry) => ({ ...entry, back_office: isBackOfficePermission(entry.name) }));
}

/**
 * Checks grants against the catalogue: known names, each once, only restrictions the permission
 * accepts. Nobody may hand out a permission they do not hold themselves, so managing users or
 * roles never becomes a way to make oneself super admin.
 */
async function validGrants(db: Db, auth: AuthState, body: unknown, options: { audience?: 'guests' | 'plan' } = {}): Promise<GrantedPermission[]> {
  const parsed = GrantsBody.safeParse(body);
  if (!parsed.success) throw validationFailed(zodErrorsByField(parsed.error));
  const grants = parsed.data.permissions;
  const catalog = new Map((await permissionCatalog(db)).map((p) => [p.name, p]));
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  grants.forEach((grant, index) => {
    const known = catalog.get(grant.name);
    const field = `permissions.${index}`;
    if (!known) errors[field] = `There is no permission named "${grant.name}".`;
    else if (seen.has(grant.name)) errors[field] = `"${grant.name}" is listed twice.`;
    else if (!hasPermission(auth.permissions, grant.name)) errors[field] = `You can't grant "${grant.name}" because you don't have it yourself.`;
    else if (options.audience && isBackOfficePermission(grant.name)) {
      errors[field] = options.audience === 'guests' ? `Visitors who are not logged in can't be given "${grant.name}".` : `Plans can't grant "${grant.name}": anyone who pays would get it.`;
    } else {
      const unknown = grant.restrictions.find((r) => !known.restrictions.some((k) => k.name === r.name));
      if (unknown) errors[field] = `"${grant.name}" has no restriction named "${unknown.name}".`;
    }
    seen.add(grant.name);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return grants;
}

export async function managedUser(db: Db, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('There is no user with this id.');
  return user;
}

export async function roleToManage(db: Db, id: number) {
  const role = await findRole(db, id);
  if (!role) throw notFound('There is no role with this id.');
  return role;
}

export async function planToManage(db: Db, id: number): Promise<void> {
  if (!(await findPlan(db, id))) throw notFound('There is no plan with this id.');
}

export async function grantsOfRole(db: Db, id: number): Promise<GrantedPermission[]> {
  await roleToManage(db, id);
  return permissionsOfRole(db, id);
}

export async function grantsOfPlan(db: Db, id: number): Promise<GrantedPermission[]> {
  await planToManage(db, id);
  return permissionsOfPlan(db, id);
}

/** The permissions given to the user directly, and what they may do in the end (roles and plans included). */
export async function grantsOfUser(db: Db, id: number): Promise<{ permissions: GrantedPermission[]; effective: GrantedPermission[] }> {
  await managedUser(db, id);
  return { permissions: await directPermissionsOfUser(db, id), effective: await permissionsOfAccount(db, id) };
}

/*
 * Replacing grants: the caller has found the role, user or plan first (a missing one is a 404
 * before the body is even read), then hands over the body as sent.
 */

/** The guest role is what visitors may do, so it never gets back-office permissions. */
export async function replaceRoleGrants(db: Db, auth: AuthState, role: { id: number; guests: number }, body: unknown): Promise<GrantedPermission[]> {
  const grants = await validGrants(db, auth, body, { audience: role.guests ? 'guests' : undefined });
  await setRolePermissions(db, role.id, grants);
  return permissionsOfRole(db, role.id);
}

export async function replaceUserGrants(db: Db, auth: AuthState, id: number, body: unknown) {
  const grants = await validGrants(db, auth, body);
  await setUserPermissions(db, id, grants);
  return { permissions: await directPermissionsOfUser(db, id), effective: await permissionsOfAccount(db, id) };
}

/** Anyone who pays gets a plan's grants, so plans never carry back-office permissions. */
export async function replacePlanGrants(db: Db, auth: AuthState, id: number, body: unknown): Promise<GrantedPermission[]> {
  const grants = await validGrants(db, auth, body, { audience: 'plan' });
  await setPlanPermissions(db, id, grants);
  return permissionsOfPlan(db, id);
}

/** The user's live sessions, most recently active first; `current` marks the admin's own. */
export async function sessionsOfManagedUser(db: Db, id: number, currentSessionId: string | undefined) {
  await managedUser(db, id);
  const sessions = await sessionsOfUser(db, id, new Date().toISOString());
  return sessions.map((s) => ({
    id: s.id,
    device_type: s.device_type,
    platform: s.platform,
    browser: s.browser,
    city: s.city,
    country: s.country,
    ip_address: s.ip_address,
    last_active: s.last_active_at,
    created_at: s.created_at,
    is_current_device: s.id === currentSessionId,
  }));
}

export async function endSessionOfUser(db: Db, id: number, sessionId: string): Promise<void> {
  await managedUser(db, id);
  if (!(await deleteSessionOfUser(db, id, sessionId))) throw notFound('This user has no session with this id.');
}

/** Ends every session of the user but the admin's own current one. */
export async function endSessionsOfUser(db: Db, id: number, exceptSessionId: string | undefined): Promise<void> {
  await managedUser(db, id);
  await deleteUserSessions(db, id, exceptSessionId);
}

export async function tokensOfUser(db: Db, id: number) {
  await managedUser(db, id);
  return accessTokensOfUser(db, id);
}

export async function revokeTokenOfUser(db: Db, id: number, tokenId: number): Promise<void> {
  await managedUser(db, id);
  if (!(await deleteAccessToken(db, id, tokenId))) throw notFound('This user has no token with this id.');
}

/** Turns two-factor authentication off for a user who lost their device; answers the user as stored. */
export async function resetTwoFactorOfUser(db: Db, id: number): Promise<UserRow> {
  await managedUser(db, id);
  await resetTwoFactor(db, id);
  return managedUser(db, id);
}

/** Suspends the user, keeping the date of a suspension already in force; answers that date. */
export async function suspendUser(db: Db, actorId: number | undefined, id: number): Promise<{ user: UserRow; bannedAt: string }> {
  const user = await managedUser(db, id);
  if (actorId === id) throw new ValidationError("You can't suspend your own account.");
  const bannedAt = user.banned_at ?? new Date().toISOString();
  await setUserBannedAt(db, id, bannedAt);
  return { user, bannedAt };
}

export async function unsuspendUser(db: Db, id: number): Promise<UserRow> {
  const user = await managedUser(db, id);
  await setUserBannedAt(db, id, null);
  return user;
}
