import { describe, expect, it } from 'vitest';
import { SETTINGS, type Settings } from '../settings/settings.service.ts';
import { scriptHashSource } from '../settings/trusted-code.service.ts';
import { astroScriptHashes, documentPolicy, lockedPolicy, pagePolicy, serializePolicy, withSources, type PagePolicyInput } from './content-security-policy.ts';

const defaults = () => Object.fromEntries(Object.entries(SETTINGS).map(([name, definition]) => [name, structuredClone(definition.default)])) as Settings;

/** What Astro 7 sends for a page: its hashes and its default sources. */
const ASTRO_POLICY = "script-src 'self' 'sha256-aaaa' 'sha256-bbbb='; style-src 'self' 'sha256-cccc';";

function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

const page = (input: Partial<Omit<PagePolicyInput, 'settings'>> & { settings?: Partial<Settings> } = {}) =>
  parse(pagePolicy({ astroPolicy: ASTRO_POLICY, siteUrl: 'https://music.example.com', framable: false, extra: {}, ...input, settings: { ...defaults(), ...input.settings } }));

describe('the policy builder', () => {
  it('writes directives in order, each source once', () => {
    expect(serializePolicy({ 'default-src': ["'self'"], 'img-src': ['*', 'data:', '*'] })).toBe("default-src 'self'; img-src * data:");
  });

  it('adds sources without narrowing: a new directive starts from default-src, and none gives way', () => {
    const policy = withSources({ 'default-src': ["'self'"], 'object-src': ["'none'"] }, { 'font-src': ['https://fonts.example'], 'object-src': ['https://plugins.example'] }, { 'font-src': [] });
    expect(policy).toEqual({ 'default-src': ["'self'"], 'object-src': ['https://plugins.example'], 'font-src': ["'self'", 'https://fonts.example'] });
  });

  it("takes only the hashes from Astro's policy", () => {
    expect(astroScriptHashes(ASTRO_POLICY)).toEqual(["'sha256-aaaa'", "'sha256-bbbb='"]);
    expect(astroScriptHashes("script-src 'self' 'unsafe-inline' https://x.example 'nonce-abc' 'sha512-dddd'")).toEqual(["'sha512-dddd'"]);
    expect(astroScriptHashes(null)).toEqual([]);
  });
});

describe('the policy of a site page', () => {
  it("runs this server's scripts and Astro's inline ones, nothing inline at large", () => {
    const policy = page();
    expect(policy['script-src']).toEqual(["'self'", "'sha256-aaaa'", "'sha256-bbbb='"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
  });

  it('lets any site frame an embed', () => {
    expect(page({ framable: true })['frame-ancestors']).toEqual(['*']);
  });

  it("allows the scripts of every ad slot on every page, by hash and by their host", () => {
    const policy = page({
      settings: {
        'ads.general_top': '<script async src="https://ads.example.net/loader.js?id=1&amp;x=2"></script><script>alert(1)</script>',
        'ads.artist_bottom': '<iframe src="https://frames.example.org/ad"></iframe><script src="/local.js"></script>',
      },
    });
    expect(policy['script-src']).toEqual(["'self'", "'sha256-aaaa'", "'sha256-bbbb='", "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='", 'https://ads.example.net']);
    // Ad networks frame and call hosts their snippet does not name.
    expect(policy['frame-src']).toEqual(["'self'", 'https://frames.example.org', 'https:']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://ads.example.net', 'https:']);
  });

  it("allows the appearance editor's custom code on every page: its inline scripts by hash, the hosts it loads from", () => {
    const policy = page({
      settings: {
        'custom_code.html': '<script>window.chat = 1</script><script src="https://widgets.example.net/chat.js"></script><link rel="stylesheet" href="https://fonts.example.com/css?family=Inter">',
        'custom_code.css': 'body { font-family: Inter }',
      },
    });
    expect(policy['script-src']).toEqual(["'self'", "'sha256-aaaa'", "'sha256-bbbb='", scriptHashSource('window.chat = 1'), 'https://widgets.example.net']);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://fonts.example.com']);
    // The font host is not named by the snippet: the style sheet names it.
    expect(policy['font-src']).toEqual(["'self'", 'https:']);
    expect(page()['font-src']).toBeUndefined();
  });

  it('allows nothing for ads that are turned off', () => {
    expect(page({ settings: { 'ads.general_top': '<script>alert(1)</script>', 'ads.disable': true } })['script-src']).toEqual(["'self'", "'sha256-aaaa'", "'sha256-bbbb='"]);
  });

  it("allows Google's human check only while a form uses it", () => {
    expect(page({ settings: { 'recaptcha.enable.login': true } })['script-src']).not.toContain('https://www.google.com/recaptcha/');
    const policy = page({ settings: { 'recaptcha.enable.login': true, 'recaptcha.site_key': 'site-key' } });
    expect(policy['script-src']).toEqual(expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']));
    expect(policy['frame-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
  });

  it("adds the self-hoster's sources", () => {
    const policy = page({ extra: { 'script-src': ['https://cdn.example.com'], 'font-src': ['https://fonts.example.com'], 'frame-ancestors': ['https://portal.example.com'] } });
    expect(policy['script-src']).toContain('https://cdn.example.com');
    expect(policy['font-src']).toEqual(["'self'", 'https://fonts.example.com']);
    expect(policy['frame-ancestors']).toEqual(["'self'", 'https://portal.example.com']);
  });
});

describe('policies of other responses', () => {
  it('lets documents the server writes run their own inline scripts only', () => {
    const policy = parse(documentPolicy(["'sha256-eeee'"]));
    expect(policy['script-src']).toEqual(["'self'", "'sha256-eeee'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
  });

  it('lets anything else load nothing', () => {
    expect(lockedPolicy(false)).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'");
    expect(lockedPolicy(true)).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *");
  });
});
