import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';

/** A text of Uppy's: one string, or its plural forms by index (`{ 0: 'one file', 1: '%{smart_count} files' }`). */
type UppyString = string | Record<number, string>;

/**
 * The English texts that Uppy's core and its dashboard show, by Uppy's key. The packages do not
 * export their locale files, so they are read from a core and a dashboard that are never installed.
 */
export function uppyEnglishStrings(): Record<string, UppyString> {
  const probe = new Uppy();
  const dashboard = new Dashboard(probe, {});
  return { ...(probe.defaultLocale?.strings as Record<string, UppyString>), ...(dashboard.defaultLocale?.strings as Record<string, UppyString>) };
}

/** Every English line in those texts, plural forms one by one: `pnpm ui-strings` lists them for translators. */
export function uppyEnglishLines(): string[] {
  return Object.values(uppyEnglishStrings()).flatMap((text) => (typeof text === 'string' ? [text] : Object.values(text)));
}

/**
 * Uppy's texts in the back office's language. Each line goes through the translator with its
 * `%{placeholders}` handed back as they are, for Uppy to fill in itself.
 */
export function translatedUppyStrings(translate: (line: string, values: Record<string, string>) => string): Record<string, UppyString> {
  const one = (line: string) => translate(line, Object.fromEntries([...line.matchAll(/%\{(\w+)\}/g)].map(([placeholder, name]) => [name, placeholder])));
  return Object.fromEntries(
    Object.entries(uppyEnglishStrings()).map(([key, text]) => [
      key,
      typeof text === 'string' ? one(text) : Object.fromEntries(Object.entries(text).map(([form, line]) => [form, one(line)])),
    ]),
  );
}
