import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The catalogue of interface lines: every English text passed literally to t('...') in the site
 * and the back office. Translators work from it (localizations/{id}/translate); English is the key,
 * so a line missing from a language shows in English. Rebuilt with `pnpm ui-strings`.
 */
export const CATALOGUE_FILE = fileURLToPath(new URL('./ui-strings.json', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where translated code lives; text passed to t() anywhere else is not collected. */
export const SOURCE_DIRS = ['site/src', 'admin/src'];

const SOURCE_FILE = /\.(ts|tsx|astro)$/;
// t('text'), t("text") and t(`text`) without ${...}; the key may be followed by params.
const CALL = /(?<![\w$.])t\(\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|`((?:\\.|[^`\\$])*)`)\s*[,)]/g;

function unescape(text: string): string {
  return text.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/gs, (_, code: string) => {
    if (code[0] === 'u' && code.length > 1) return String.fromCodePoint(parseInt(code.replace(/[u{}]/g, ''), 16));
    if (code[0] === 'x' && code.length === 3) return String.fromCharCode(parseInt(code.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', '\n': '' } as Record<string, string>)[code] ?? code;
  });
}

/** Literal keys of t() calls in one file's source. */
export function keysInSource(source: string): string[] {
  const keys: string[] = [];
  for (const match of source.matchAll(CALL)) {
    const raw = match[1] ?? match[2] ?? match[3];
    if (raw !== undefined && raw !== '') keys.push(unescape(raw));
  }
  return keys;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE_FILE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** Every key used in the site and the back office, sorted and without duplicates. */
export function extractUiStrings(root = ROOT): string[] {
  const keys = new Set<string>();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(root, dir))) for (const key of keysInSource(readFileSync(file, 'utf8'))) keys.add(key);
  }
  return [...keys].sort((a, b) => a.localeCompare(b, 'en'));
}

let cached: string[] | undefined;

/** The committed catalogue. */
export function uiStrings(): string[] {
  return (cached ??= JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as string[]);
}
