import { Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { HttpError, Loading, Title, useNotify, useTranslate } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { httpClient } from '../providers/httpClient.ts';

/** The spec's ad slots with their size hints (§2.6). */
const SLOTS = [
  { name: 'ads.general_top', label: msg('Top of every page'), hint: msg('At most 150px tall, or responsive') },
  { name: 'ads.general_bottom', label: msg('Bottom of every page'), hint: msg('At most 150px tall, or responsive') },
  { name: 'ads.artist_top', label: msg('Top of artist pages'), hint: msg('At most 1000px wide, or responsive') },
  { name: 'ads.artist_bottom', label: msg('Bottom of artist pages'), hint: msg('At most 430px wide, or responsive') },
  { name: 'ads.album_above', label: msg('Above the tracks of album pages'), hint: msg('As wide as possible, or responsive') },
] as const;

type Ads = Record<(typeof SLOTS)[number]['name'], string> & { 'ads.disable': boolean };

/**
 * One code field per ad slot. The code is HTML (and scripts) from an ad network, shown on the site
 * exactly as pasted, so only settings managers may change it.
 */
export function AdsPage() {
  const notify = useNotify();
  const translate = useTranslate();
  const [ads, setAds] = useState<Ads | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    httpClient('/api/admin/ads')
      .then(({ json }) => setAds(json))
      .catch((error) => notify(error?.message ?? msg('The ads could not be loaded.'), { type: 'error' }));
  }, [notify]);
  if (!ads) return <Loading />;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const { json } = await httpClient('/api/admin/ads', { method: 'PUT', body: JSON.stringify(ads) });
      setAds(json);
      setErrors({});
      notify('Ads saved.', { type: 'success' });
    } catch (error) {
      if (error instanceof HttpError) setErrors(error.body?.errors ?? {});
      notify(error instanceof Error ? error.message : msg('The ads could not be saved.'), { type: 'error' });
    } finally {
      setSaving(false);
    }
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
              onChange={(event) => setAds({ ...ads, [slot.name]: event.target.value })}
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          ))}
          <FormControlLabel
            control={<Switch checked={ads['ads.disable']} onChange={(event) => setAds({ ...ads, 'ads.disable': event.target.checked })} />}
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
