import { pageBootstrap } from './page-bootstrap.ts';

/**
 * The logged-in user's id as the server rendered it into the page, for islands that need to know
 * without a prop: null for guests and during server rendering.
 */
export function currentUserId(): number | null {
  const id = pageBootstrap().user?.id;
  return typeof id === 'number' ? id : null;
}

export function goToLogin(): void {
  location.assign(`/login?redirect=${encodeURIComponent(location.pathname)}`);
}
