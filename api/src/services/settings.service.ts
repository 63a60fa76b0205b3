import { getStoredSettings, saveSettings, type Db } from '@app/db';
import { z } from 'zod';

const menuItem = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(['link', 'route', 'channel', 'custom']).default('route'),
  action: z.string().optional(),
  icon: z.string().optional(),
  target: z.enum(['_self', '_blank']).optional(),
  roles: z.array(z.number()).optional(),
  permissions: z.array(z.string()).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  subscriptionStatus: z.enum(['subscribed', 'notSubscribed']).optional(),
});

const menu = z.object({
  id: z.string(),
  name: z.string(),
  positions: z.array(z.string()),
  items: z.array(menuItem),
});

export type MenuConfig = z.infer<typeof menu>;
export type MenuItemConfig = z.infer<typeof menuItem>;

/** A button or link of the landing page: an address on this site or another. */
const landingAction = z.object({
  label: z.string().trim().min(1).max(60),
  action: z.string().trim().min(1).max(500),
  /** Drawn as the main call to action. */
  primary: z.boolean().default(false),
});

/**
 * The landing page (/landing) is built from these sections, in this order; each can be turned off.
 * Texts are the admin's words; channels are slugs or ids of channels whose content is shown.
 */
const landingSections = z.object({
  hero: z.object({
    enabled: z.boolean(),
    title: z.string().max(200),
    subtitle: z.string().max(500),
    /** Background image address; empty for the theme's colours. */
    image: z.string().max(500),
    actions: z.array(landingAction).max(3),
  }),
  features: z.object({
    enabled: z.boolean(),
    title: z.string().max(200),
    items: z.array(z.object({ title: z.string().trim().min(1).max(120), description: z.string().max(500), icon: z.string().max(40) })).max(12),
  }),
  channels: z.object({ enabled: z.boolean(), channels: z.array(z.string().trim().min(1).max(100)).max(10) }),
  pricing: z.object({ enabled: z.boolean(), title: z.string().max(200), subtitle: z.string().max(500) }),
  footer: z.object({ enabled: z.boolean(), title: z.string().max(200), subtitle: z.string().max(500), actions: z.array(landingAction).max(2) }),
});

/** The pages whose title and description the appearance editor's SEO section sets (music spec §2.9). */
export const SEO_PAGES = ['artist', 'album', 'track', 'playlist', 'landing', 'channel', 'user', 'search'] as const;
export type SeoPage = (typeof SEO_PAGES)[number];

const seoTemplate = (defaultValue: string) => setting(z.string().max(500), defaultValue);

interface SettingDefinition<S extends z.ZodType> {
  schema: S;
  default: z.infer<S>;
  /** Private settings (secrets) never leave the server, not even to the back office. */
  private?: boolean;
  /**
   * Sent to browsers in every page's bootstrap data because the site's scripts read it. Everything
   * else stays with the server (pages are rendered there) and the back office: an allow-list, so a
   * new setting is never published by accident.
   */
  browser?: boolean;
}

const setting = <S extends z.ZodType>(schema: S, defaultValue: z.infer<S>, options: { private?: boolean; browser?: boolean } = {}): SettingDefinition<S> => ({
  schema,
  default: defaultValue,
  ...options,
});

/**
 * Every site setting the product reads, with its type and default. Stored values override the
 * defaults; a stored value that no longer fits its schema is ignored rather than breaking pages.
 */
export const SETTINGS = {
  'branding.site_name': setting(z.string().min(1).max(80), 'Cadence', { browser: true }),
  'branding.site_description': setting(z.string().max(300), 'Stream music from independent artists, build your library and share playlists.'),
  'branding.logo_light': setting(z.string().max(500), ''),
  'branding.logo_dark': setting(z.string().max(500), ''),
  'branding.logo_light_mobile': setting(z.string().max(500), ''),
  'branding.logo_dark_mobile': setting(z.string().max(500), ''),
  /** Address of the browser tab icon; empty for the built-in one. */
  'branding.favicon': setting(z.string().max(500), ''),
  'registration.disable': setting(z.boolean(), false),
  'registration.policies': setting(z.array(z.object({ id: z.string(), label: z.string(), action: z.string().optional() })), []),
  'social.google.enable': setting(z.boolean(), false),
  'social.facebook.enable': setting(z.boolean(), false),
  'social.twitter.enable': setting(z.boolean(), false),
  'social.envato.enable': setting(z.boolean(), false),
  'social.compact_buttons': setting(z.boolean(), false),
  'social.google.client_id': setting(z.string().max(500), '', { private: true }),
  'social.google.client_secret': setting(z.string().max(500), '', { private: true }),
  'social.facebook.client_id': setting(z.string().max(500), '', { private: true }),
  'social.facebook.client_secret': setting(z.string().max(500), '', { private: true }),
  'social.twitter.client_id': setting(z.string().max(500), '', { private: true }),
  'social.twitter.client_secret': setting(z.string().max(500), '', { private: true }),
  'social.envato.client_id': setting(z.string().max(500), '', { private: true }),
  'social.envato.client_secret': setting(z.string().max(500), '', { private: true }),
  'recaptcha.site_key': setting(z.string().max(200), ''),
  'recaptcha.secret_key': setting(z.string().max(200), '', { private: true }),
  'recaptcha.enable.register': setting(z.boolean(), false),
  'recaptcha.enable.login': setting(z.boolean(), false),
  'recaptcha.enable.contact': setting(z.boolean(), false),
  /** Users choose which kinds of notification reach them by email and in the browser (/notifications/settings). */
  'notif.subs.integrated': setting(z.boolean(), true),
  /** The bell, /notifications and live delivery; off, nobody sees notifications. */
  'notifications.integrated': setting(z.boolean(), true),
  'themes.user_change': setting(z.boolean(), true),
  /** 0 follows the operating system's light or dark preference. */
  'themes.default_id': setting(z.number().int().min(0), 0),
  'api.integrated': setting(z.boolean(), true),
  /** The Subsonic API at /rest, for music apps; off, every call answers that it is disabled. */
  'subsonic.enable': setting(z.boolean(), true),
  'billing.enable': setting(z.boolean(), false),
  /** Stripe takes payments when this is on and a secret key is set here or in STRIPE_SECRET_KEY. */
  'billing.stripe.enable': setting(z.boolean(), false),
  'billing.stripe.secret_key': setting(z.string().trim().max(500), '', { private: true }),
  /** The signing secret of the webhook endpoint (whsec_...), from Stripe's dashboard. */
  'billing.stripe.webhook_secret': setting(z.string().trim().max(500), '', { private: true }),
  /** PayPal takes payments when this is on and a client id and secret are set here or in PAYPAL_*. */
  'billing.paypal.enable': setting(z.boolean(), false),
  'billing.paypal.client_id': setting(z.string().trim().max(500), ''),
  'billing.paypal.secret': setting(z.string().trim().max(500), '', { private: true }),
  /** The id PayPal gave the webhook registered for this site; events are verified against it. */
  'billing.paypal.webhook_id': setting(z.string().trim().max(100), ''),
  'dates.default_timezone': setting(z.string().max(64), 'UTC'),
  'cookie_notice.enable': setting(z.boolean(), true),
  'cookie_notice.position': setting(z.enum(['top', 'bottom']), 'bottom'),
  'cookie_notice.button': setting(z.object({ label: z.string().min(1).max(40) }), { label: 'Got it' }),
  'i18n.enable': setting(z.boolean(), false),
  'i18n.default_language': setting(z.string().max(10), 'en'),
  'require_email_confirmation': setting(z.boolean(), false),
  'mail.host': setting(z.string().max(255), ''),
  'mail.port': setting(z.number().int().min(1).max(65535), 587),
  'mail.username': setting(z.string().max(255), ''),
  'mail.password': setting(z.string().max(255), '', { private: true }),
  'mail.encryption': setting(z.enum(['tls', 'ssl', 'none']), 'tls'),
  'mail.from_address': setting(z.string().max(255), ''),
  'mail.from_name': setting(z.string().max(255), ''),
  /** Where the contact page's messages go; empty sends them to the from address. */
  'mail.contact_address': setting(z.string().max(255), ''),
  /**
   * What visitors who are not logged in see at /: the home channel, the landing page, or the login
   * or registration page. Logged-in listeners always get the home channel.
   */
  'homepage.type': setting(z.enum(['channel', 'landingPage', 'loginPage', 'registerPage']), 'channel'),
  /** Slug or id of the channel shown at /. */
  'homepage.value': setting(z.string().min(1).max(100), 'discover'),
  // Ad code is pasted by admins and rendered as given at these places of the player pages.
  'ads.general_top': setting(z.string().max(20000), ''),
  'ads.general_bottom': setting(z.string().max(20000), ''),
  'ads.artist_top': setting(z.string().max(20000), ''),
  'ads.artist_bottom': setting(z.string().max(20000), ''),
  'ads.album_above': setting(z.string().max(20000), ''),
  /** Turns every ad slot off without losing the code. */
  'ads.disable': setting(z.boolean(), false),
  /** Where users land after logging in; empty means / for users and /admin for admins. */
  'auth.post_login_redirect': setting(z.string().max(500), ''),
  'menus': setting(z.array(menu), [
    {
      id: 'primary',
      name: 'Primary',
      positions: ['sidebar-primary', 'mobile-bottom'],
      items: [
        { id: 'discover', label: 'Discover', type: 'route', action: '/', icon: 'home' },
        { id: 'library', label: 'Your library', type: 'route', action: '/library', icon: 'library' },
        { id: 'lyrics', label: 'Lyrics', type: 'route', action: '/lyrics', icon: 'music' },
      ],
    },
    {
      id: 'library',
      name: 'Your music',
      positions: ['sidebar-secondary'],
      items: [
        { id: 'songs', label: 'Songs', type: 'route', action: '/library/songs', icon: 'favorite' },
        { id: 'playlists', label: 'Playlists', type: 'route', action: '/library/playlists', icon: 'playlist' },
        { id: 'albums', label: 'Albums', type: 'route', action: '/library/albums', icon: 'album' },
        { id: 'artists', label: 'Artists', type: 'route', action: '/library/artists', icon: 'person' },
        { id: 'history', label: 'History', type: 'route', action: '/library/history', icon: 'history' },
      ],
    },
    {
      id: 'landing-navbar',
      name: 'Landing page',
      positions: ['landing-page-navbar'],
      items: [
        { id: 'landing-browse', label: 'Browse music', type: 'route', action: '/channel/discover', permissions: ['music.view'] },
        { id: 'landing-pricing', label: 'Pricing', type: 'route', action: '/pricing', settings: { 'billing.enable': true } },
        { id: 'landing-contact', label: 'Contact', type: 'route', action: '/contact' },
      ],
    },
    {
      id: 'auth-dropdown',
      name: 'Account menu',
      positions: ['auth-dropdown'],
      items: [
        { id: 'admin', label: 'Admin area', type: 'route', action: '/admin', icon: 'dashboard', permissions: ['admin.access'] },
        { id: 'account-settings', label: 'Account settings', type: 'route', action: '/account-settings', icon: 'settings' },
      ],
    },
  ]),
  /**
   * Title and description templates of the pages search engines and link previews read.
   * Placeholders: {site_name}, {site_description}, {name}, {artists} (album, track), {description},
   * {query} (search). A description that comes out empty falls back to the site description.
   */
  'seo.artist.title': seoTemplate('{name} - {site_name}'),
  'seo.artist.description': seoTemplate('{description}'),
  'seo.album.title': seoTemplate('{name} - {artists} - {site_name}'),
  'seo.album.description': seoTemplate('{description}'),
  'seo.track.title': seoTemplate('{name} - {artists} - {site_name}'),
  'seo.track.description': seoTemplate('{description}'),
  'seo.playlist.title': seoTemplate('{name} - {site_name}'),
  'seo.playlist.description': seoTemplate('{description}'),
  'seo.landing.title': seoTemplate('{site_name} - Listen to music you love'),
  'seo.landing.description': seoTemplate('{site_description}'),
  'seo.channel.title': seoTemplate('{name} - {site_name}'),
  'seo.channel.description': seoTemplate('{description}'),
  'seo.user.title': seoTemplate('{name} - {site_name}'),
  'seo.user.description': seoTemplate('{name} on {site_name}'),
  'seo.search.title': seoTemplate('Search results for "{query}" - {site_name}'),
  'seo.search.description': seoTemplate('Artists, albums, tracks and playlists matching "{query}" on {site_name}.'),
  /**
   * Code the appearance editor adds to every site page (never to the back office): a style sheet
   * in the head, and HTML at the end of the body whose scripts the page policy trusts by hash.
   */
  'custom_code.css': setting(z.string().max(100_000), ''),
  'custom_code.html': setting(z.string().max(100_000), ''),
  'landing.sections': setting(landingSections, {
    hero: {
      enabled: true,
      title: 'Listen to music you love',
      subtitle: '',
      image: '',
      actions: [
        { label: 'Get started, it is free', action: '/register', primary: true },
        { label: 'Browse music', action: '/channel/discover', primary: false },
      ],
    },
    features: {
      enabled: true,
      title: 'Everything you need to listen',
      items: [
        { title: 'Stream anywhere', description: 'A player that keeps playing while you browse, on your computer and your phone.', icon: 'music' },
        { title: 'Your library', description: 'Save songs, albums and artists, and build playlists to share.', icon: 'library' },
        { title: 'Independent artists', description: 'Artists publish their own music and see who listens.', icon: 'person' },
      ],
    },
    channels: { enabled: true, channels: ['new-releases'] },
    pricing: { enabled: true, title: 'Choose a plan', subtitle: '' },
    footer: { enabled: true, title: 'Ready to listen?', subtitle: '', actions: [{ label: 'Create an account', action: '/register', primary: true }] },
  }),
  // Read by the player, the search pages, the page cache policy, the visitors report and the error log.
  /** Volume (0-100) of a listener's first visit; after that their own choice is kept in the browser. */
  'player.default_volume': setting(z.number().int().min(0).max(100), 80),
  /** Results on each tab of the search page (artists, albums, tracks...). */
  'search.results_per_page': setting(z.number().int().min(5).max(50), 20),
  /** How long the page cache and shared caches (a CDN or proxy) may keep a page served to a visitor who is not logged in. */
  'cache.public_pages_seconds': setting(z.number().int().min(0).max(86400), 60),
  /** Record pages served to visitors, for the visitors report of the admin home. */
  'analytics.page_views': setting(z.boolean(), true),
  /** Write unexpected server errors to storage/logs, read in Logs > Error. */
  'logging.errors': setting(z.boolean(), true),
  /** Days of error log files kept; older ones are deleted. */
  'logging.retention_days': setting(z.number().int().min(1).max(365), 14),
  // Uploading (back-office section "uploading"): enforced by the upload routes and by the uploader in the browser.
  /** Largest file anyone may upload, in bytes. */
  'uploads.max_size': setting(z.number().int().min(1024).max(50 * 1024 ** 3), 200 * 1024 ** 2),
  /**
   * Types a file must match when the list is not empty: mime patterns with wildcards (`audio/*`,
   * `image/png`) or extensions (`.mp3`, `mp3`).
   */
  'uploads.allowed_extensions': setting(z.array(z.string().trim().toLowerCase().min(1).max(100)).max(200), []),
  /** Types refused whatever else allows them, in the same notation. */
  'uploads.blocked_extensions': setting(z.array(z.string().trim().toLowerCase().min(1).max(100)).max(200), ['.exe', '.msi', '.bat', '.cmd', '.sh', '.php', '.phar', '.js', '.html', '.htm']),
  /** Bytes per request of a resumable upload; also the most a failed request loses. */
  'uploads.chunk_size': setting(z.number().int().min(256 * 1024).max(100 * 1024 ** 2), 5 * 1024 ** 2),
  /** Send every file as one plain request instead of resumable uploads for files of 4 MB and more. */
  'uploads.disable_tus': setting(z.boolean(), false),
} as const;

export type SettingName = keyof typeof SETTINGS;
export type Settings = { -readonly [K in SettingName]: z.infer<(typeof SETTINGS)[K]['schema']> };

/** A setting's value from what is stored, else its default. */
function settingValue(name: SettingName, stored: Record<string, unknown>): unknown {
  const definition = SETTINGS[name] as SettingDefinition<z.ZodType>;
  const parsed = name in stored ? definition.schema.safeParse(stored[name]) : undefined;
  const fallback = definition.default;
  // Object defaults are copied so that no caller can change them for the next request.
  return parsed?.success ? parsed.data : typeof fallback === 'object' && fallback !== null ? structuredClone(fallback) : fallback;
}

export async function loadSettings(db: Db): Promise<Settings> {
  const stored = await getStoredSettings(db);
  const settings = {} as Record<string, unknown>;
  for (const name of Object.keys(SETTINGS) as SettingName[]) settings[name] = settingValue(name, stored);
  return settings as Settings;
}

/** One setting, for a check that runs on every request: reads and parses only its row. */
export async function loadSetting<K extends SettingName>(db: Db, name: K): Promise<Settings[K]> {
  return settingValue(name, await getStoredSettings(db, name)) as Settings[K];
}

function pickSettings(settings: Partial<Settings>, keep: (definition: SettingDefinition<z.ZodType>) => boolean): Partial<Settings> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(settings)) {
    const definition = (SETTINGS as Record<string, SettingDefinition<z.ZodType> | undefined>)[name];
    if (definition && keep(definition)) result[name] = value;
  }
  return result as Partial<Settings>;
}

/** Settings pages may read while they render on the server; secrets stay out. */
export function publicSettings(settings: Settings): Partial<Settings> {
  return pickSettings(settings, (definition) => !definition.private);
}

/** The settings a browser receives: only those marked `browser`, read by the site's scripts. */
export function browserSettings(settings: Partial<Settings>): Partial<Settings> {
  return pickSettings(settings, (definition) => Boolean(definition.browser && !definition.private));
}

/** Validates and stores changed settings; unknown names and wrong types are refused with field errors. */
export async function updateSettings(db: Db, values: Record<string, unknown>): Promise<{ errors?: Record<string, string> }> {
  const { valid, errors } = validateSettings(values);
  if (errors) return { errors };
  await saveSettings(db, valid);
  return {};
}

/** Each value parsed by its setting's schema; errors by setting name for unknown names and wrong values. */
export function validateSettings(values: Record<string, unknown>): { valid: Record<string, unknown>; errors?: Record<string, string> } {
  const errors: Record<string, string> = {};
  const valid: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const definition = (SETTINGS as Record<string, SettingDefinition<z.ZodType> | undefined>)[name];
    if (!definition) {
      errors[name] = `Unknown setting "${name}".`;
      continue;
    }
    const parsed = definition.schema.safeParse(value);
    if (parsed.success) valid[name] = parsed.data;
    else errors[name] = parsed.error.issues[0]?.message ?? 'Invalid value.';
  }
  return Object.keys(errors).length ? { valid, errors } : { valid };
}
