import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { ENGLISH_MESSAGES } from '../i18n/messages.ts';

/** A language of the interface: translated lines keyed by their English text, as the site has them. */
export interface InterfaceLanguage {
  language: string;
  lines: Record<string, string>;
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

/** Lines left empty show in English rather than as nothing. */
function usableLines(lines: unknown): Record<string, string> {
  if (!lines || typeof lines !== 'object') return {};
  return Object.fromEntries(Object.entries(lines).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''));
}

export type InterfaceI18nProvider = I18nProvider & {
  /** Switches to another language's lines (after logging in or out); screens drawn after it use them. */
  use(language: InterfaceLanguage): Promise<void>;
};

/**
 * One provider for every label of the back office: the English text (see englishText) is looked up
 * in the lines of the current language, and falls back to itself. Polyglot then fills in
 * %{placeholders} and picks the plural form (`one |||| many`) by `smart_count`.
 */
export function createI18nProvider(initial: InterfaceLanguage = ENGLISH): InterfaceI18nProvider {
  let current = { language: initial.language, lines: usableLines(initial.lines) };
  // Polyglot's phrases are the lines themselves; an English text without a line is "missing" and
  // shown as it is, interpolated.
  const polyglot = polyglotI18nProvider(() => current.lines as unknown as TranslationMessages, current.language, [{ locale: current.language, name: current.language }], { allowMissing: true });
  return {
    translate(key, options = {}) {
      const { _: fallback, ...values } = options as { _?: unknown; [name: string]: unknown };
      return polyglot.translate(englishText(key, fallback), values);
    },
    // The language is the server's choice (the user's own, or the site's default), not a menu's.
    changeLocale: () => Promise.resolve(),
    getLocale: () => current.language,
    getLocales: () => [{ locale: current.language, name: current.language }],
    async use(language) {
      current = { language: language.language, lines: usableLines(language.lines) };
      await polyglot.changeLocale(language.language);
    },
  };
}

/** The back office's provider; main.tsx fills in the language before the first screen is drawn. */
export const i18nProvider = createI18nProvider();
