import { Alert, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, Loading, Title, useNotify, useTranslate } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';
import type { Ads } from './ads-api.ts';

/** The spec's ad slots with their size hints (§2.6). */
const SLOTS = [
  { name: 'ads.general_top', label: msg('Top of every page'), hint: msg('At most 150px tall, or responsive') },
  { name: 'ads.general_bottom', label: msg('Bottom of every page'), hint: msg('At most 150px tall, or responsive') },
  { name: 'ads.artist_top', label: msg('Top of artist pages'), hint: msg('At most 1000px wide, or responsive') },
  { name: 'ads.artist_bottom', label: msg('Bottom of artist pages'), hint: msg('At most 430px wide, or responsive') },
  { name: 'ads.album_above', label: msg('Above the tracks of album pages'), hint: msg('As wide as possible, or responsive') },
] as const;

/**
 * One code field per ad slot. The code is HTML (and scripts) from an ad network, shown on the site
 * exactly as pasted, so only settings managers may change it.
 */
export function AdsPage() {
  const notify = useNotify();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  // What is being edited; the stored code until the first change.
  const [edited, setEdited] = useState<Ads | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const stored = useQuery({ queryKey: ['ads'], queryFn: () => dataProvider.getAds().then(({ data }) => data) });
  const { mutate: saveAds, isPending: saving } = useMutation({
    mutationFn: (values: Ads) => dataProvider.updateAds(values).then(({ data }) => data),
    onSuccess: (saved) => {
      queryClient.setQueryData(['ads'], saved);
      setEdited(null);
      setErrors({});
      notify('Ads saved.', { type: 'success' });
    },
    onError: (error) => {
      if (error instanceof HttpError) setErrors(error.body?.errors ?? {});
      notify(error instanceof Error ? error.message : msg('The ads could not be saved.'), { type: 'error' });
    },
  });
  const ads = edited ?? stored.data;
  if (stored.error && !ads) return <Alert severity="error">{stored.error.message || translate('The ads could not be loaded.')}</Alert>;
  if (!ads) return <Loading />;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    saveAds(ads);
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Ads" />
      <CardContent component="form" onSubmit={save}>
        <Stack spacing={3} sx={{ maxWidth: 800 }}>
          <Typography color="text.secondary">
            {translate('Paste the code your ad network gives you. It is shown on the site as written; leave a slot empty to show nothing there.')}
          </Typography>
          {SLOTS.map((slot) => (
            <TextField
              key={slot.name}
              name={slot.name}
              label={translate(slot.label)}
              helperText={errors[slot.name] ?? translate(slot.hint)}
              error={Boolean(errors[slot.name])}
              value={ads[slot.name]}
              onChange={(event) => setEdited({ ...ads, [slot.name]: event.target.value })}
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          ))}
          <FormControlLabel
            control={<Switch checked={ads['ads.disable']} onChange={(event) => setEdited({ ...ads, 'ads.disable': event.target.checked })} />}
            label={translate('Turn all ads off (the code is kept)')}
          />
          <div>
            <Button type="submit" variant="contained" disabled={saving}>
              {translate('ra.action.save')}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
