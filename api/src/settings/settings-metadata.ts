import { SEO_PAGES, SETTINGS, type SettingName } from './settings-definitions.ts';

/**
 * How the back office presents settings. Sections follow the specification; a setting appears in
 * the back office once its declaration in SETTINGS has a `field` (its type, limits and choices come
 * from its zod schema, so the field holds only words and placement). Settings without one are edited
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

/** Metadata for every setting the back office shows, in the order it shows them: the `field` of its declaration in SETTINGS. */
export const SETTING_FIELDS: Partial<Record<SettingName, SettingField>> = Object.fromEntries(
  Object.entries(SETTINGS as Record<string, { field?: SettingField }>).flatMap(([name, definition]) => (definition.field ? [[name, definition.field]] : [])),
);

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
