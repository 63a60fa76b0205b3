import { describe, expect, it } from 'vitest';
import { createI18nProvider, englishText } from './i18nProvider.ts';

const dutch = {
  language: 'nl',
  lines: {
    Save: 'Opslaan',
    'Track |||| Tracks': 'Nummer |||| Nummers',
    Name: 'Naam',
    Cover: 'Hoes',
    'Element deleted |||| %{smart_count} elements deleted': 'Element verwijderd |||| %{smart_count} elementen verwijderd',
    'Create %{name}': '%{name} maken',
    'Track updated |||| %{smart_count} tracks updated': 'Nummer bijgewerkt |||| %{smart_count} nummers bijgewerkt',
    Email: '  ',
  },
};

describe('the back office translator', () => {
  it('finds the English text behind a key: react-admin message, generated default, or the text itself', () => {
    expect(englishText('ra.action.save')).toBe('Save');
    expect(englishText('ra.auth.username')).toBe('Email');
    expect(englishText('resources.tracks.name', 'Tracks')).toBe('Track |||| Tracks');
    expect(englishText('resources.tracks.fields.created_at', 'Created at')).toBe('Created at');
    expect(englishText('Cover', 'Cover')).toBe('Cover');
    expect(englishText('Upload music')).toBe('Upload music');
    // A default that is itself a react-admin key reads as that key's message.
    expect(englishText('Some server message', 'ra.notification.http_error')).toBe('Server communication error');
    expect(englishText('constructor')).toBe('constructor');
  });

  it("uses the language's line for that text, and English where it has none", () => {
    const { translate } = createI18nProvider(dutch);
    expect(translate('ra.action.save')).toBe('Opslaan');
    expect(translate('Save')).toBe('Opslaan');
    expect(translate('resources.tracks.fields.name', { _: 'Name' })).toBe('Naam');
    expect(translate('Cover', { _: 'Cover' })).toBe('Hoes');
    expect(translate('ra.action.delete')).toBe('Delete');
    expect(translate('Upload music')).toBe('Upload music');
    expect(translate('resources.tracks.fields.plays', { _: 'Plays' })).toBe('Plays');
    // An empty line is no translation.
    expect(translate('ra.auth.username')).toBe('Email');
  });

  it('fills in placeholders and picks plural forms, translated or not', () => {
    const { translate } = createI18nProvider(dutch);
    expect(translate('resources.tracks.name', { smart_count: 1, _: 'Track' })).toBe('Nummer');
    expect(translate('resources.tracks.name', { smart_count: 2, _: 'Tracks' })).toBe('Nummers');
    expect(translate('resources.albums.name', { smart_count: 2, _: 'Albums' })).toBe('Albums');
    expect(translate('ra.notification.deleted', { smart_count: 3 })).toBe('3 elementen verwijderd');
    expect(translate('ra.page.create', { name: 'Nummer' })).toBe('Nummer maken');
    // A save or delete names what it changed, as react-admin asks for it (the default is its own word).
    const updated = (count: number) => translate('resources.tracks.notifications.updated', { smart_count: count, _: 'Element updated' });
    expect(updated(1)).toBe('Nummer bijgewerkt');
    expect(updated(3)).toBe('3 nummers bijgewerkt');
    expect(translate('resources.custom-pages.notifications.deleted', { smart_count: 2, _: 'Element deleted' })).toBe('2 custom pages deleted');
    expect(translate('resources.roles.notifications.created', { smart_count: 1, _: 'Element created' })).toBe('Role created');
    expect(translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 300 })).toBe('1-25 of 300');
    expect(translate('Audio files, up to %{size} each', { size: '200 MB' })).toBe('Audio files, up to 200 MB each');
  });

  it('picks plural forms as the site does: by the CLDR categories of the language, by English rules for an untranslated line', () => {
    const { translate } = createI18nProvider({ language: 'pl', lines: { 'Track |||| Tracks': 'Utwór |||| Utwory |||| Utworów |||| Utworu' } });
    const tracks = (count: number) => translate('resources.tracks.name', { smart_count: count, _: 'Tracks' });
    expect([1, 3, 5, 22].map(tracks)).toEqual(['Utwór', 'Utwory', 'Utworów', 'Utwory']);
    expect(translate('1 entry |||| %{smart_count} entries', { smart_count: 5 })).toBe('5 entries');
    expect(translate('1 entry |||| %{smart_count} entries', { smart_count: 0 })).toBe('0 entries');
  });

  it('switches language when told, and is English until then', async () => {
    const provider = createI18nProvider();
    expect(provider.getLocale()).toBe('en');
    expect(provider.translate('ra.action.save')).toBe('Save');
    await provider.use(dutch);
    expect(provider.getLocale()).toBe('nl');
    expect(provider.translate('ra.action.save')).toBe('Opslaan');
    await provider.use({ language: 'en', lines: {} });
    expect(provider.translate('ra.action.save')).toBe('Save');
  });
});
