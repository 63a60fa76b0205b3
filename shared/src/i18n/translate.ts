/**
 * The one translator of the interface, for the site and the back office alike. A language is a set
 * of lines keyed by their English text, so an English text without a line shows as written. A plural
 * line holds its forms separated by `||||`, one per plural category of its language in CLDR's order,
 * and the same line picks the same form wherever it shows.
 */

/** A language's lines: translations keyed by their English text. */
export type Lines = Record<string, string>;

/** Values for a line's placeholders; the syntax's count value also picks the plural form. */
export type Values = Record<string, unknown>;

/**
 * How placeholders are written, and which value is the count. Each surface keeps the syntax its
 * lines were written in (and translated in): the site's own `:name`, and the back office's
 * `%{name}` with `smart_count`, which react-admin's messages and Uppy's texts use.
 */
export interface MessageSyntax {
  /** Matches one placeholder; its first group is the value's name. */
  placeholder: RegExp;
  count: string;
}

export const SITE_SYNTAX: MessageSyntax = { placeholder: /:([a-zA-Z_]+)/g, count: 'count' };
export const BACK_OFFICE_SYNTAX: MessageSyntax = { placeholder: /%\{(.*?)\}/g, count: 'smart_count' };

const PLURAL_SEPARATOR = '||||';

/** CLDR's plural categories in their usual order: a plural line lists its forms in this order. */
const PLURAL_CATEGORIES: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

interface PluralRules {
  rules: Intl.PluralRules;
  /** The language's categories in CLDR's order: the form of a category is at its index. */
  categories: Intl.LDMLPluralRule[];
}

const pluralRulesByLanguage = new Map<string, PluralRules>();

function pluralRulesOf(language: string): PluralRules {
  let known = pluralRulesByLanguage.get(language);
  if (!known) {
    let rules: Intl.PluralRules;
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      // A language code Intl cannot read (lines are keyed by whatever code an admin typed).
      rules = new Intl.PluralRules('en');
    }
    const own = rules.resolvedOptions().pluralCategories;
    known = { rules, categories: PLURAL_CATEGORIES.filter((category) => own.includes(category)) };
    pluralRulesByLanguage.set(language, known);
  }
  return known;
}

/**
 * The form of a plural line for `count`, trimmed: one form per plural category the language has
 * (English: one, other; Polish: one, few, many, other). A line with fewer forms uses its last one
 * for the categories it lacks; a line without forms is its only form.
 */
export function pluralForm(text: string, count: number, language: string): string {
  const forms = text.split(PLURAL_SEPARATOR);
  if (forms.length < 2) return text.trim();
  const { rules, categories } = pluralRulesOf(language);
  const index = categories.indexOf(rules.select(count));
  return forms[Math.min(Math.max(index, 0), forms.length - 1)].trim();
}

/** A count given already formatted ("1,234") is read back as a whole number. */
function countOf(value: unknown): number {
  return typeof value === 'number' ? value : Number(String(value).replace(/[^\d]/g, ''));
}

/** The language's line for an English text; a line left empty is no translation. */
export function lineFor(lines: Lines, text: string): string | undefined {
  if (!Object.hasOwn(lines, text)) return undefined;
  const line: unknown = lines[text];
  return typeof line === 'string' && line.trim() !== '' ? line : undefined;
}

export interface TranslateOptions {
  /** The language of `lines`: it picks the form of a translated plural line. */
  language?: string;
  syntax?: MessageSyntax;
}

/**
 * An English text in the language of `lines`, placeholders filled in from `values` (one without
 * a value stays as written). With a count value, a plural line gets the form for that count; an
 * untranslated line is English, whose rules pick among its forms whatever the language.
 */
export function translate(lines: Lines, text: string, values: Values = {}, { language = 'en', syntax = SITE_SYNTAX }: TranslateOptions = {}): string {
  const line = lineFor(lines, text);
  let result = line ?? text;
  const count = values[syntax.count];
  if (count != null) result = pluralForm(result, countOf(count), line === undefined ? 'en' : language);
  return result.replace(syntax.placeholder, (placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value == null ? placeholder : String(value);
  });
}

/**
 * Marks English text kept in a table (or stored, or sent) and translated later where it shows:
 * returned as is, and listed for translators by `pnpm ui-strings`.
 */
export const msg = (text: string): string => text;
