import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TablePagination, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Loading, Title, useGetOne, useNotify, useUpdate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { httpClient } from '../providers/httpClient.ts';

const PER_PAGE = 25;

/**
 * localizations/{localeId}/translate: every English line of the interface with its translation.
 * Lines left empty show in English. Edits stay on the page until saved together.
 */
export function LocalizationTranslate() {
  const { id } = useParams();
  const notify = useNotify();
  const { data: localization, isPending } = useGetOne('localizations', { id: Number(id) });
  const [update, { isPending: saving }] = useUpdate();
  const [strings, setStrings] = useState<string[] | null>(null);
  const [lines, setLines] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [search, setSearch] = useState('');
  const [untranslatedOnly, setUntranslatedOnly] = useState(false);
  const [page, setPage] = useState(0);

  useEffect(() => {
    httpClient('/api/admin/ui-strings')
      .then(({ json }) => setStrings(json.strings))
      .catch(() => notify('The interface lines could not be loaded.', { type: 'error' }));
  }, [notify]);
  useEffect(() => {
    if (localization) setLines(localization.lines ?? {});
  }, [localization]);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (strings ?? []).filter(
      (key) => (!untranslatedOnly || !lines[key]) && (!needle || key.toLowerCase().includes(needle) || (lines[key] ?? '').toLowerCase().includes(needle)),
    );
  }, [strings, lines, search, untranslatedOnly]);

  if (isPending || !strings) return <Loading />;
  if (!localization) return null;
  const translated = strings.filter((key) => lines[key]).length;

  const save = () =>
    update(
      'localizations',
      { id: localization.id, data: { lines }, previousData: localization },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setDirty(false);
          notify('Translations saved.', { type: 'success' });
        },
        onError: (error: unknown) => notify((error as Error)?.message ?? 'The translations could not be saved.', { type: 'error' }),
      },
    );

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`Translate: ${localization.name}`} />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <TextField
            label="Search lines"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            size="small"
          />
          <FormControlLabel
            control={<Switch checked={untranslatedOnly} onChange={(event) => (setUntranslatedOnly(event.target.checked), setPage(0))} />}
            label="Untranslated only"
          />
          <Typography sx={{ flexGrow: 1 }} color="text.secondary" aria-live="polite">
            {translated} of {strings.length} lines translated
          </Typography>
          <Button variant="contained" onClick={save} disabled={!dirty || saving}>
            Save
          </Button>
        </Stack>
        {shown.length === 0 && <Typography>No line matches.</Typography>}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} start={page * PER_PAGE + 1}>
          {shown.slice(page * PER_PAGE, (page + 1) * PER_PAGE).map((key) => (
            <Box component="li" key={key} sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography sx={{ whiteSpace: 'pre-wrap', alignSelf: 'center' }} id={`line-${strings.indexOf(key)}`}>
                {key}
              </Typography>
              <TextField
                size="small"
                multiline
                placeholder={key}
                value={lines[key] ?? ''}
                slotProps={{ htmlInput: { 'aria-labelledby': `line-${strings.indexOf(key)}` } }}
                onChange={(event) => {
                  setLines((current) => ({ ...current, [key]: event.target.value }));
                  setDirty(true);
                }}
              />
            </Box>
          ))}
        </Box>
        <TablePagination
          component="div"
          count={shown.length}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
        />
      </CardContent>
    </Card>
  );
}
