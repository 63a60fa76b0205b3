import type { BrowserBootstrap } from '@app/api';

/**
 * The bootstrap data the server rendered into this page (`BaseLayout.astro`), or nothing during
 * server rendering. Looked up as the JSON script block, not by id alone: an element in page content
 * that carries the same id (custom pages' ids are prefixed, but content is not the place to rely
 * on) cannot stand in for it.
 */
export function pageBootstrap(): Partial<BrowserBootstrap> {
  if (typeof document === 'undefined') return {};
  const script = document.querySelector('script#be-bootstrap[type="application/json"]');
  try {
    return JSON.parse(script?.textContent || '{}') as Partial<BrowserBootstrap>;
  } catch {
    return {};
  }
}
