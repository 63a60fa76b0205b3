import type { BootstrapData } from '@app/api';
import { describe, expect, it } from 'vitest';
import { resolveThemeCss, themeDeclarations } from './theme.ts';

const theme = (id: number, is_dark: boolean, values: Record<string, string>) => ({ id, name: `t${id}`, is_dark, default_light: !is_dark, default_dark: is_dark, values });

describe('theme stylesheet', () => {
  it('drops names and values that could escape the CSS rule', () => {
    const css = themeDeclarations(theme(1, false, { '--be-primary': '1 2 3', '--x</style><script>': 'a', '--be-paper': 'red;}</style><script>alert(1)</script>', color: 'red' }));
    expect(css).toBe('--be-primary:1 2 3');
  });

  it('ships both themes behind a media query for "system", one rule otherwise', () => {
    const all = [theme(1, false, { '--a': '1' }), theme(2, true, { '--a': '2' })];
    const system = resolveThemeCss({ themes: { all, selected: { mode: 'system', lightId: 1, darkId: 2 } } } as BootstrapData);
    expect(system.dark).toBeNull();
    expect(system.css).toBe(':root{--a:1;color-scheme:light}@media (prefers-color-scheme: dark){:root{--a:2;color-scheme:dark}}');
    const fixed = resolveThemeCss({ themes: { all, selected: { mode: 'fixed', themeId: 2 } } } as BootstrapData);
    expect(fixed).toEqual({ css: ':root{--a:2;color-scheme:dark}', dark: true });
  });
});
