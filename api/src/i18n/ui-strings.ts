import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PERMISSIONS } from '@app/db/seed';
import { SCHEDULED_JOBS } from '../system/schedule.service.ts';
import { SETTING_FIELDS, SETTINGS_SECTIONS } from '../settings/settings-metadata.ts';
import { SETTINGS } from '../settings/settings.service.ts';

/**
 * The catalogue of interface lines: every English text the site and the back office show, with
 * where it shows. Translators work from it (localizations/{id}/translate); English is the key, so
 * a line missing from a language shows in English. Rebuilt with `pnpm ui-strings`.
 */
export const CATALOGUE_FILE = fileURLToPath(new URL('./ui-strings.json', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const PLACES = ['site', 'admin', 'api'] as const;
export type Place = (typeof PLACES)[number];
/** Each line, with the parts of the product that show it. */
export type Catalogue = Record<string, Place[]>;

/** Where each part's code lives. */
export const SOURCE_DIRS: Record<Place, string> = { site: 'site/src', admin: 'admin/src', api: 'api/src' };
/** The upload client the back office and the site share (@app/shared): its lines are the back office's markers, msg('…'). */
const SHARED_UPLOAD_DIR = 'shared/src/upload';

const SOURCE_FILE = /\.(ts|tsx|astro)$/;
const LITERAL = String.raw`(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|\x60((?:\\.|[^\x60\\$])*)\x60)`;
// t('text'), t("text") and t(`text`) without ${...}; the key may be followed by params.
const CALL = new RegExp(String.raw`(?<![\w$.])(?:t|msg)\(\s*${LITERAL}\s*[,)]`, 'g');
/**
 * The back office's calls: translate('text') (useTranslate), msg(text) (marks text react-admin
 * translates where it shows it) and notify('text') (react-admin translates notifications).
 */
const ADMIN_CALL = new RegExp(String.raw`(?<![\w$])(?:translate|msg|notify)\(\s*${LITERAL}\s*[,)]`, 'g');
/**
 * The API's messages, which it sends in the language of the person asking (http/translate-errors.ts):
 * errors it throws (`new ApiError(422, '…')`, `new ConflictError('…')` and the other domain errors of
 * `common/errors.ts`, `notFound('…')`, `forbidden('…')`), `message: '…'`
 * (payloads and zod options), zod checks given a message (`.min(1, '…')`, `.email('…')`), and the
 * field errors of `validationFailed({ field: '…' })` and `{ field: ['…'] }`, and text the site translates
 * later, marked with `msg('…')` (notification lines and kinds).
 */
const API_MESSAGE = new RegExp(
  String.raw`(?:new ApiError\(\s*\d+\s*,|(?<![\w$.])msg\(|new (?:MalformedRequest|Unauthenticated|Forbidden|NotFound|Conflict|TooLarge|Validation|TooManyAttempts|Unavailable)Error\(|(?<![\w$])(?:notFound|forbidden)\(|(?<![\w$])message:|\.(?:min|max|length|regex|gte|lte|lt|gt)\([^,()]*(?:\([^()]*\))?[^,()]*,|\.(?:email|url|nonempty)\(|validationFailed\(\{\s*['"]?[\w.]+['"]?:\s*\[?)\s*${LITERAL}`,
  'g',
);
/** Props that react-admin's components translate when given text. */
const TRANSLATED_PROPS = new Set(['label', 'title', 'helperText', 'emptyText', 'primaryText', 'confirmTitle', 'confirmContent']);
/**
 * Elements that label what they hold: a column, a Labeled, or anything with a source (a reference
 * field or input, a select field) shows its own label, not its children's.
 */
const LABELLING_TAGS = new Set(['Labeled', 'DataTable.Col', 'DataTable.NumberCol']);
/** Inputs whose label is not shown (the search box has a placeholder). */
const UNLABELLED_TAGS = new Set(['SearchInput']);

function unescapeLiteral(text: string): string {
  return text.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/gs, (_, code: string) => {
    if (code[0] === 'u' && code.length > 1) return String.fromCodePoint(parseInt(code.replace(/[u{}]/g, ''), 16));
    if (code[0] === 'x' && code.length === 3) return String.fromCharCode(parseInt(code.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', '\n': '' } as Record<string, string>)[code] ?? code;
  });
}

function literalsOf(source: string, pattern: RegExp): string[] {
  const keys: string[] = [];
  for (const match of source.matchAll(pattern)) {
    const raw = match[1] ?? match[2] ?? match[3];
    if (raw !== undefined && raw !== '') keys.push(unescapeLiteral(raw));
  }
  return keys;
}

/** Literal keys of t() calls in one file's source. */
export function keysInSource(source: string): string[] {
  return literalsOf(source, CALL);
}

/**
 * The label react-admin makes of a field's source when it is given none (inflection's
 * underscore + humanize, as in ra-core's getFieldLabelTranslationArgs): `created_at` → `Created at`,
 * `album_id` → `Album`, `prices.0.amount` → `Amount`.
 */
export function humanizeSource(source: string): string {
  const parts = source.split('.');
  const lastIndex = parts.findLastIndex((part) => /^\d+$/.test(part));
  const suffix = parts.slice(lastIndex + 1).join(' ');
  const words = suffix
    .replace(/([A-Z])/g, '_$1')
    .replace(/^_/, '')
    .toLowerCase()
    .replace(/(_ids|_id)$/, '')
    .replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface JsxElement {
  tag: string;
  /** Literal text values; `null` for an expression. */
  props: Map<string, string | null>;
  /** Inside an element that labels its content (see LABELLING_TAGS). */
  labelled: boolean;
}

/** Index just past a string or template literal starting at `start`. */
function skipLiteral(source: string, start: number): number {
  const quote = source[start];
  let i = start + 1;
  while (i < source.length && source[i] !== quote) {
    if (source[i] === '\\') i += 2;
    else if (quote === '`' && source.startsWith('${', i)) i = skipBraces(source, i + 1);
    else i += 1;
  }
  return i + 1;
}

/** Index just past the `{...}` starting at `start`, strings and nested braces included. */
function skipBraces(source: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < source.length) {
    const char = source[i];
    if (char === "'" || char === '"' || char === '`') {
      i = skipLiteral(source, i);
      continue;
    }
    if (char === '{') depth += 1;
    if (char === '}' && --depth === 0) return i + 1;
    i += 1;
  }
  return i;
}

/**
 * The JSX elements of a file with their props, read well enough for labels: opening tags with
 * literal or `{expression}` props, and which element holds which.
 */
export function jsxElements(source: string): JsxElement[] {
  const elements: JsxElement[] = [];
  const open: { tag: string; labels: boolean }[] = [];
  const tagAt = /<(\/?)([A-Za-z][\w.]*)/y;
  for (let i = source.indexOf('<'); i >= 0 && i < source.length; i = source.indexOf('<', i)) {
    tagAt.lastIndex = i;
    const match = tagAt.exec(source);
    if (!match) {
      i += 1;
      continue;
    }
    const [, closing, tag] = match;
    i = tagAt.lastIndex;
    if (closing) {
      const index = open.findLastIndex((element) => element.tag === tag);
      if (index >= 0) open.length = index;
      continue;
    }
    const props = new Map<string, string | null>();
    let selfClosing = false;
    while (i < source.length) {
      while (/\s/.test(source[i] ?? '')) i += 1;
      if (source.startsWith('/>', i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (source[i] === '>' || i >= source.length) {
        i += 1;
        break;
      }
      if (source[i] === '{') {
        i = skipBraces(source, i);
        continue;
      }
      const name = /[\w:-]+/y;
      name.lastIndex = i;
      const prop = name.exec(source)?.[0];
      // Not JSX after all (a type argument such as useState<string[]>): stop reading it.
      if (!prop) break;
      i = name.lastIndex;
      while (/\s/.test(source[i] ?? '')) i += 1;
      if (source[i] !== '=') {
        props.set(prop, null);
        continue;
      }
      i += 1;
      while (/\s/.test(source[i] ?? '')) i += 1;
      if (source[i] === '"' || source[i] === "'") {
        const end = source.indexOf(source[i], i + 1);
        props.set(prop, source.slice(i + 1, end));
        i = end + 1;
      } else if (source[i] === '{') {
        const end = skipBraces(source, i);
        const inner = source.slice(i + 1, end - 1).trim();
        const literal = /^(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")$/.exec(inner);
        props.set(prop, literal ? unescapeLiteral(literal[1] ?? literal[2]) : null);
        i = end;
      } else {
        break;
      }
    }
    elements.push({ tag, props, labelled: open.some((element) => element.labels) });
    if (!selfClosing) open.push({ tag, labels: LABELLING_TAGS.has(tag) || props.has('source') });
  }
  return elements;
}

/**
 * Lines of one back-office file: translate()/msg()/notify() calls, text given to props react-admin
 * translates, and the label react-admin makes of a `source` where no label is given and it shows.
 */
export function adminKeysInSource(source: string): string[] {
  const keys = literalsOf(source, ADMIN_CALL);
  for (const element of jsxElements(source)) {
    for (const [prop, value] of element.props) if (TRANSLATED_PROPS.has(prop) && value) keys.push(value);
    const field = element.props.get('source');
    if (field && !element.props.has('label') && !element.labelled && !UNLABELLED_TAGS.has(element.tag)) keys.push(humanizeSource(field));
  }
  return keys;
}

/** Messages of one API file (see API_MESSAGE). */
export function apiMessagesInSource(source: string): string[] {
  return literalsOf(source, API_MESSAGE);
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE_FILE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/**
 * Lines the back office shows that its code does not spell out: react-admin's own messages and
 * the resource names (admin/src/i18n/messages.ts), the settings screens' words, the permissions and
 * the scheduled jobs (Logs > Schedule).
 */
function adminDataLines(messages: ReadonlyMap<string, string>): string[] {
  const settings = [
    ...SETTINGS_SECTIONS.flatMap((section) => [section.label, section.description, 'note' in section ? section.note : undefined]),
    ...Object.values(SETTING_FIELDS).flatMap((field) => [field?.label, field?.description, ...Object.values(field?.choices ?? {}), ...Object.values(field?.itemLabels ?? {})]),
  ];
  const permissions = PERMISSIONS.flatMap((permission) => [
    permission.display_name,
    permission.description,
    permission.group,
    ...(permission.restrictions ?? []).map((restriction) => restriction.description),
  ]);
  const jobs = SCHEDULED_JOBS.map((job) => job.description);
  return [...messages.values(), ...settings, ...permissions, ...jobs].filter((line): line is string => typeof line === 'string');
}

/**
 * Lines the site shows from settings' defaults: the default menus' labels and the landing page's
 * texts. The site translates what an admin wrote through t(), so these defaults are translated
 * while the admin keeps them, and the admin's own words show as written.
 */
function siteDataLines(): string[] {
  const menus = SETTINGS.menus.default.flatMap((menu) => menu.items.map((item) => item.label));
  const { hero, features, pricing, footer } = SETTINGS['landing.sections'].default;
  const landing = [
    hero.title,
    hero.subtitle,
    ...hero.actions.map((action) => action.label),
    features.title,
    ...features.items.flatMap((item) => [item.title, item.description]),
    pricing.title,
    pricing.subtitle,
    footer.title,
    footer.subtitle,
    ...footer.actions.map((action) => action.label),
  ];
  return [...menus, ...landing];
}

/** Something to translate: not empty, not only placeholders (react-admin's page title `%{name}`). */
const hasWords = (line: string) => /\p{L}/u.test(line.replace(/%\{\w+\}/g, ''));

/** Every line of the site and the back office with where it shows, sorted. */
export async function extractUiStrings(root = ROOT): Promise<Catalogue> {
  const places = new Map<string, Set<Place>>();
  const add = (place: Place, lines: Iterable<string>) => {
    for (const line of lines) if (hasWords(line)) places.set(line, (places.get(line) ?? new Set()).add(place));
  };
  for (const file of sourceFiles(path.join(root, SOURCE_DIRS.site))) add('site', keysInSource(readFileSync(file, 'utf8')));
  const messagesModule = pathToFileURL(path.join(root, SOURCE_DIRS.admin, 'i18n/messages.ts')).href;
  const { ENGLISH_MESSAGES: messages } = (await import(messagesModule)) as { ENGLISH_MESSAGES: ReadonlyMap<string, string> };
  for (const file of [...sourceFiles(path.join(root, SOURCE_DIRS.admin)), ...sourceFiles(path.join(root, SHARED_UPLOAD_DIR))]) {
    // translate('ra.action.save') asks for a react-admin message, whose English text is listed below.
    add('admin', adminKeysInSource(readFileSync(file, 'utf8')).filter((key) => !messages.has(key)));
  }
  for (const file of sourceFiles(path.join(root, SOURCE_DIRS.api))) add('api', apiMessagesInSource(readFileSync(file, 'utf8')));
  add('admin', adminDataLines(messages));
  add('site', siteDataLines());
  // The uploader's own texts (Uppy's core and dashboard), translated by shared/src/upload/uppy-locale.ts.
  const uppyModule = pathToFileURL(path.join(root, SHARED_UPLOAD_DIR, 'uppy-locale.ts')).href;
  add('admin', ((await import(uppyModule)) as { uppyEnglishLines(): string[] }).uppyEnglishLines());
  const sorted = [...places.keys()].sort((a, b) => a.localeCompare(b, 'en'));
  return Object.fromEntries(sorted.map((line) => [line, PLACES.filter((place) => places.get(line)!.has(place))]));
}

/** The catalogue as committed: one line per entry, so a change reads well in a diff. */
export function formatCatalogue(catalogue: Catalogue): string {
  const entries = Object.entries(catalogue).map(([line, places]) => ` ${JSON.stringify(line)}: ${JSON.stringify(places)}`);
  return `{\n${entries.join(',\n')}\n}\n`;
}

let cached: Catalogue | undefined;

/** The committed catalogue. */
export function uiStringPlaces(): Catalogue {
  return (cached ??= JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as Catalogue);
}

/** The committed lines. */
export function uiStrings(): string[] {
  return Object.keys(uiStringPlaces());
}
