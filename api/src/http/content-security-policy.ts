import type { Settings } from '../settings/settings.service.ts';
import { trustedCodeSources } from '../settings/trusted-code.service.ts';

/**
 * The Content-Security-Policy of each kind of response. Scripts are what the policy is for: a
 * page runs scripts from this server and inline scripts the server knows by their hash, nothing
 * else, so markup slipped into a page (stored cross-site scripting) cannot act for the visitor.
 */

/** Each directive with its sources, in the order they are written. */
export type Policy = Record<string, string[]>;

export function serializePolicy(policy: Policy): string {
  return Object.entries(policy)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/** The base with more sources; a directive the base lacks starts from default-src, as the browser would. */
export function withSources(base: Policy, ...additions: Policy[]): Policy {
  const policy: Policy = Object.fromEntries(Object.entries(base).map(([name, sources]) => [name, [...sources]]));
  for (const addition of additions) {
    for (const [name, sources] of Object.entries(addition)) {
      if (sources.length === 0) continue;
      const current = (policy[name] ??= [...(name.endsWith('-src') ? (policy['default-src'] ?? []) : [])]);
      // Browsers ignore 'none' beside other sources, and say so in the console.
      policy[name] = [...current.filter((source) => source !== "'none'"), ...sources];
    }
  }
  return policy;
}

/** What documents of this site may load; each kind of page adds what it needs. */
const DOCUMENT: Policy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Inline style attributes (custom properties set per element, components' own styles, the
  // theme's <style>, the back office's UI library writing styles at run time, ad markup) are
  // allowed: styles cannot act for the visitor, and hashing every attribute is not possible.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Covers, avatars and tracks may be addresses on other sites.
  'img-src': ['*', 'data:', 'blob:'],
  'media-src': ['*', 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** Responses that are not documents of ours (JSON, audio, files, redirects, the bare error page). */
export function lockedPolicy(framable: boolean): string {
  return serializePolicy({ 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"], 'frame-ancestors': [framable ? '*' : "'self'"] });
}

/** A document the server writes itself, with the hashes of its inline scripts. */
export function documentPolicy(scriptHashes: string[], extra: Policy = {}): string {
  return serializePolicy(withSources(DOCUMENT, { 'script-src': scriptHashes }, extra));
}

/** What Google documents for reCAPTCHA: its script, and the frames it asks in. */
const HUMAN_CHECK: Policy = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

const HASH_SOURCE = /^'sha(256|384|512)-[A-Za-z0-9+/=_-]+'$/;

/** The hashes in the script-src of the policy Astro computed: the inline scripts Astro writes (island hydration). */
export function astroScriptHashes(astroPolicy: string | null | undefined): string[] {
  const scriptSrc = (astroPolicy ?? '')
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return (scriptSrc ?? []).slice(1).filter((source) => HASH_SOURCE.test(source));
}

export interface PagePolicyInput {
  /** The policy Astro computed for the page (its header), for the hashes of Astro's own scripts. */
  astroPolicy: string | null;
  settings: Settings;
  /** APP_URL: addresses in admin code that point here are this site, not a third party. */
  siteUrl: string;
  /** Embeds are framed by any site. */
  framable: boolean;
  extra: Policy;
}

/**
 * The policy of the site's pages. Every page gets the same one (bar framing): the client router
 * swaps pages inside the first document, which keeps that document's policy, so a script of any
 * page (an artist page's ad, the login page's human check) must be allowed on all of them.
 */
export function pagePolicy({ astroPolicy, settings, siteUrl, framable, extra }: PagePolicyInput): string {
  const code = trustedCodeSources(settings, siteUrl);
  // Third-party scripts (ad networks) load frames and call their servers at addresses their
  // snippet does not name; which scripts run stays limited to the hosts it names.
  const thirdParty = code.scriptOrigins.length > 0;
  const humanCheck = Boolean(settings['recaptcha.site_key']) && (settings['recaptcha.enable.login'] || settings['recaptcha.enable.register'] || settings['recaptcha.enable.contact']);
  const policy = withSources(
    DOCUMENT,
    {
      'script-src': [...astroScriptHashes(astroPolicy), ...code.scriptHashes, ...code.scriptOrigins],
      'style-src': code.styleOrigins,
      'frame-src': [...code.frameOrigins, ...(thirdParty ? ['https:'] : [])],
      'connect-src': thirdParty ? [...code.scriptOrigins, 'https:'] : [],
      // Style sheets of other hosts (a web font's, linked from the custom code) load their fonts
      // from hosts they do not name either; fonts cannot act for the visitor.
      'font-src': code.styleOrigins.length > 0 ? ['https:'] : [],
    },
    humanCheck ? HUMAN_CHECK : {},
    extra,
  );
  if (framable) policy['frame-ancestors'] = ['*'];
  return serializePolicy(policy);
}

/** The back office: a single-page app of bundled scripts whose UI library writes styles at run time. */
export function adminPolicy(extra: Policy): string {
  return documentPolicy([], extra);
}
