export type Lines = Record<string, string>;

/** CLDR's plural categories in their usual order: a plural line lists its forms in this order. */
const PLURAL_CATEGORIES: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
const PLURAL_SEPARATOR = '||||';

/**
 * The form of a plural line for `count`. A plural line holds its forms separated by `||||`, as
 * the back office's lines do (':count track |||| :count tracks'): one per plural category the
 * language has, in CLDR's order (English: one, other; Polish: one, few, many, other). A line
 * with fewer forms uses its last one for the categories it lacks.
 */
function pluralForm(text: string, count: number, language: string): string {
  const forms = text.split(PLURAL_SEPARATOR).map((form) => form.trim());
  if (forms.length < 2) return text;
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(language);
  } catch {
    rules = new Intl.PluralRules('en');
  }
  const categories = PLURAL_CATEGORIES.filter((category) => rules.resolvedOptions().pluralCategories.includes(category));
  const index = categories.indexOf(rules.select(count));
  return forms[Math.min(Math.max(index, 0), forms.length - 1)];
}

/**
 * Translates an English source line with the active language's overrides, replacing `:name`
 * placeholders. The English text is the key, so an untranslated line shows as written. With a
 * `count` parameter, a plural line gets the form for that count (see pluralForm); a count given
 * already formatted ("1,234") is read back as a whole number.
 */
export function translate(lines: Lines, key: string, params: Record<string, string | number> = {}, language = 'en'): string {
  const translated = lines[key];
  let text = translated ?? key;
  if ('count' in params && text.includes(PLURAL_SEPARATOR)) {
    const count = typeof params.count === 'number' ? params.count : Number(String(params.count).replace(/[^\d]/g, ''));
    // An untranslated line is English, whose rules pick among its two forms.
    text = pluralForm(text, count, translated === undefined ? 'en' : language);
  }
  return text.replace(/:([a-zA-Z_]+)/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * Marks English text kept in a table and translated later with `t(...)`: returned as is, and listed
 * for translators by `pnpm ui-strings`.
 */
export const msg = (text: string): string => text;

/** `t(key, params)` for one language's lines; `language` picks the plural forms of plural lines. */
export function translator(lines: Lines, language = 'en') {
  return (key: string, params?: Record<string, string | number>) => translate(lines, key, params, language);
}
