import type * as permissionsRepository from '@app/db/permissions/permissions';

/** `admin` grants every permission. */
export function hasPermission(permissions: permissionsRepository.GrantedPermission[], name: string): boolean {
  return permissions.some((p) => p.name === 'admin' || p.name === name);
}

/**
 * How a grant goes beyond what `held` gives: a permission not held at all, or a limit (a numeric
 * restriction) above one's own, no limit being the highest. Undefined when it does not: then the
 * holder may hand it out or take it away.
 */
export function beyondHeld(held: permissionsRepository.GrantedPermission[], grant: permissionsRepository.GrantedPermission): 'permission' | 'limit' | undefined {
  if (held.some((p) => p.name === 'admin')) return undefined;
  const own = held.find((p) => p.name === grant.name);
  if (!own) return 'permission';
  const raised = own.restrictions.some((limit) => limit.value !== null && (grant.restrictions.find((r) => r.name === limit.name)?.value ?? Infinity) > limit.value);
  return raised ? 'limit' : undefined;
}

/**
 * Permissions that open the back office or act on other people's things: never given to
 * visitors who are not logged in, nor sold with a plan.
 */
export function isBackOfficePermission(name: string): boolean {
  return name === 'admin' || name === 'admin.access' || name.endsWith('.update') || name === 'logs.view';
}

export interface RestrictionCheck {
  noPermission: boolean;
  overQuota: boolean;
  failed: boolean;
}

/**
 * A restriction is a numeric limit on a permission: over quota when the current count is at or
 * above it; no restriction means unlimited.
 */
export function checkRestriction(permissions: permissionsRepository.GrantedPermission[], name: string, restriction: string, currentCount: number): RestrictionCheck {
  if (permissions.some((p) => p.name === 'admin')) return { noPermission: false, overQuota: false, failed: false };
  const grant = permissions.find((p) => p.name === name);
  if (!grant) return { noPermission: true, overQuota: false, failed: true };
  const limit = grant.restrictions.find((r) => r.name === restriction)?.value;
  const overQuota = limit !== undefined && limit !== null && currentCount >= limit;
  return { noPermission: false, overQuota, failed: overQuota };
}
