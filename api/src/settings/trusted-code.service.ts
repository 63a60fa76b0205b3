import { createHash } from 'node:crypto';
import type { Settings } from './settings.service.ts';

/**
 * Code that admins write in the back office and pages render as it is (site/src/components/
 * AdSlot.astro renders the ad slots with set:html). The Content-Security-Policy refuses every
 * inline script and every script host it was not told about, so the page policy is told about
 * the scripts in this code: the hash of each inline script, the host of each external one.
 *
 * Each entry gives the pieces of code the current settings put on pages.
 */
export const TRUSTED_CODE: ((settings: Settings) => string[])[] = [
  (settings) => (settings['ads.disable'] ? [] : [settings['ads.general_top'], settings['ads.general_bottom'], settings['ads.artist_top'], settings['ads.artist_bottom'], settings['ads.album_above']]),
  // The appearance editor's custom HTML, at the end of every page (layouts/Document.astro). Its
  // custom CSS needs nothing: inline styles are allowed, and a style sheet it links to from
  // another host comes in through this HTML's <link>.
  (settings) => [settings['custom_code.html']],
];

/** What a piece of HTML needs from the policy, as CSP source expressions. */
export interface CodeSources {
  /** `'sha256-…'` of each inline script. */
  scriptHashes: string[];
  /** Origins of external scripts, frames and style sheets that are not this site. */
  scriptOrigins: string[];
  frameOrigins: string[];
  styleOrigins: string[];
}

/** The hash a browser computes for an inline script with this text, as a CSP source. */
export function scriptHashSource(code: string): string {
  // The HTML parser turns CRLF and lone CR into LF before the script's text exists; the hash is of that text.
  const text = code.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

// A start tag whose attribute values may hold ">", and attributes inside it.
const START_TAG = /<(script|iframe|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
// A script's text ends at the first "</script" followed by a space, "/" or ">".
const SCRIPT_END = /<\/script[\s/>]/i;

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = match[1].toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|apos|#39|#x27|lt|gt);/gi, (entity) => ({ '&amp;': '&', '&quot;': '"', '&apos;': "'", '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' })[entity.toLowerCase()] ?? entity);
}

/** The origin an address points to when it is another site's, over http(s). */
function foreignOrigin(address: string, siteUrl: string): string | undefined {
  try {
    const url = new URL(address.trim(), siteUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin === new URL(siteUrl).origin ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** The scripts, frames and style sheets in a piece of HTML, read the way a browser's parser reads them. */
export function codeSourcesOf(html: string, siteUrl: string): CodeSources {
  const sources: CodeSources = { scriptHashes: [], scriptOrigins: [], frameOrigins: [], styleOrigins: [] };
  START_TAG.lastIndex = 0;
  for (let match = START_TAG.exec(html); match; match = START_TAG.exec(html)) {
    const element = match[1].toLowerCase();
    const attributes = attributesOf(match[2]);
    if (element === 'script') {
      const rest = html.slice(START_TAG.lastIndex);
      const end = rest.search(SCRIPT_END);
      const text = end === -1 ? rest : rest.slice(0, end);
      START_TAG.lastIndex += text.length;
      const src = attributes.get('src');
      if (src !== undefined) {
        const origin = foreignOrigin(src, siteUrl);
        if (origin) sources.scriptOrigins.push(origin);
      } else if (text) {
        sources.scriptHashes.push(scriptHashSource(text));
      }
    } else if (element === 'iframe') {
      const origin = foreignOrigin(attributes.get('src') ?? '', siteUrl);
      if (origin) sources.frameOrigins.push(origin);
    } else if (/(^|\s)stylesheet(\s|$)/i.test(attributes.get('rel') ?? '')) {
      const origin = foreignOrigin(attributes.get('href') ?? '', siteUrl);
      if (origin) sources.styleOrigins.push(origin);
    }
  }
  return sources;
}

// Settings change rarely and every page asks: the code of each slot is read once.
const known = new Map<string, CodeSources>();

/** What the trusted code of these settings needs from the policy, on every page. */
export function trustedCodeSources(settings: Settings, siteUrl: string): CodeSources {
  const all: CodeSources = { scriptHashes: [], scriptOrigins: [], frameOrigins: [], styleOrigins: [] };
  for (const html of TRUSTED_CODE.flatMap((entry) => entry(settings))) {
    const code = html.trim();
    if (!code) continue;
    const key = `${siteUrl}\n${code}`;
    let sources = known.get(key);
    if (!sources) {
      if (known.size >= 64) known.clear();
      sources = codeSourcesOf(code, siteUrl);
      known.set(key, sources);
    }
    for (const kind of ['scriptHashes', 'scriptOrigins', 'frameOrigins', 'styleOrigins'] as const) all[kind].push(...sources[kind]);
  }
  return all;
}
