import type { Settings } from '@app/api';
import { ICON_PATHS, type IconName } from '../components/Icon.tsx';
import { menuIcon } from './menus.ts';

/** The landing page's sections as the appearance editor saves them (setting `landing.sections`). */
export type LandingSections = Settings['landing.sections'];
export type LandingAction = LandingSections['hero']['actions'][number];

/** A landing page button, ready for an <a>. */
export interface LandingLink {
  label: string;
  href: string;
  primary: boolean;
  /** Its place in the section's list, for the live preview's binding (`...actions.<index>.label`). */
  index: number;
  /** Another site's address: opens in a new tab, without giving that tab a hold on this one. */
  external: boolean;
}

/** Addresses on this site: a path, a fragment or a query, but not `//host` (another site without a scheme). */
const SITE_PATH = /^(?:\/(?!\/)|[#?])/;
const OTHER_SITE = /^(?:https?:\/\/|mailto:)/i;

/** The path of a site address, without its query and fragment. */
function pathOf(href: string): string {
  return href.split(/[?#]/, 1)[0] ?? '';
}

/**
 * The buttons a visitor gets from a section's actions. Registering is offered only to visitors
 * while registration is open, and an address that is neither a site path nor an http(s) or mailto
 * link (`javascript:` and the like) is dropped: the editor's words must not become script.
 */
export function landingLinks(actions: readonly LandingAction[], visitor: { loggedIn: boolean; registrationOpen: boolean }): LandingLink[] {
  return actions.flatMap((action, index) => {
    const href = action.action.trim();
    const external = OTHER_SITE.test(href);
    if (!external && !SITE_PATH.test(href)) return [];
    if (!external && pathOf(href).replace(/\/+$/, '') === '/register' && (visitor.loggedIn || !visitor.registrationOpen)) return [];
    return [{ label: action.label, href, primary: action.primary, index, external }];
  });
}

/**
 * The icon a feature names: the names menu items use (home, music, library, favorite...) or any
 * icon of the site's set; an unknown name gets none rather than a wrong picture.
 */
export function landingIcon(name: string): IconName | undefined {
  const trimmed = name.trim();
  return menuIcon(trimmed) ?? (Object.hasOwn(ICON_PATHS, trimmed) ? (trimmed as IconName) : undefined);
}

/** Channel references the page may ask the API for: slugs or ids, as channel addresses take them. */
export function channelReferences(channels: readonly string[]): string[] {
  return [...new Set(channels.map((channel) => channel.trim()).filter((channel) => /^[\p{L}\p{N}_-]{1,100}$/u.test(channel)))];
}
