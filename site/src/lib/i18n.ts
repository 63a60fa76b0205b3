import { type Lines, SITE_SYNTAX, translate as translateLine } from '@app/shared/i18n/translate';

export { type Lines, msg } from '@app/shared/i18n/translate';

/**
 * Translates an English source line with the active language's lines, replacing `:name`
 * placeholders; a `count` value picks the form of a plural line (':count track |||| :count tracks').
 * The engine is the back office's too (@app/shared/i18n/translate).
 */
export function translate(lines: Lines, key: string, params: Record<string, string | number> = {}, language = 'en'): string {
  return translateLine(lines, key, params, { language, syntax: SITE_SYNTAX });
}

/** `t(key, params)` for one language's lines; `language` picks the plural forms of plural lines. */
export function translator(lines: Lines, language = 'en') {
  return (key: string, params?: Record<string, string | number>) => translate(lines, key, params, language);
}
