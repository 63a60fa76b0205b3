import type { BootstrapData } from '@app/api';

type Theme = BootstrapData['themes']['all'][number];

const SAFE_NAME = /^--[a-zA-Z0-9-]+$/;
const SAFE_VALUE = /^[^<>{};]*$/;

/** CSS custom properties of a theme; names and values that could break out of the rule are dropped. */
export function themeDeclarations(theme: Theme | undefined): string {
  if (!theme) return '';
  return Object.entries(theme.values)
    .filter(([name, value]) => SAFE_NAME.test(name) && typeof value === 'string' && SAFE_VALUE.test(value))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

export function themeRule(theme: Theme | undefined): string {
  return `:root{${themeDeclarations(theme)};color-scheme:${theme?.is_dark ? 'dark' : 'light'}}`;
}

/**
 * The theme stylesheet for the first paint. A fixed choice is one rule; "system" ships both
 * default themes and lets the OS preference pick, so the server never has to guess.
 */
export function resolveThemeCss(bootstrap: BootstrapData): { css: string; dark: boolean | null } {
  const { all, selected } = bootstrap.themes;
  const byId = (id: number) => all.find((theme) => theme.id === id) ?? all[0];
  if (selected.mode === 'fixed') {
    const theme = byId(selected.themeId);
    return { css: themeRule(theme), dark: Boolean(theme?.is_dark) };
  }
  return { css: `${themeRule(byId(selected.lightId))}@media (prefers-color-scheme: dark){${themeRule(byId(selected.darkId))}}`, dark: null };
}

/** The default light and dark themes, for the menu's "Dark mode" / "Light mode" switch. */
export function switchableThemes(bootstrap: BootstrapData) {
  const { all } = bootstrap.themes;
  const light = all.find((t) => t.default_light) ?? all.find((t) => !t.is_dark);
  const dark = all.find((t) => t.default_dark) ?? all.find((t) => t.is_dark);
  if (!light || !dark || !bootstrap.settings['themes.user_change']) return null;
  return {
    light: { id: light.id, isDark: false, css: themeRule(light) },
    dark: { id: dark.id, isDark: true, css: themeRule(dark) },
  };
}
