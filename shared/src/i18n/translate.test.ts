import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_SYNTAX, lineFor, pluralForm, translate } from './translate.ts';

const backOffice = (lines: Record<string, string>, text: string, values: Record<string, unknown>, language: string) =>
  translate(lines, text, values, { language, syntax: BACK_OFFICE_SYNTAX });

describe('the lines of a language', () => {
  it('give the line of an English text, and nothing for a line left empty or a name objects inherit', () => {
    const lines = { Save: 'Opslaan', Email: '  ' };
    expect(lineFor(lines, 'Save')).toBe('Opslaan');
    expect(lineFor(lines, 'Email')).toBeUndefined();
    expect(lineFor(lines, 'Cancel')).toBeUndefined();
    expect(lineFor(lines, 'constructor')).toBeUndefined();
    expect(translate(lines, 'Email')).toBe('Email');
    expect(translate(lines, 'constructor')).toBe('constructor');
  });
});

describe('plural forms', () => {
  it("follow the language's CLDR categories in order, the last form standing in for missing ones", () => {
    const polish = 'utwór |||| utwory |||| utworów |||| utworu';
    expect([1, 3, 5, 22, 25, 1.5].map((count) => pluralForm(polish, count, 'pl'))).toEqual(['utwór', 'utwory', 'utworów', 'utwory', 'utworów', 'utworu']);
    expect(pluralForm('utwór |||| utwory', 5, 'pl')).toBe('utwory');
    // Arabic has all six categories.
    expect([0, 1, 2, 3, 11, 100].map((count) => pluralForm('a |||| b |||| c |||| d |||| e |||| f', count, 'ar'))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    // Japanese has one form; a language code Intl cannot read counts as English.
    expect(pluralForm('曲', 5, 'ja')).toBe('曲');
    expect(pluralForm('one |||| many', 1, 'not a language')).toBe('one');
  });

  it('are chosen by English rules for an untranslated line, whatever the language', () => {
    expect(translate({}, ':count track |||| :count tracks', { count: 5 }, { language: 'pl' })).toBe('5 tracks');
    expect(backOffice({}, '1 entry |||| %{smart_count} entries', { smart_count: 0 }, 'fr')).toBe('0 entries');
    expect(backOffice({}, 'Track |||| Tracks', { smart_count: 1 }, 'ja')).toBe('Track');
  });

  it('read a count given already formatted', () => {
    expect(translate({}, ':count play |||| :count plays', { count: '1,234' })).toBe('1,234 plays');
    expect(translate({}, ':count play |||| :count plays', { count: '1' })).toBe('1 play');
  });

  it('are left alone without a count', () => {
    expect(translate({}, 'a |||| b')).toBe('a |||| b');
    expect(backOffice({}, 'Track |||| Tracks', {}, 'en')).toBe('Track |||| Tracks');
  });
});

describe('one translator for the site and the back office', () => {
  const dutch = {
    ':count track |||| :count tracks': ':count nummer |||| :count nummers',
    '%{smart_count} track |||| %{smart_count} tracks': '%{smart_count} nummer |||| %{smart_count} nummers',
  };

  it("fills in each surface's placeholders and picks the same form of the same line", () => {
    for (const count of [0, 1, 2, 21]) {
      const site = translate(dutch, ':count track |||| :count tracks', { count }, { language: 'nl' });
      expect(backOffice(dutch, '%{smart_count} track |||| %{smart_count} tracks', { smart_count: count }, 'nl')).toBe(site);
    }
    expect(translate(dutch, ':count track |||| :count tracks', { count: 1 }, { language: 'nl' })).toBe('1 nummer');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(translate({}, 'Hello :name, :missing', { name: 'Ana', other: 1 })).toBe('Hello Ana, :missing');
    expect(backOffice({}, 'Drop files here or %{browseFiles}', { browseFiles: null }, 'en')).toBe('Drop files here or %{browseFiles}');
    expect(backOffice({}, '%{amount} %{currency} / %{period}', { amount: '9.99', currency: 'USD', period: 'month' }, 'en')).toBe('9.99 USD / month');
    // The site's syntax does not read the back office's, nor the other way round.
    expect(translate({}, '%{name} and :name', { name: 'x' })).toBe('%{name} and x');
    expect(backOffice({}, '%{name} and :name', { name: 'x' }, 'en')).toBe('x and :name');
  });
});
