import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a browser downloads before a page is interactive: module scripts, modulepreload
 * links, every island's component and renderer (client:load islands import them at once, the
 * persistent player included), everything those import statically, and inline scripts.
 * Dynamic `import()` targets are left out: they load later, on demand. Sizes are gzip level 6,
 * as a server or CDN would send them.
 */
export interface FirstLoadJs {
  files: { url: string; bytes: number; gzip: number }[];
  inlineGzip: number;
  totalGzip: number;
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
const decode = (value: string) => value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x2F;/gi, '/');

/** Static `import … from "x"`, `import "x"` and `export … from "x"`; not `import("x")`. */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;

export async function measureFirstLoadJs(base: string, pagePath: string, headers: Record<string, string> = {}): Promise<FirstLoadJs> {
  const page = await fetch(new URL(pagePath, base), { headers });
  if (!page.ok) throw new Error(`${pagePath} answered ${page.status}`);
  const html = await page.text();
  const pending = new Set<string>();
  let inlineGzip = 0;

  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    const type = attribute(attributes, 'type');
    if (type && !/module|javascript/i.test(type)) continue;
    const src = attribute(attributes, 'src');
    if (src) pending.add(new URL(decode(src), page.url).href);
    else if (body.trim()) {
      inlineGzip += gzipSync(body).byteLength;
      for (const [, specifier] of body.matchAll(STATIC_IMPORT)) pending.add(new URL(specifier, page.url).href);
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel\s*=\s*"modulepreload"/i.test(tag)) pending.add(new URL(decode(attribute(tag, 'href')!), page.url).href);
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const value = attribute(tag, name);
      if (value) pending.add(new URL(decode(value), page.url).href);
    }
  }

  const files: FirstLoadJs['files'] = [];
  const seen = new Set<string>();
  while (pending.size) {
    const [url] = pending;
    pending.delete(url);
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const code = Buffer.from(await response.arrayBuffer());
    files.push({ url: new URL(url).pathname, bytes: code.byteLength, gzip: gzipSync(code).byteLength });
    for (const [, specifier] of code.toString('utf8').matchAll(STATIC_IMPORT)) {
      if (/^(\.{1,2}\/|\/)/.test(specifier)) pending.add(new URL(specifier, url).href);
    }
  }
  return { files, inlineGzip, totalGzip: inlineGzip + files.reduce((sum, f) => sum + f.gzip, 0) };
}
