import { Alert, Box, Button, Card, CardContent, Chip, FormControlLabel, MenuItem, Stack, Switch, TablePagination, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Loading, Title, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';
import type { Place } from './localizations-api.ts';

const PER_PAGE = 25;

const PLACE_NAMES: Record<Place, string> = { site: msg('Site'), admin: msg('Back office'), api: msg('Server messages') };

/**
 * localizations/{localeId}/translate: every English line of the interface with its translation,
 * and where it shows (site, back office). Lines left empty show in English. Edits stay on the page
 * until saved together.
 */
export function LocalizationTranslate() {
  const { id } = useParams();
  const notify = useNotify();
  const translate = useTranslate();
  const { data: localization, isPending } = useGetOne('localizations', { id: Number(id) });
  const [update, { isPending: saving }] = useUpdate();
  const dataProvider = useAppDataProvider();
  const { data: catalogue, error: failure } = useQuery({ queryKey: ['ui-strings'], queryFn: () => dataProvider.getUiStrings().then(({ data }) => data) });
  // Edits stay on the page until saved; until the first one the saved lines show.
  const [edits, setEdits] = useState<Record<string, string>>();
  const lines: Record<string, string> = edits ?? localization?.lines ?? {};
  const [dirty, setDirty] = useState(false);
  const [search, setSearch] = useState('');
  const [place, setPlace] = useState<Place | 'all'>('all');
  const [untranslatedOnly, setUntranslatedOnly] = useState(false);
  const [page, setPage] = useState(0);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (catalogue?.strings ?? []).filter(
      (key) =>
        (place === 'all' || catalogue?.places[key]?.includes(place)) &&
        (!untranslatedOnly || !lines[key]) &&
        (!needle || key.toLowerCase().includes(needle) || (lines[key] ?? '').toLowerCase().includes(needle)),
    );
  }, [catalogue, lines, search, place, untranslatedOnly]);

  if (failure) return <Alert severity="error" sx={{ mt: 2 }}>{translate('The interface lines could not be loaded.')}</Alert>;
  if (isPending || !catalogue) return <Loading />;
  if (!localization) return null;
  const { strings, places } = catalogue;
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
        onError: (error: unknown) => notify((error as Error)?.message ?? msg('The translations could not be saved.'), { type: 'error' }),
      },
    );

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('Translate: %{name}', { name: localization.name })} />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <TextField
            label={translate('Search lines')}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            size="small"
          />
          <TextField
            select
            label={translate('Shown in')}
            value={place}
            onChange={(event) => {
              setPlace(event.target.value as Place | 'all');
              setPage(0);
            }}
            size="small"
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="all">{translate('Site and back office')}</MenuItem>
            {(Object.keys(PLACE_NAMES) as Place[]).map((value) => (
              <MenuItem key={value} value={value}>
                {translate(PLACE_NAMES[value])}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={untranslatedOnly}
                onChange={(event) => {
                  setUntranslatedOnly(event.target.checked);
                  setPage(0);
                }}
              />
            }
            label={translate('Untranslated only')}
          />
          <Typography sx={{ flexGrow: 1 }} color="text.secondary" aria-live="polite">
            {translate('%{translated} of %{total} lines translated', { translated, total: strings.length })}
          </Typography>
          <Button variant="contained" onClick={save} disabled={!dirty || saving}>
            {translate('ra.action.save')}
          </Button>
        </Stack>
        {shown.length === 0 && <Typography>{translate('No line matches.')}</Typography>}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} start={page * PER_PAGE + 1}>
          {shown.slice(page * PER_PAGE, (page + 1) * PER_PAGE).map((key) => (
            <Box component="li" key={key} sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Box sx={{ alignSelf: 'center' }}>
                <Typography sx={{ whiteSpace: 'pre-wrap' }} id={`line-${strings.indexOf(key)}`}>
                  {key}
                </Typography>
                <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                  {(places[key] ?? []).map((where) => (
                    <Chip key={where} size="small" variant="outlined" label={translate(PLACE_NAMES[where])} />
                  ))}
                </Stack>
              </Box>
              <TextField
                size="small"
                multiline
                placeholder={key}
                value={lines[key] ?? ''}
                slotProps={{ htmlInput: { 'aria-labelledby': `line-${strings.indexOf(key)}` } }}
                onChange={(event) => {
                  setEdits({ ...lines, [key]: event.target.value });
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
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
        />
      </CardContent>
    </Card>
  );
}
