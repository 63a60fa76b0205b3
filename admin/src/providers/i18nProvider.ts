import { BACK_OFFICE_SYNTAX, type Lines, translate } from '@app/shared/i18n/translate';
import type { I18nProvider } from 'react-admin';
import { ENGLISH_MESSAGES } from '../i18n/messages.ts';

/** A language of the interface: translated lines keyed by their English text, as the site has them. */
export interface InterfaceLanguage {
  language: string;
  lines: Lines;
}

export const ENGLISH: InterfaceLanguage = { language: 'en', lines: {} };

/**
 * The English text behind what react-admin or our code asks to translate: react-admin's message
 * for a key it knows (`ra.action.save` → `Save`, `resources.tracks.name` → `Track |||| Tracks`);
 * for a key it made up (`resources.tracks.fields.created_at`), the default it sends along
 * (`_: 'Created at'`, from the field's source); otherwise the key itself, which is English text
 * (`label="Cover"`, `translate('Upload music')`).
 */
export function englishText(key: string, fallback?: unknown): string {
  const known = ENGLISH_MESSAGES.get(key);
  if (known !== undefined) return known;
  if (typeof fallback === 'string') return ENGLISH_MESSAGES.get(fallback) ?? fallback;
  return key;
}

/** Lines as the server sent them; the translator passes over a line left empty or not text. */
function linesOf(language: InterfaceLanguage): InterfaceLanguage {
  const { lines } = language;
  return { language: language.language, lines: lines && typeof lines === 'object' ? lines : {} };
}

export type InterfaceI18nProvider = I18nProvider & {
  /** Switches to another language's lines (after logging in or out); screens drawn after it use them. */
  use(language: InterfaceLanguage): Promise<void>;
};

/**
 * One provider for every label of the back office: the English text (see englishText) is looked up
 * in the lines of the current language, and falls back to itself. The translator the site uses too
 * (@app/shared/i18n/translate) fills in %{placeholders} and picks the plural form (`one |||| many`)
 * by `smart_count`, so a plural line picks its forms the same way in both.
 */
export function createI18nProvider(initial: InterfaceLanguage = ENGLISH): InterfaceI18nProvider {
  let current = linesOf(initial);
  return {
    translate(key, options = {}) {
      const { _: fallback, ...values } = options as { _?: unknown; [name: string]: unknown };
      return translate(current.lines, englishText(key, fallback), values, { language: current.language, syntax: BACK_OFFICE_SYNTAX });
    },
    // The language is the server's choice (the user's own, or the site's default), not a menu's.
    changeLocale: () => Promise.resolve(),
    getLocale: () => current.language,
    getLocales: () => [{ locale: current.language, name: current.language }],
    async use(language) {
      current = linesOf(language);
    },
  };
}

/** The back office's provider; main.tsx fills in the language before the first screen is drawn. */
export const i18nProvider = createI18nProvider();
