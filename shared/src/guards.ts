// Shared with the site's pages, so it stays pure: no imports, nothing Node-only.

export interface Requirement {
  /** Login needed (the default for app routes in the spec). */
  login?: boolean;
  permission?: string;
}

/** What the guard reads of the bootstrap data (BootstrapData fits it). */
export interface GuardSubject {
  user: { subscriptions: { valid: boolean }[] } | null;
  permissions: { name: string }[];
  settings: { 'billing.enable'?: boolean };
}

/**
 * Where a visitor who may not see a page goes (spec §2, route guards): to /login when not logged
 * in; with a missing permission to /pricing when billing is on and they are not subscribed, else
 * to the not-found page. Undefined when the page may be shown.
 */
export function guardRedirect({ user, permissions, settings }: GuardSubject, requirement: Requirement, currentPath: string): string | undefined {
  const login = `/login?redirect=${encodeURIComponent(currentPath)}`;
  if (requirement.login && !user) return login;
  if (requirement.permission && !permissions.some((p) => p.name === 'admin' || p.name === requirement.permission)) {
    if (!user) return login;
    const subscribed = user.subscriptions.some((s) => s.valid);
    return settings['billing.enable'] && !subscribed ? '/pricing' : '/404';
  }
  return undefined;
}
