/**
 * The logged-in user's id as the server rendered it into the page (#be-bootstrap), for islands
 * that need to know without a prop: null for guests and during server rendering.
 */
export function currentUserId(): number | null {
  if (typeof document === 'undefined') return null;
  const script = document.getElementById('be-bootstrap');
  if (!script?.textContent) return null;
  try {
    const id = (JSON.parse(script.textContent) as { user?: { id?: unknown } | null }).user?.id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

export function goToLogin(): void {
  location.assign(`/login?redirect=${encodeURIComponent(location.pathname)}`);
}
