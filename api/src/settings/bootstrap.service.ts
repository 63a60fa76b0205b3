import * as socialProfilesRepository from '@app/db/accounts/social-profiles';
import * as usersRepository from '@app/db/accounts/users';
import * as backstageRequestsRepository from '@app/db/backstage/backstage-requests';
import * as notificationsRepository from '@app/db/notifications/notifications';
import type * as permissionsRepository from '@app/db/permissions/permissions';
import * as customPagesRepository from '@app/db/settings/custom-pages';
import * as localizationsRepository from '@app/db/settings/localizations';
import * as themesRepository from '@app/db/settings/themes';
import type { AppDeps, AuthState } from '../context.ts';
import { sameSitePath } from '@app/shared/redirects';
import { displayName } from '../accounts/display-name.ts';
import { hasPermission } from '../permissions/permissions.ts';
import type { TwoFactorState } from '../accounts/two-factor.service.ts';
import { browserSettings, loadSettings, publicSettings, type Settings } from './settings.service.ts';
import { userSubscriptions, type UserSubscription } from '../billing/subscriptions.service.ts';
import type { SignedInUser, UserAccount } from '../accounts/signed-in-user.ts';

export const THEME_COOKIE = 'be-active-theme';
/** A visitor's interface language, chosen in the footer; users keep theirs on their account. */
export const LANGUAGE_COOKIE = 'be-language';

/** The language cookie when it looks like a language code (`fr`, `pt-BR`); anything else is no choice, and no page-cache entry of its own. */
export function languageChoice(cookie: string | undefined): string | undefined {
  return cookie && /^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$/.test(cookie) ? cookie : undefined;
}
export const COOKIE_NOTICE_COOKIE = 'cookie_notice';

export interface CurrentUser {
  id: number;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  display_name: string;
  image: string | null;
  email: string;
  email_verified_at: string | null;
  banned_at: string | null;
  language: string | null;
  country: string | null;
  timezone: string | null;
  unread_notifications_count: number;
  two_factor_confirmed_at: string | null;
  /** off, setup (secret made, not confirmed yet) or enabled. */
  two_factor_state: TwoFactorState;
  roles: { id: number; name: string }[];
  permissions: permissionsRepository.GrantedPermission[];
  /** Newest first; `valid` says whether one counts (see subscriptionStanding), and isSubscribed is any valid one. */
  subscriptions: UserSubscription[];
  social_profiles: { service_name: string; username: string }[];
  /** Artists the user manages (approved backstage requests): the user menu offers Backstage to them. */
  artist_ids: number[];
}

/** The theme to render: a specific theme, or both default themes switched by the OS preference. */
export type ThemeSelection = { mode: 'fixed'; themeId: number } | { mode: 'system'; lightId: number; darkId: number };

export interface BootstrapData {
  user: CurrentUser | null;
  settings: Partial<Settings> & { base_url: string };
  i18n: { language: string; lines: Record<string, string> };
  themes: { all: themesRepository.Theme[]; selected: ThemeSelection };
  show_cookie_notice: boolean;
  /** Permissions of the current visitor: the user's, or the guest role's. */
  permissions: permissionsRepository.GrantedPermission[];
  /** Where the logo leads and where login ends: see postLoginPath. */
  post_login_path: string;
  /** The custom pages the site's footer links to. */
  footer_pages: { slug: string; title: string }[];
}

/**
 * What a page hands the browser (the `#be-bootstrap` data block) and what login answers carry: the
 * person's own account, the interface's lines and the few settings the site's scripts read. The
 * rest of BootstrapData (deployment settings, ad code, every theme) is for rendering on the server.
 */
export interface BrowserBootstrap {
  user: CurrentUser | null;
  settings: Partial<Settings> & { base_url: string };
  i18n: BootstrapData['i18n'];
}

export function browserBootstrap(data: BootstrapData): BrowserBootstrap {
  return { user: data.user, settings: { ...browserSettings(data.settings), base_url: data.settings.base_url }, i18n: data.i18n };
}

export async function currentUser(deps: AppDeps, user: SignedInUser, permissions: permissionsRepository.GrantedPermission[]): Promise<CurrentUser> {
  return {
    id: user.id,
    name: user.name,
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: displayName(user),
    image: user.image,
    email: user.email,
    email_verified_at: user.email_verified_at,
    banned_at: user.banned_at,
    language: user.language,
    country: user.country,
    timezone: user.timezone,
    unread_notifications_count: await notificationsRepository.unreadNotificationsCount(deps.db, user.id),
    two_factor_confirmed_at: user.two_factor_confirmed_at,
    two_factor_state: user.two_factor_state,
    roles: await usersRepository.rolesOfUser(deps.db, user.id),
    permissions,
    subscriptions: await userSubscriptions(deps.db, user.id),
    social_profiles: (await socialProfilesRepository.socialProfilesOfUser(deps.db, user.id)).map((profile) => ({ service_name: profile.service_name, username: profile.username ?? '' })),
    artist_ids: await backstageRequestsRepository.artistIdsOfUser(deps.db, user.id),
  };
}

/** The default light and dark themes (flagged, else the first of each kind, else the first). */
function defaultThemeIds(themes: themesRepository.Theme[]): { light: number; dark: number } {
  const first = themes[0]?.id ?? 0;
  return {
    light: themes.find((t) => t.default_light)?.id ?? themes.find((t) => !t.is_dark)?.id ?? first,
    dark: themes.find((t) => t.default_dark)?.id ?? themes.find((t) => t.is_dark)?.id ?? first,
  };
}

/**
 * The stored choice wins when users may change themes: a theme id, `light`, `dark`, or `system`
 * (also `0`) to follow the OS. Otherwise the site default applies; an unknown id falls back to the
 * first theme.
 */
export function selectTheme(themes: themesRepository.Theme[], settings: Settings, cookie: string | undefined): ThemeSelection {
  const first = themes[0]?.id ?? 0;
  const { light, dark } = defaultThemeIds(themes);
  const choice = settings['themes.user_change'] && cookie ? cookie : String(settings['themes.default_id']);
  if (choice === 'system' || choice === '0') return { mode: 'system', lightId: light, darkId: dark };
  if (choice === 'light') return { mode: 'fixed', themeId: light };
  if (choice === 'dark') return { mode: 'fixed', themeId: dark };
  const id = Number(choice);
  return { mode: 'fixed', themeId: themes.some((t) => t.id === id) ? id : first };
}

/**
 * What the back office draws before anyone logs in (its index.html carries it, api/src/app.ts):
 * the site's name and logos, and its light and dark themes, so the login page and the app look
 * like the site. `mode` is the theme the site would show this browser, `system` to follow the OS.
 */
export interface BackOfficeLook {
  site_name: string;
  logo_light: string;
  logo_dark: string;
  themes: { light: themesRepository.Theme['values']; dark: themesRepository.Theme['values'] };
  mode: 'light' | 'dark' | 'system';
}

export function backOfficeLook(themes: themesRepository.Theme[], settings: Settings, cookie: string | undefined): BackOfficeLook {
  const selected = selectTheme(themes, settings, cookie);
  const byId = (id: number) => themes.find((theme) => theme.id === id);
  const defaults = defaultThemeIds(themes);
  // A fixed theme stands in for the default of its kind; the switch goes to the other default.
  const fixed = selected.mode === 'fixed' ? byId(selected.themeId) : undefined;
  const light = fixed && !fixed.is_dark ? fixed : byId(defaults.light);
  const dark = fixed?.is_dark ? fixed : byId(defaults.dark);
  return {
    site_name: settings['branding.site_name'],
    logo_light: settings['branding.logo_light'],
    logo_dark: settings['branding.logo_dark'] || settings['branding.logo_light'],
    themes: { light: light?.values ?? {}, dark: dark?.values ?? {} },
    mode: fixed ? (fixed.is_dark ? 'dark' : 'light') : 'system',
  };
}

export async function loadBackOfficeLook(deps: AppDeps, themeCookie: string | undefined): Promise<BackOfficeLook> {
  const [themes, settings] = await Promise.all([themesRepository.listThemes(deps.db), loadSettings(deps.db)]);
  return backOfficeLook(themes, settings, themeCookie);
}

/** Where a user goes after logging in: the configured address, else /admin for admins and / for others. */
export function postLoginPath(settings: Settings, permissions: permissionsRepository.GrantedPermission[], appUrl: string): string {
  // Sent as a Location header by every auth page: a value that could not be one would make them all fail.
  return sameSitePath(settings['auth.post_login_redirect'], appUrl) ?? (hasPermission(permissions, 'admin.access') ? '/admin' : '/');
}

/**
 * The language the interface speaks to this person, site and back office alike: their own choice
 * when people may choose, else the site's default; lines missing from it show in English.
 */
export async function interfaceLanguage(deps: AppDeps, user: Pick<UserAccount, 'language'> | null, settings?: Settings, visitorChoice?: string): Promise<BootstrapData['i18n']> {
  const current = settings ?? (await loadSettings(deps.db));
  const defaultLanguage = current['i18n.default_language'];
  const chosen = current['i18n.enable'] ? (user ? user.language : visitorChoice) : null;
  // A choice of a language the site does not have (any more) falls back to the default.
  const found = chosen && chosen !== defaultLanguage ? await localizationsRepository.findLocalization(deps.db, chosen) : undefined;
  if (found) return { language: chosen!, lines: found.lines };
  return { language: defaultLanguage, lines: (await localizationsRepository.findLocalization(deps.db, defaultLanguage))?.lines ?? {} };
}

export async function buildBootstrapData(
  deps: AppDeps,
  auth: AuthState,
  cookies: { theme?: string; cookieNotice?: string; language?: string },
  /** When the caller has read them already for this request. */
  loadedSettings?: Settings,
): Promise<BootstrapData> {
  const settings = loadedSettings ?? (await loadSettings(deps.db));
  const [themes, i18n, user, pages] = await Promise.all([
    themesRepository.listThemes(deps.db),
    interfaceLanguage(deps, auth.user, settings, cookies.language),
    auth.user ? currentUser(deps, auth.user, auth.permissions) : null,
    customPagesRepository.footerPages(deps.db),
  ]);
  return {
    user,
    settings: { ...publicSettings(settings), base_url: deps.config.appUrl },
    i18n,
    themes: { all: themes, selected: selectTheme(themes, settings, cookies.theme) },
    show_cookie_notice: settings['cookie_notice.enable'] && !cookies.cookieNotice,
    permissions: auth.permissions,
    post_login_path: postLoginPath(settings, auth.permissions, deps.config.appUrl),
    footer_pages: pages,
  };
}
