import { describe, expect, it } from 'vitest';
import { adminKeysInSource, apiMessagesInSource, extractUiStrings, humanizeSource, keysInSource, uiStringPlaces } from './ui-strings.ts';

describe('the catalogue of interface lines', () => {
  const extracted = extractUiStrings();

  it('holds every line of the site and the back office, with where it shows (run `pnpm ui-strings` after adding one)', async () => {
    const catalogue = uiStringPlaces();
    const missing = Object.entries(await extracted).filter(([line, places]) => JSON.stringify(catalogue[line]) !== JSON.stringify(places));
    expect(missing, 'lines used in the code but missing from api/src/i18n/ui-strings.json, or listed with other places').toEqual([]);
  });

  it('holds nothing the code no longer says', async () => {
    const used = await extracted;
    expect(Object.keys(uiStringPlaces()).filter((line) => !(line in used))).toEqual([]);
  });

  it("lists the back office's react-admin messages, resource names, settings and permissions", async () => {
    const catalogue = await extracted;
    expect(catalogue['Track |||| Tracks']).toEqual(['admin']);
    expect(catalogue['Element deleted |||| %{smart_count} elements deleted']).toEqual(['admin']);
    expect(catalogue['Rows per page:']).toEqual(['admin']);
    expect(catalogue.Save).toEqual(['site', 'admin']);
    expect(catalogue['Site name']).toEqual(['admin']);
    // The API's error messages, sent in the asker's language.
    expect(catalogue['This album does not exist.']).toEqual(['api']);
    expect(catalogue['Enter a valid email address.']).toContain('api');
    expect(catalogue['Manage playlists']).toEqual(['admin']);
    // Keys are not lines, and a title made only of a placeholder has nothing to translate.
    expect(catalogue).not.toHaveProperty(['ra.action.save']);
    expect(catalogue).not.toHaveProperty(['%{name}']);
  });

  it('reads keys as JavaScript would, whatever the quotes and params', () => {
    const source = `
      t('Save'); t("Don't stop"); t('It\\'s :name', { name }); t(\`Plain\`); t(\`Not \${literal}\`);
      const t2 = at('nope'); obj.t('nope either'); t(variable); t('Two\\nlines');
      t(
        'Spread over lines',
      );`;
    expect(keysInSource(source)).toEqual(['Save', "Don't stop", "It's :name", 'Plain', 'Two\nlines', 'Spread over lines']);
    // Text kept in a table and translated later is marked with msg().
    expect(keysInSource(`const LABELS = { like: msg('Like :name') }; t(LABELS.like, { name });`)).toEqual(['Like :name']);
  });

  it('finds the API’s messages, including text marked with msg() for the site to translate', () => {
    expect(apiMessagesInSource(`throw notFound('Gone.'); const line = { content: msg(':name started following you') }; other.msg('no');`)).toEqual([
      'Gone.',
      ':name started following you',
    ]);
  });

  it('names fields as react-admin does when given no label', () => {
    expect(humanizeSource('created_at')).toBe('Created at');
    expect(humanizeSource('album_id')).toBe('Album');
    expect(humanizeSource('artist_ids')).toBe('Artist');
    expect(humanizeSource('displayName')).toBe('Display name');
    expect(humanizeSource('prices.0.interval_count')).toBe('Interval count');
    expect(humanizeSource('author.name')).toBe('Author name');
  });

  it('finds what the back office shows: translate, msg and notify calls, labels react-admin translates, and field names it makes', () => {
    const source = `
      const [rows] = useState<string[] | null>(null);
      const kinds = [{ id: 'a', name: msg('Hand-picked') }];
      notify('Saved it', { type: 'success' }); i18nProvider.translate('Lyrics of %{id}', { id });
      export function Screen() {
        const translate = useTranslate();
        return (
          <List filters={[<SearchInput key="q" source="q" alwaysOn />]}>
            <DataTable>
              <DataTable.Col source="created_at" />
              <DataTable.Col source="album_id" label="Record">
                <ReferenceField source="album_id" reference="albums"><ChipField source="title" /></ReferenceField>
              </DataTable.Col>
            </DataTable>
            <TabbedForm.Tab label="Details" path={\`a/\${b ? \`\${c}\` : ''}\`}>
              <TextInput source="first_name" helperText={'As written'} />
              <Labeled label="Joined"><DateField source="updated_at" emptyText="Never" /></Labeled>
            </TabbedForm.Tab>
            <Typography>{translate('Upload music')}</Typography>
            <TextField label={translate('Search lines')} placeholder="not translated by react-admin" />
          </List>
        );
      }`;
    expect(adminKeysInSource(source).sort()).toEqual(
      ['Hand-picked', 'Saved it', 'Lyrics of %{id}', 'Upload music', 'Search lines', 'Created at', 'Record', 'Details', 'First name', 'As written', 'Joined', 'Never'].sort(),
    );
  });
});
