import type { Db } from '@app/db';
import * as accessTokensRepository from '@app/db/accounts/access-tokens';
import * as accountSecurityRepository from '@app/db/accounts/account-security';
import * as sessionsRepository from '@app/db/accounts/sessions';
import * as usersRepository from '@app/db/accounts/users';
import * as adminAccountsRepository from '@app/db/admin/admin-accounts';
import * as billingRepository from '@app/db/billing/billing';
import type * as permissionsRepository from '@app/db/permissions/permissions';
import type { AuthState } from '../context.ts';
import { GrantsBody } from '../permissions/permissions.schemas.ts';
import { forbidden, notFound, validationFailed, ValidationError, zodErrorsByField } from '../common/errors.ts';
import { beyondHeld, isBackOfficePermission } from '../permissions/permissions.ts';
import { permissionsOfAccount } from '../billing/subscriptions.service.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/*
 * What the back office does to accounts beyond their record: permissions of roles, plans and
 * users, sessions, API tokens, two-factor reset and suspension.
 */

/** Every permission, marked when it is for the back office only (never for visitors or plans). */
export async function permissionCatalogue(db: Db) {
  return (await adminAccountsRepository.permissionCatalog(db)).map((entry) => ({ ...entry, back_office: isBackOfficePermission(entry.name) }));
}

/*
 * One rule for every way roles and permissions reach people (a user's roles and own permissions,
 * a role's permissions, whether new accounts get a role, a plan's permissions, a backstage
 * approval): nobody gives or takes away a permission they do not hold, or a limit above their own
 * (beyondHeld), and nobody changes their own roles or permissions. Otherwise managing users or
 * roles would be a way to any permission, the admin's included.
 */

const sameGrant = (a: permissionsRepository.GrantedPermission, b: permissionsRepository.GrantedPermission) =>
  a.name === b.name && a.restrictions.length === b.restrictions.length && a.restrictions.every((r) => b.restrictions.some((o) => o.name === r.name && o.value === r.value));

const sameGrants = (a: permissionsRepository.GrantedPermission[], b: permissionsRepository.GrantedPermission[]) => a.length === b.length && a.every((grant) => b.some((other) => sameGrant(grant, other)));

/**
 * Checks grants that replace `current` against the catalogue (known names, each once, only
 * restrictions the permission accepts) and against what the user holds. Only what changes is
 * theirs to answer for: a grant kept as it is may be beyond them (the back office sends the whole
 * list back).
 */
async function validGrants(db: Db, auth: AuthState, body: unknown, current: permissionsRepository.GrantedPermission[], options: { audience?: 'guests' | 'plan' } = {}): Promise<permissionsRepository.GrantedPermission[]> {
  const parsed = GrantsBody.safeParse(body);
  if (!parsed.success) throw validationFailed(zodErrorsByField(parsed.error));
  const grants = parsed.data.permissions;
  const catalog = new Map((await adminAccountsRepository.permissionCatalog(db)).map((p) => [p.name, p]));
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  grants.forEach((grant, index) => {
    const known = catalog.get(grant.name);
    const field = `permissions.${index}`;
    const before = current.find((kept) => kept.name === grant.name);
    const changed = !before || !sameGrant(before, grant);
    const beyond = changed ? beyondHeld(auth.permissions, grant) : undefined;
    if (!known) errors[field] = `There is no permission named "${grant.name}".`;
    else if (seen.has(grant.name)) errors[field] = `"${grant.name}" is listed twice.`;
    else if (beyond === 'permission') errors[field] = `You can't grant "${grant.name}" because you don't have it yourself.`;
    else if (beyond === 'limit') errors[field] = `You can't grant "${grant.name}" with a higher limit than your own.`;
    else if (changed && before && beyondHeld(auth.permissions, before)) errors[field] = `"${grant.name}" has a higher limit than your own, so you can't change it.`;
    else if (options.audience && isBackOfficePermission(grant.name)) {
      errors[field] = options.audience === 'guests' ? `Visitors who are not logged in can't be given "${grant.name}".` : `Plans can't grant "${grant.name}": anyone who pays would get it.`;
    } else {
      const unknown = grant.restrictions.find((r) => !known.restrictions.some((k) => k.name === r.name));
      if (unknown) errors[field] = `"${grant.name}" has no restriction named "${unknown.name}".`;
    }
    seen.add(grant.name);
  });
  for (const removed of current.filter((grant) => !seen.has(grant.name))) {
    const beyond = beyondHeld(auth.permissions, removed);
    if (beyond === 'permission') errors.permissions ??= `You can't take away "${removed.name}" because you don't have it yourself.`;
    else if (beyond === 'limit') errors.permissions ??= `"${removed.name}" has a higher limit than your own, so you can't change it.`;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return grants;
}

/** Whether the user holds everything the role gives, so that they may give it, take it away or delete it. */
export async function holdsRole(db: Db, auth: AuthState, roleId: number): Promise<boolean> {
  return (await adminAccountsRepository.permissionsOfRole(db, roleId)).every((grant) => !beyondHeld(auth.permissions, grant));
}

/**
 * Giving or taking away roles, wherever it happens: from the roles a user has (`before`, none for
 * a new account) to `after`. Roles kept as they are need nothing of the one making the change.
 */
export async function checkRoleChange(db: Db, auth: AuthState, userId: number | undefined, before: number[], after: number[]): Promise<void> {
  const changed = new Set([...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))]);
  if (!changed.size) return;
  if (userId !== undefined && userId === auth.user?.id) throw validationFailed({ role_ids: "You can't change your own roles." });
  for (const roleId of changed) {
    if (!(await holdsRole(db, auth, roleId))) throw validationFailed({ role_ids: "You can't give or take away a role that has permissions you don't have yourself." });
  }
}

/**
 * A subscription gives its plan's permissions, so changing one in the back office (bringing it
 * back, moving its end) is giving them: not to oneself, and not a plan beyond what one holds.
 */
export async function checkSubscriptionChange(db: Db, auth: AuthState, subscription: { user_id: number; product_id: number | null }): Promise<void> {
  if (subscription.user_id === auth.user?.id) throw validationFailed({ status: "You can't change your own subscription." });
  if (subscription.product_id === null) return;
  if ((await adminAccountsRepository.permissionsOfPlan(db, subscription.product_id)).some((grant) => beyondHeld(auth.permissions, grant))) {
    throw validationFailed({ status: "You can't change a subscription to a plan that has permissions you don't have yourself." });
  }
}

/** The ids of the user's roles, for checkRoleChange. */
export async function roleIdsOfUser(db: Db, userId: number): Promise<number[]> {
  return (await usersRepository.rolesOfUser(db, userId)).map((role) => role.id);
}

export async function managedUser(db: Db, id: number): Promise<UserAccount> {
  const user = await usersRepository.findUserById(db, id);
  if (!user) throw notFound('There is no user with this id.');
  return user;
}

/**
 * The user, for a change made by `auth` (their record, roles, permissions, password, sessions,
 * tokens, two-factor, suspension, deletion): nobody changes a user who holds a back-office
 * permission they lack, so a user manager cannot lock out, demote or take over the admin. Only
 * back-office permissions count: what a plan or an upload quota gives is no power over others.
 */
export async function userToChange(db: Db, auth: AuthState, id: number): Promise<UserAccount> {
  const user = await managedUser(db, id);
  if (id === auth.user?.id) return user;
  const theirs = await permissionsOfAccount(db, id);
  if (theirs.some((grant) => isBackOfficePermission(grant.name) && beyondHeld(auth.permissions, grant))) {
    throw forbidden("You can't change a user who has permissions you don't have yourself.");
  }
  return user;
}

export async function roleToManage(db: Db, id: number) {
  const role = await adminAccountsRepository.findRole(db, id);
  if (!role) throw notFound('There is no role with this id.');
  return role;
}

export async function planToManage(db: Db, id: number): Promise<void> {
  if (!(await billingRepository.findPlan(db, id))) throw notFound('There is no plan with this id.');
}

export async function grantsOfRole(db: Db, id: number): Promise<permissionsRepository.GrantedPermission[]> {
  await roleToManage(db, id);
  return adminAccountsRepository.permissionsOfRole(db, id);
}

export async function grantsOfPlan(db: Db, id: number): Promise<permissionsRepository.GrantedPermission[]> {
  await planToManage(db, id);
  return adminAccountsRepository.permissionsOfPlan(db, id);
}

/** The permissions given to the user directly, and what they may do in the end (roles and plans included). */
export async function grantsOfUser(db: Db, id: number): Promise<{ permissions: permissionsRepository.GrantedPermission[]; effective: permissionsRepository.GrantedPermission[] }> {
  await managedUser(db, id);
  return { permissions: await adminAccountsRepository.directPermissionsOfUser(db, id), effective: await permissionsOfAccount(db, id) };
}

/*
 * Replacing grants: the caller has found the role, user or plan first (a missing one is a 404
 * before the body is even read), then hands over the body as sent.
 */

/** The guest role is what visitors may do, so it never gets back-office permissions. */
export async function replaceRoleGrants(db: Db, auth: AuthState, role: { id: number; guests: number }, body: unknown): Promise<permissionsRepository.GrantedPermission[]> {
  const grants = await validGrants(db, auth, body, await adminAccountsRepository.permissionsOfRole(db, role.id), { audience: role.guests ? 'guests' : undefined });
  await adminAccountsRepository.setRolePermissions(db, role.id, grants);
  return adminAccountsRepository.permissionsOfRole(db, role.id);
}

export async function replaceUserGrants(db: Db, auth: AuthState, id: number, body: unknown) {
  await userToChange(db, auth, id);
  const current = await adminAccountsRepository.directPermissionsOfUser(db, id);
  const grants = await validGrants(db, auth, body, current);
  if (id === auth.user?.id && !sameGrants(current, grants)) throw validationFailed({ permissions: "You can't change your own permissions." });
  await adminAccountsRepository.setUserPermissions(db, id, grants);
  return { permissions: await adminAccountsRepository.directPermissionsOfUser(db, id), effective: await permissionsOfAccount(db, id) };
}

/** Anyone who pays gets a plan's grants, so plans never carry back-office permissions. */
export async function replacePlanGrants(db: Db, auth: AuthState, id: number, body: unknown): Promise<permissionsRepository.GrantedPermission[]> {
  const grants = await validGrants(db, auth, body, await adminAccountsRepository.permissionsOfPlan(db, id), { audience: 'plan' });
  await adminAccountsRepository.setPlanPermissions(db, id, grants);
  return adminAccountsRepository.permissionsOfPlan(db, id);
}

/** The user's live sessions, most recently active first; `current` marks the admin's own. */
export async function sessionsOfManagedUser(db: Db, id: number, currentSessionId: string | undefined) {
  await managedUser(db, id);
  const sessions = await sessionsRepository.sessionsOfUser(db, id, new Date().toISOString());
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

export async function endSessionOfUser(db: Db, auth: AuthState, id: number, sessionId: string): Promise<void> {
  await userToChange(db, auth, id);
  if (!(await adminAccountsRepository.deleteSessionOfUser(db, id, sessionId))) throw notFound('This user has no session with this id.');
}

/** Ends every session of the user but the admin's own current one. */
export async function endSessionsOfUser(db: Db, auth: AuthState, id: number): Promise<void> {
  await userToChange(db, auth, id);
  await accountSecurityRepository.deleteUserSessions(db, id, auth.session?.id);
}

export async function tokensOfUser(db: Db, id: number) {
  await managedUser(db, id);
  return accessTokensRepository.accessTokensOfUser(db, id);
}

export async function revokeTokenOfUser(db: Db, auth: AuthState, id: number, tokenId: number): Promise<void> {
  await userToChange(db, auth, id);
  if (!(await accessTokensRepository.deleteAccessToken(db, id, tokenId))) throw notFound('This user has no token with this id.');
}

/** Turns two-factor authentication off for a user who lost their device; answers the user as stored. */
export async function resetTwoFactorOfUser(db: Db, auth: AuthState, id: number): Promise<UserAccount> {
  await userToChange(db, auth, id);
  await adminAccountsRepository.resetTwoFactor(db, id);
  return managedUser(db, id);
}

/** Suspends the user, keeping the date of a suspension already in force; answers that date. */
export async function suspendUser(db: Db, auth: AuthState, id: number): Promise<{ user: UserAccount; bannedAt: string }> {
  const user = await userToChange(db, auth, id);
  if (auth.user?.id === id) throw new ValidationError("You can't suspend your own account.");
  const bannedAt = user.banned_at ?? new Date().toISOString();
  await adminAccountsRepository.setUserBannedAt(db, id, bannedAt);
  return { user, bannedAt };
}

export async function unsuspendUser(db: Db, auth: AuthState, id: number): Promise<UserAccount> {
  const user = await userToChange(db, auth, id);
  await adminAccountsRepository.setUserBannedAt(db, id, null);
  return user;
}
