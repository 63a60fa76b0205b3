import { z } from 'zod';
import type { SettingField } from './settings-metadata.ts';

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

export interface SettingDefinition<S extends z.ZodType> {
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
  /** How the back office's Settings screen shows it; without one it is edited elsewhere (see settings-metadata.ts). */
  field?: SettingField;
}

const setting = <S extends z.ZodType>(schema: S, defaultValue: z.infer<S>, options: { private?: boolean; browser?: boolean; field?: SettingField } = {}): SettingDefinition<S> => ({
  schema,
  default: defaultValue,
  ...options,
});

type SocialService = 'google' | 'facebook' | 'twitter' | 'envato';

/** A sign-in service's switch and keys, with their fields in Settings > Authentication. */
const socialSettings = <S extends SocialService>(service: S, label: string) =>
  ({
    [`social.${service}.enable`]: setting(z.boolean(), false, {
      field: { section: 'authentication', label: `Sign in with ${label}`, description: `Shows a "${label}" button on the login and registration pages when the keys below (or SOCIAL_${service.toUpperCase()}_* variables) are set.` },
    }),
    [`social.${service}.client_id`]: setting(z.string().max(500), '', { private: true, field: { section: 'authentication', label: `${label} client ID` } }),
    [`social.${service}.client_secret`]: setting(z.string().max(500), '', { private: true, field: { section: 'authentication', label: `${label} client secret` } }),
  }) as Record<`social.${S}.enable`, SettingDefinition<z.ZodBoolean>> & Record<`social.${S}.client_id` | `social.${S}.client_secret`, SettingDefinition<z.ZodString>>;

/**
 * Every site setting the product reads, with its type and default. Stored values override the
 * defaults; a stored value that no longer fits its schema is ignored rather than breaking pages.
 * Settings with a `field` are shown in the back office's Settings screen in this order.
 */
export const SETTINGS = {
  /**
   * What visitors who are not logged in see at /: the home channel, the landing page, or the login
   * or registration page. Logged-in listeners always get the home channel.
   */
  'homepage.type': setting(z.enum(['channel', 'landingPage', 'loginPage', 'registerPage']), 'channel', { field: {
    section: 'general',
    label: 'Homepage for visitors',
    description: 'What visitors who are not logged in see at /. Logged-in listeners always get the home channel.',
    choices: { channel: 'A channel', landingPage: 'The landing page', loginPage: 'The login page', registerPage: 'The registration page' },
  } }),
  /** Slug or id of the channel shown at /. */
  'homepage.value': setting(z.string().min(1).max(100), 'discover', { field: { section: 'general', label: 'Homepage channel', description: 'Slug or id of the channel shown at /.' } }),
  /** The bell, /notifications and live delivery; off, nobody sees notifications. */
  'notifications.integrated': setting(z.boolean(), true, { field: { section: 'general', label: 'Notifications', description: 'The bell in the navigation bar and the notifications page: new followers, replies, backstage decisions, failed payments and workspace invitations.' } }),
  /** Users choose which kinds of notification reach them by email and in the browser (/notifications/settings). */
  'notif.subs.integrated': setting(z.boolean(), true, { field: { section: 'general', label: 'Notification settings for users', description: 'Lets users choose, for each kind of notification, whether it reaches them by email and in the browser.' } }),
  'api.integrated': setting(z.boolean(), true, { field: { section: 'general', label: 'API access', description: 'Lets users with the "Access the API" permission create API tokens in their account settings.' } }),
  /** The Subsonic API at /rest, for music apps; off, every call answers that it is disabled. */
  'subsonic.enable': setting(z.boolean(), true, { field: { section: 'general', label: 'Subsonic apps', description: 'Lets music apps such as Symfonium, DSub, Feishin and Supersonic play from this site through the Subsonic API at /rest, with an app password from account settings or an API token.' } }),
  'billing.enable': setting(z.boolean(), false, { field: {
    section: 'subscriptions',
    label: 'Enable subscriptions',
    description: 'When on, listeners who lack a permission are sent to the pricing page instead of the not-found page.',
  } }),
  /** Stripe takes payments when this is on and a secret key is set here or in STRIPE_SECRET_KEY. */
  'billing.stripe.enable': setting(z.boolean(), false, { field: { section: 'subscriptions', label: 'Enable Stripe', description: 'Take payments with Stripe Checkout. Needs the secret key below (or STRIPE_SECRET_KEY).' } }),
  'billing.stripe.secret_key': setting(z.string().trim().max(500), '', { private: true, field: { section: 'subscriptions', label: 'Stripe secret key', description: 'sk_live_... or sk_test_..., from Developers > API keys in Stripe.' } }),
  /** The signing secret of the webhook endpoint (whsec_...), from Stripe's dashboard. */
  'billing.stripe.webhook_secret': setting(z.string().trim().max(500), '', { private: true, field: {
    section: 'subscriptions',
    label: 'Stripe webhook signing secret',
    description: 'whsec_..., shown when you add the endpoint https://<your site>/api/v1/billing/stripe/webhook in Developers > Webhooks.',
  } }),
  /** PayPal takes payments when this is on and a client id and secret are set here or in PAYPAL_*. */
  'billing.paypal.enable': setting(z.boolean(), false, { field: { section: 'subscriptions', label: 'Enable PayPal', description: 'Offer "Pay with PayPal" beside the card. Needs the client id and secret below (or PAYPAL_CLIENT_ID and PAYPAL_SECRET).' } }),
  'billing.paypal.client_id': setting(z.string().trim().max(500), '', { field: { section: 'subscriptions', label: 'PayPal client id', description: "From your app's page in Apps & Credentials on developer.paypal.com." } }),
  'billing.paypal.secret': setting(z.string().trim().max(500), '', { private: true, field: { section: 'subscriptions', label: 'PayPal secret', description: 'The secret of the same app.' } }),
  /** The id PayPal gave the webhook registered for this site; events are verified against it. */
  'billing.paypal.webhook_id': setting(z.string().trim().max(100), '', { field: {
    section: 'subscriptions',
    label: 'PayPal webhook id',
    description: "Shown when you add the webhook https://<your site>/api/v1/billing/paypal/webhook to the app. PayPal's events are checked against it.",
  } }),
  'i18n.enable': setting(z.boolean(), false, { field: { section: 'localization', label: 'Let users choose their language', description: 'Off: everybody sees the default language.' } }),
  'i18n.default_language': setting(z.string().max(10), 'en', { field: { section: 'localization', label: 'Default language', description: 'A language code with a translation, such as en.' } }),
  'registration.disable': setting(z.boolean(), false, { field: { section: 'authentication', label: 'Disable registration', description: 'Hides sign-up; existing accounts can still log in.' } }),
  'require_email_confirmation': setting(z.boolean(), false, { field: { section: 'authentication', label: 'Require email confirmation', description: 'New accounts must confirm their address before using the site.' } }),
  'registration.policies': setting(z.array(z.object({ id: z.string(), label: z.string(), action: z.string().optional() })), [], { field: {
    section: 'authentication',
    label: 'Policies to accept on registration',
    description: 'Each becomes a required checkbox on the registration form.',
    itemLabels: { id: 'Id', label: 'Label', action: 'Link (optional)' },
  } }),
  /** Where users land after logging in; empty means / for users and /admin for admins. */
  'auth.post_login_redirect': setting(z.string().max(500), '', { field: { section: 'authentication', label: 'After login, go to', description: 'A path on this site. Empty: /admin for admins, / for everyone else.' } }),
  'social.compact_buttons': setting(z.boolean(), false, { field: { section: 'authentication', label: 'Compact sign-in buttons', description: 'Icons only instead of "Continue with ..." buttons.' } }),
  ...socialSettings('google', 'Google'),
  ...socialSettings('facebook', 'Facebook'),
  ...socialSettings('twitter', 'Twitter'),
  ...socialSettings('envato', 'Envato'),
  'mail.host': setting(z.string().max(255), '', { field: { section: 'outgoing-email', label: 'SMTP host' } }),
  'mail.port': setting(z.number().int().min(1).max(65535), 587, { field: { section: 'outgoing-email', label: 'SMTP port' } }),
  'mail.encryption': setting(z.enum(['tls', 'ssl', 'none']), 'tls', { field: { section: 'outgoing-email', label: 'Encryption', choices: { tls: 'STARTTLS', ssl: 'SSL/TLS', none: 'None' } } }),
  'mail.username': setting(z.string().max(255), '', { field: { section: 'outgoing-email', label: 'SMTP username' } }),
  'mail.password': setting(z.string().max(255), '', { private: true, field: { section: 'outgoing-email', label: 'SMTP password' } }),
  'mail.from_address': setting(z.string().max(255), '', { field: { section: 'outgoing-email', label: 'From address' } }),
  /** Where the contact page's messages go; empty sends them to the from address. */
  'mail.contact_address': setting(z.string().max(255), '', { field: { section: 'outgoing-email', label: 'Contact page address', description: "Where the contact page's messages go. Empty uses the from address." } }),
  'mail.from_name': setting(z.string().max(255), '', { field: { section: 'outgoing-email', label: 'From name', description: 'Empty uses the site name.' } }),
  /** How long the page cache and shared caches (a CDN or proxy) may keep a page served to a visitor who is not logged in. */
  'cache.public_pages_seconds': setting(z.number().int().min(0).max(86400), 60, { field: {
    section: 'cache',
    label: 'Shared cache time for public pages (seconds)',
    description: 'How long the built-in page cache, a CDN or a proxy may serve a page to visitors who are not logged in before it is rendered again. Changes made in the back office clear the built-in cache at once; what listeners change (playlists, comments, play counts) shows to visitors within this time. 0 turns it off. Pages for logged-in users are never shared.',
  } }),
  /** Record pages served to visitors, for the visitors report of the admin home. */
  'analytics.page_views': setting(z.boolean(), true, { field: { section: 'analytics', label: 'Record page views', description: 'Counts pages served to people (not API calls or bots) for the visitors report. No IP address is stored.' } }),
  /** Write unexpected server errors to storage/logs, read in Logs > Error. */
  'logging.errors': setting(z.boolean(), true, { field: { section: 'logging', label: 'Log server errors', description: 'Writes unexpected errors (500 responses, crashes) with their stack trace to storage/logs, one file a day.' } }),
  /** Days of error log files kept; older ones are deleted. */
  'logging.retention_days': setting(z.number().int().min(1).max(365), 14, { field: { section: 'logging', label: 'Keep error logs for (days)' } }),
  'recaptcha.site_key': setting(z.string().max(200), '', { field: { section: 'recaptcha', label: 'Site key' } }),
  'recaptcha.secret_key': setting(z.string().max(200), '', { private: true, field: { section: 'recaptcha', label: 'Secret key' } }),
  'recaptcha.enable.register': setting(z.boolean(), false, { field: { section: 'recaptcha', label: 'Check registration' } }),
  'recaptcha.enable.login': setting(z.boolean(), false, { field: { section: 'recaptcha', label: 'Check login' } }),
  'cookie_notice.enable': setting(z.boolean(), true, { field: { section: 'gdpr', label: 'Show the cookie notice' } }),
  'cookie_notice.position': setting(z.enum(['top', 'bottom']), 'bottom', { field: { section: 'gdpr', label: 'Position', choices: { bottom: 'Bottom', top: 'Top' } } }),
  'cookie_notice.button': setting(z.object({ label: z.string().min(1).max(40) }), { label: 'Got it' }, { field: { section: 'gdpr', label: 'Button label', property: 'label' } }),
  /** Results on each tab of the search page (artists, albums, tracks...). */
  'search.results_per_page': setting(z.number().int().min(5).max(50), 20, { field: { section: 'search', label: 'Results per page', description: 'On each tab of the search page (artists, albums, tracks...).' } }),
  /** Volume (0-100) of a listener's first visit; after that their own choice is kept in the browser. */
  'player.default_volume': setting(z.number().int().min(0).max(100), 80, { field: { section: 'player', label: 'Default volume', description: 'From 0 to 100, for a listener’s first visit; after that the player keeps their own choice.' } }),
  // Uploading (back-office section "uploading"): enforced by the upload routes and by the uploader in the browser.
  /** Largest file anyone may upload, in bytes. */
  'uploads.max_size': setting(z.number().int().min(1024).max(50 * 1024 ** 3), 200 * 1024 ** 2, { field: { section: 'uploading', label: 'Maximum file size (bytes)', description: 'Larger files are refused with "file exceeds maximum allowed size", in the uploader and on the server. 209715200 is 200 MB.', input: 'bytes' } }),
  /**
   * Types a file must match when the list is not empty: mime patterns with wildcards (`audio/*`,
   * `image/png`) or extensions (`.mp3`, `mp3`).
   */
  'uploads.allowed_extensions': setting(z.array(z.string().trim().toLowerCase().min(1).max(100)).max(200), [], { field: {
    section: 'uploading',
    label: 'Allowed file types',
    description: 'A JSON list of mime patterns or extensions, for example ["audio/*", "image/png", ".flac"]. An empty list [] allows every type that is not blocked.',
  } }),
  /** Types refused whatever else allows them, in the same notation. */
  'uploads.blocked_extensions': setting(z.array(z.string().trim().toLowerCase().min(1).max(100)).max(200), ['.exe', '.msi', '.bat', '.cmd', '.sh', '.php', '.phar', '.js', '.html', '.htm'], { field: { section: 'uploading', label: 'Blocked file types', description: 'Refused even when allowed above, in the same notation, for example [".exe", "text/html"].' } }),
  /** Bytes per request of a resumable upload; also the most a failed request loses. */
  'uploads.chunk_size': setting(z.number().int().min(256 * 1024).max(100 * 1024 ** 2), 5 * 1024 ** 2, { field: { section: 'uploading', label: 'Chunk size of resumable uploads (bytes)', description: 'Files of 4 MB and more are sent in chunks of this size; a dropped connection loses at most one chunk.', input: 'bytes' } }),
  /** Send every file as one plain request instead of resumable uploads for files of 4 MB and more. */
  'uploads.disable_tus': setting(z.boolean(), false, { field: { section: 'uploading', label: 'Turn off resumable uploads', description: 'Sends every file in one request. Large files then cannot resume after a dropped connection.' } }),
  // Edited in the appearance editor, the ads screen or only with `pnpm settings`: no entry in Settings.
  'branding.site_name': setting(z.string().min(1).max(80), 'Cadence', { browser: true }),
  'branding.site_description': setting(z.string().max(300), 'Stream music from independent artists, build your library and share playlists.'),
  'branding.logo_light': setting(z.string().max(500), ''),
  'branding.logo_dark': setting(z.string().max(500), ''),
  'branding.logo_light_mobile': setting(z.string().max(500), ''),
  'branding.logo_dark_mobile': setting(z.string().max(500), ''),
  /** Address of the browser tab icon; empty for the built-in one. */
  'branding.favicon': setting(z.string().max(500), ''),
  'recaptcha.enable.contact': setting(z.boolean(), false),
  'themes.user_change': setting(z.boolean(), true),
  /** 0 follows the operating system's light or dark preference. */
  'themes.default_id': setting(z.number().int().min(0), 0),
  'dates.default_timezone': setting(z.string().max(64), 'UTC'),
  // Ad code is pasted by admins and rendered as given at these places of the player pages.
  'ads.general_top': setting(z.string().max(20000), ''),
  'ads.general_bottom': setting(z.string().max(20000), ''),
  'ads.artist_top': setting(z.string().max(20000), ''),
  'ads.artist_bottom': setting(z.string().max(20000), ''),
  'ads.album_above': setting(z.string().max(20000), ''),
  /** Turns every ad slot off without losing the code. */
  'ads.disable': setting(z.boolean(), false),
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
} as const;

export type SettingName = keyof typeof SETTINGS;
