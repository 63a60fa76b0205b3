import { SEO_PAGES, type SettingName } from './settings.service.ts';

/**
 * How the back office presents settings. Sections follow the specification; a setting appears in
 * the back office once it has an entry in SETTING_FIELDS (its type, limits and choices come from
 * its zod schema, so only words and placement live here). Settings without an entry are edited
 * elsewhere (APPEARANCE_SETTINGS in the appearance editor, ads in the ads screen) or only with `pnpm settings`.
 */
export const SETTINGS_SECTIONS = [
  {
    id: 'general',
    label: 'General',
    description: 'What visitors see at / and the API.',
    note: 'Site name, logos and themes are in the appearance editor.',
  },
  {
    id: 'subscriptions',
    label: 'Subscriptions',
    description:
      'Whether plans and subscriptions are offered, and the Stripe and PayPal accounts that take payments. STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PAYPAL_CLIENT_ID, PAYPAL_SECRET and PAYPAL_WEBHOOK_ID, when set, win over the values here.',
  },
  { id: 'localization', label: 'Localization', description: 'The language of the interface.' },
  { id: 'authentication', label: 'Authentication', description: 'Registration, email confirmation, sign-in with other services, and where people land after logging in.' },
  { id: 'uploading', label: 'Uploading', description: 'Limits for files people upload.' },
  {
    id: 'outgoing-email',
    label: 'Outgoing email',
    description: 'The mail server for password resets and email confirmation. Any MAIL_* environment variable that is set wins over the value here. Without a host, emails are only recorded in Logs > Outgoing email.',
  },
  { id: 'cache', label: 'Cache', description: 'How long browsers and shared caches may keep what the site serves.' },
  { id: 'analytics', label: 'Analytics', description: 'What the site records for the reports of the admin home.' },
  { id: 'logging', label: 'Logging', description: 'What the server writes to its error log (Logs > Error).' },
  {
    id: 'queue',
    label: 'Queue',
    description: 'Background work.',
    note: 'Cadence has no job queue, so there is nothing to set up here: emails are sent while the request that causes them is answered, and the only periodic work, removing expired sessions, one-time tokens and rate-limit counters, runs inside the server every hour (see Logs > Schedule).',
  },
  {
    id: 'websockets',
    label: 'Websockets',
    description: 'Live updates.',
    note: 'Cadence does not use websockets. Notifications reach open pages over server-sent events (/api/v1/notifications/stream), served by the same processes as everything else and read from the database, so there is no websocket server to configure, however many processes run.',
  },
  { id: 'recaptcha', label: 'reCAPTCHA', description: 'A human check (Google reCAPTCHA v3) on registration and login.' },
  { id: 'gdpr', label: 'GDPR', description: 'The cookie notice shown to visitors.' },
  { id: 'search', label: 'Search', description: 'The search page.' },
  {
    id: 'providers',
    label: 'Providers',
    description: 'Outside sources of music data.',
    note: 'Artists, albums, tracks, lyrics and search results all come from this site’s own catalogue; no outside metadata or audio provider is used, so there are no keys to enter. Sign-in providers (Google, Facebook, Twitter, Envato) are under Authentication.',
  },
  { id: 'player', label: 'Player', description: 'The web player.' },
] as const satisfies readonly SettingsSection[];

export interface SettingsSection {
  id: string;
  label: string;
  description: string;
  /** Said plainly above the fields: where else to look, or why a section has nothing to configure. */
  note?: string;
}

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

export interface SettingField {
  section: SettingsSectionId;
  label: string;
  description?: string;
  /**
   * Overrides the input chosen from the schema: long text, code shown in a monospace font, or a
   * number of bytes, shown beside it in KB, MB or GB.
   */
  input?: 'textarea' | 'code' | 'bytes';
  /** For an object setting: the one property edited, e.g. `label` of cookie_notice.button. */
  property?: string;
  /** Labels for the values of an enum setting, in the order shown. */
  choices?: Record<string, string>;
  /** For a list of objects: the label of each property of an item. */
  itemLabels?: Record<string, string>;
}

const socialFields = (service: 'google' | 'facebook' | 'twitter' | 'envato', label: string) =>
  ({
    [`social.${service}.enable`]: { section: 'authentication', label: `Sign in with ${label}`, description: `Shows a "${label}" button on the login and registration pages when the keys below (or SOCIAL_${service.toUpperCase()}_* variables) are set.` },
    [`social.${service}.client_id`]: { section: 'authentication', label: `${label} client ID` },
    [`social.${service}.client_secret`]: { section: 'authentication', label: `${label} client secret` },
  }) as Partial<Record<SettingName, SettingField>>;

/** Metadata for every setting the back office shows. Append entries for new settings. */
export const SETTING_FIELDS: Partial<Record<SettingName, SettingField>> = {
  'homepage.type': {
    section: 'general',
    label: 'Homepage for visitors',
    description: 'What visitors who are not logged in see at /. Logged-in listeners always get the home channel.',
    choices: { channel: 'A channel', landingPage: 'The landing page', loginPage: 'The login page', registerPage: 'The registration page' },
  },
  'homepage.value': { section: 'general', label: 'Homepage channel', description: 'Slug or id of the channel shown at /.' },
  'notifications.integrated': { section: 'general', label: 'Notifications', description: 'The bell in the navigation bar and the notifications page: new followers, replies, backstage decisions, failed payments and workspace invitations.' },
  'notif.subs.integrated': { section: 'general', label: 'Notification settings for users', description: 'Lets users choose, for each kind of notification, whether it reaches them by email and in the browser.' },
  'api.integrated': { section: 'general', label: 'API access', description: 'Lets users with the "Access the API" permission create API tokens in their account settings.' },
  'subsonic.enable': { section: 'general', label: 'Subsonic apps', description: 'Lets music apps such as Symfonium, DSub, Feishin and Supersonic play from this site through the Subsonic API at /rest, with an app password from account settings or an API token.' },

  'billing.enable': {
    section: 'subscriptions',
    label: 'Enable subscriptions',
    description: 'When on, listeners who lack a permission are sent to the pricing page instead of the not-found page.',
  },
  'billing.stripe.enable': { section: 'subscriptions', label: 'Enable Stripe', description: 'Take payments with Stripe Checkout. Needs the secret key below (or STRIPE_SECRET_KEY).' },
  'billing.stripe.secret_key': { section: 'subscriptions', label: 'Stripe secret key', description: 'sk_live_... or sk_test_..., from Developers > API keys in Stripe.' },
  'billing.stripe.webhook_secret': {
    section: 'subscriptions',
    label: 'Stripe webhook signing secret',
    description: 'whsec_..., shown when you add the endpoint https://<your site>/api/v1/billing/stripe/webhook in Developers > Webhooks.',
  },
  'billing.paypal.enable': { section: 'subscriptions', label: 'Enable PayPal', description: 'Offer "Pay with PayPal" beside the card. Needs the client id and secret below (or PAYPAL_CLIENT_ID and PAYPAL_SECRET).' },
  'billing.paypal.client_id': { section: 'subscriptions', label: 'PayPal client id', description: "From your app's page in Apps & Credentials on developer.paypal.com." },
  'billing.paypal.secret': { section: 'subscriptions', label: 'PayPal secret', description: 'The secret of the same app.' },
  'billing.paypal.webhook_id': {
    section: 'subscriptions',
    label: 'PayPal webhook id',
    description: "Shown when you add the webhook https://<your site>/api/v1/billing/paypal/webhook to the app. PayPal's events are checked against it.",
  },

  'i18n.enable': { section: 'localization', label: 'Let users choose their language', description: 'Off: everybody sees the default language.' },
  'i18n.default_language': { section: 'localization', label: 'Default language', description: 'A language code with a translation, such as en.' },

  'registration.disable': { section: 'authentication', label: 'Disable registration', description: 'Hides sign-up; existing accounts can still log in.' },
  'require_email_confirmation': { section: 'authentication', label: 'Require email confirmation', description: 'New accounts must confirm their address before using the site.' },
  'registration.policies': {
    section: 'authentication',
    label: 'Policies to accept on registration',
    description: 'Each becomes a required checkbox on the registration form.',
    itemLabels: { id: 'Id', label: 'Label', action: 'Link (optional)' },
  },
  'auth.post_login_redirect': { section: 'authentication', label: 'After login, go to', description: 'A path on this site. Empty: /admin for admins, / for everyone else.' },
  'social.compact_buttons': { section: 'authentication', label: 'Compact sign-in buttons', description: 'Icons only instead of "Continue with ..." buttons.' },
  ...socialFields('google', 'Google'),
  ...socialFields('facebook', 'Facebook'),
  ...socialFields('twitter', 'Twitter'),
  ...socialFields('envato', 'Envato'),

  'mail.host': { section: 'outgoing-email', label: 'SMTP host' },
  'mail.port': { section: 'outgoing-email', label: 'SMTP port' },
  'mail.encryption': { section: 'outgoing-email', label: 'Encryption', choices: { tls: 'STARTTLS', ssl: 'SSL/TLS', none: 'None' } },
  'mail.username': { section: 'outgoing-email', label: 'SMTP username' },
  'mail.password': { section: 'outgoing-email', label: 'SMTP password' },
  'mail.from_address': { section: 'outgoing-email', label: 'From address' },
  'mail.contact_address': { section: 'outgoing-email', label: 'Contact page address', description: "Where the contact page's messages go. Empty uses the from address." },
  'mail.from_name': { section: 'outgoing-email', label: 'From name', description: 'Empty uses the site name.' },

  'cache.public_pages_seconds': {
    section: 'cache',
    label: 'Shared cache time for public pages (seconds)',
    description: 'How long the built-in page cache, a CDN or a proxy may serve a page to visitors who are not logged in before it is rendered again. Changes made in the back office clear the built-in cache at once; what listeners change (playlists, comments, play counts) shows to visitors within this time. 0 turns it off. Pages for logged-in users are never shared.',
  },

  'analytics.page_views': { section: 'analytics', label: 'Record page views', description: 'Counts pages served to people (not API calls or bots) for the visitors report. No IP address is stored.' },

  'logging.errors': { section: 'logging', label: 'Log server errors', description: 'Writes unexpected errors (500 responses, crashes) with their stack trace to storage/logs, one file a day.' },
  'logging.retention_days': { section: 'logging', label: 'Keep error logs for (days)' },

  'recaptcha.site_key': { section: 'recaptcha', label: 'Site key' },
  'recaptcha.secret_key': { section: 'recaptcha', label: 'Secret key' },
  'recaptcha.enable.register': { section: 'recaptcha', label: 'Check registration' },
  'recaptcha.enable.login': { section: 'recaptcha', label: 'Check login' },

  'cookie_notice.enable': { section: 'gdpr', label: 'Show the cookie notice' },
  'cookie_notice.position': { section: 'gdpr', label: 'Position', choices: { bottom: 'Bottom', top: 'Top' } },
  'cookie_notice.button': { section: 'gdpr', label: 'Button label', property: 'label' },

  'search.results_per_page': { section: 'search', label: 'Results per page', description: 'On each tab of the search page (artists, albums, tracks...).' },

  'player.default_volume': { section: 'player', label: 'Default volume', description: 'From 0 to 100, for a listener’s first visit; after that the player keeps their own choice.' },

  'uploads.max_size': { section: 'uploading', label: 'Maximum file size (bytes)', description: 'Larger files are refused with "file exceeds maximum allowed size", in the uploader and on the server. 209715200 is 200 MB.', input: 'bytes' },
  'uploads.allowed_extensions': {
    section: 'uploading',
    label: 'Allowed file types',
    description: 'A JSON list of mime patterns or extensions, for example ["audio/*", "image/png", ".flac"]. An empty list [] allows every type that is not blocked.',
  },
  'uploads.blocked_extensions': { section: 'uploading', label: 'Blocked file types', description: 'Refused even when allowed above, in the same notation, for example [".exe", "text/html"].' },
  'uploads.chunk_size': { section: 'uploading', label: 'Chunk size of resumable uploads (bytes)', description: 'Files of 4 MB and more are sent in chunks of this size; a dropped connection loses at most one chunk.', input: 'bytes' },
  'uploads.disable_tus': { section: 'uploading', label: 'Turn off resumable uploads', description: 'Sends every file in one request. Large files then cannot resume after a dropped connection.' },
};

/**
 * Settings edited in the appearance editor (/admin/appearance, permission appearance.update)
 * rather than in Settings: the look of the site, its menus, SEO templates, custom code and the
 * landing page. The editor saves only these (and the themes table).
 */
export const APPEARANCE_SETTINGS = [
  'branding.site_name',
  'branding.site_description',
  'branding.logo_light',
  'branding.logo_dark',
  'branding.logo_light_mobile',
  'branding.logo_dark_mobile',
  'branding.favicon',
  'themes.default_id',
  'themes.user_change',
  'menus',
  ...SEO_PAGES.flatMap((page) => [`seo.${page}.title`, `seo.${page}.description`] as const),
  'custom_code.css',
  'custom_code.html',
  'landing.sections',
] as const satisfies readonly SettingName[];

export type AppearanceSettingName = (typeof APPEARANCE_SETTINGS)[number];
