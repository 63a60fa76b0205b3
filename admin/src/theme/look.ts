/**
 * The site's look as the server hands it to the back office in index.html (see BackOfficeLook in
 * api/src/settings/bootstrap.service.ts): its name, logos and light and dark theme values.
 */
interface SiteLook {
  site_name: string;
  logo_light: string;
  logo_dark: string;
  /** CSS custom properties of the site's themes: colours as "r g b" triplets, `--be-radius`. */
  themes: { light: Record<string, string>; dark: Record<string, string> };
  mode: 'light' | 'dark' | 'system';
}

/** Read once: the block is written by the server with the page and never changes after. */
function readLook(): SiteLook | null {
  const block = typeof document === 'undefined' ? null : document.querySelector('script#be-bootstrap[type="application/json"]');
  try {
    const look = JSON.parse(block?.textContent || 'null') as SiteLook | null;
    return look?.themes ? look : null;
  } catch {
    return null;
  }
}

export const siteLook = readLook();
