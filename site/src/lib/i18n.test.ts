import { describe, expect, it } from 'vitest';
import { translate, translator } from './i18n.ts';

describe('translate', () => {
  it('replaces :name placeholders and shows an untranslated line as written', () => {
    expect(translate({}, 'Hello :name', { name: 'Ana' })).toBe('Hello Ana');
    expect(translate({ 'Hello :name': 'Olá :name' }, 'Hello :name', { name: 'Ana' })).toBe('Olá Ana');
  });

  it('picks the English form of a plural line by its count', () => {
    const t = translator({});
    expect(t(':count item |||| :count items', { count: 1 })).toBe('1 item');
    expect(t(':count item |||| :count items', { count: 0 })).toBe('0 items');
    expect(t(':count item |||| :count items', { count: 2 })).toBe('2 items');
    // A count shown already formatted still chooses the form.
    expect(t(':count play |||| :count plays', { count: '1,234' })).toBe('1,234 plays');
    expect(t(':count play |||| :count plays', { count: '1' })).toBe('1 play');
  });

  it("uses the language's own plural categories for a translated line", () => {
    // Polish: one, few, many, other.
    const t = translator({ ':count track |||| :count tracks': ':count utwór |||| :count utwory |||| :count utworów |||| :count utworu' }, 'pl');
    expect(t(':count track |||| :count tracks', { count: 1 })).toBe('1 utwór');
    expect(t(':count track |||| :count tracks', { count: 3 })).toBe('3 utwory');
    expect(t(':count track |||| :count tracks', { count: 5 })).toBe('5 utworów');
    expect(t(':count track |||| :count tracks', { count: 1.5 })).toBe('1.5 utworu');
    // Untranslated, the English forms follow English rules whatever the language.
    expect(translator({}, 'pl')(':count track |||| :count tracks', { count: 5 })).toBe('5 tracks');
  });

  it('leaves a line without a count, or without forms, alone', () => {
    expect(translate({}, 'a |||| b')).toBe('a |||| b');
    expect(translate({}, ':count tracks', { count: 1 })).toBe('1 tracks');
  });
});
