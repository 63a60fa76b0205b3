import { describe, expect, it } from 'vitest';
import { extractUiStrings, keysInSource, uiStrings } from './ui-strings.ts';

describe('the catalogue of interface lines', () => {
  it('holds every t() line of the site and the back office (run `pnpm ui-strings` after adding one)', () => {
    const catalogue = new Set(uiStrings());
    const missing = extractUiStrings().filter((key) => !catalogue.has(key));
    expect(missing, 'lines used in the code but missing from api/src/i18n/ui-strings.json').toEqual([]);
  });

  it('holds nothing the code no longer says', () => {
    const used = new Set(extractUiStrings());
    expect(uiStrings().filter((key) => !used.has(key))).toEqual([]);
  });

  it('reads keys as JavaScript would, whatever the quotes and params', () => {
    const source = `
      t('Save'); t("Don't stop"); t('It\\'s :name', { name }); t(\`Plain\`); t(\`Not \${literal}\`);
      const t2 = at('nope'); obj.t('nope either'); t(variable); t('Two\\nlines');
      t(
        'Spread over lines',
      );`;
    expect(keysInSource(source)).toEqual(['Save', "Don't stop", "It's :name", 'Plain', 'Two\nlines', 'Spread over lines']);
  });
});
