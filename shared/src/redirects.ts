// Shared with the site (pages and islands), so it stays pure: no imports, nothing Node-only.

/** Control characters break a Location header (500) or, like a tab, vanish in the browser; a backslash reads as a slash. */
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** Longer than any address of the site; a long value is an attack, not a link. */
const MAX_LENGTH = 2000;

/**
 * The one rule for every address a visitor may ask to be sent to after logging in (`?redirect=`,
 * the post-login setting): a path of this site, returned as the browser will read it (resolved
 * and percent-encoded, so it is always a valid header value), or null for anything else.
 *
 * Browsers forgive what a string check misses (`/\t/evil.com` is `//evil.com` once the tab is
 * dropped), so the value is parsed the way they parse it and judged by the origin it lands on.
 */
export function sameSitePath(value: unknown, appUrl: string): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_LENGTH || UNSAFE.test(value)) return null;
  let site: URL;
  let target: URL;
  try {
    site = new URL(appUrl);
    target = new URL(value, site);
  } catch {
    return null;
  }
  if (target.origin !== site.origin) return null;
  const path = target.pathname + target.search + target.hash;
  // Dot segments can leave `//host` behind (`/..//evil.com`), which a browser reads as another site.
  return path.startsWith('//') ? null : path;
}
