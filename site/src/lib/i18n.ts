export type Lines = Record<string, string>;

/**
 * Translates an English source line with the active language's overrides, replacing `:name`
 * placeholders. The English text is the key, so an untranslated line shows as written.
 */
export function translate(lines: Lines, key: string, params: Record<string, string | number> = {}): string {
  const text = lines[key] ?? key;
  return text.replace(/:([a-zA-Z_]+)/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * Marks English text kept in a table and translated later with `t(...)`: returned as is, and listed
 * for translators by `pnpm ui-strings`.
 */
export const msg = (text: string): string => text;

export function translator(lines: Lines) {
  return (key: string, params?: Record<string, string | number>) => translate(lines, key, params);
}
