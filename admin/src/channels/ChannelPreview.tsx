import { Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { httpClient } from '../providers/httpClient.ts';
import { itemLabel } from './choices.ts';

interface Preview {
  name: string;
  content: { data: { id: number; name?: string; display_name?: string | null }[]; has_more: boolean };
}

/** What the site shows for the saved channel, read from the same call the channel page makes. */
export function ChannelPreview() {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const [state, setState] = useState<{ preview?: Preview; error?: string; address?: string }>({});

  useEffect(() => {
    if (!record?.slug) return;
    let cancelled = false;
    (async () => {
      let address = `/channel/${encodeURIComponent(record.slug)}`;
      // A genre channel shows one genre at a time; preview it with the first.
      if (record.content_source === 'genre') {
        const { data } = await dataProvider.getList('genres', { pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
        if (data[0]) address += `/${encodeURIComponent(data[0].name)}`;
      }
      const [, slug, restriction] = address.split('/').filter(Boolean);
      const { json } = await httpClient(`/api/v1/channel/${slug}${restriction ? `?restriction=${restriction}` : ''}`);
      if (!cancelled) setState({ preview: json.channel, address });
    })().catch((error) => !cancelled && setState({ error: error?.message ?? msg('The preview could not be loaded.') }));
    return () => {
      cancelled = true;
    };
  }, [record?.slug, record?.content_source, record?.updated_at, dataProvider]);

  if (!record) return null;
  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, minWidth: 260, maxWidth: { md: 320 } }} component="aside" aria-label={translate('Preview')}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('Preview')}
        </Typography>
        {state.error && <Typography color="error">{translate(state.error, { _: state.error })}</Typography>}
        {state.preview && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {translate('As saved, at')} <Link href={state.address} target="_blank" rel="noopener">{state.address}</Link>
            </Typography>
            <Typography variant="subtitle1">{state.preview.name}</Typography>
            {state.preview.content.data.length === 0 ? (
              <Typography color="text.secondary">{translate('Nothing to show yet.')}</Typography>
            ) : (
              <List dense data-testid="channel-preview">
                {state.preview.content.data.map((item) => (
                  <ListItem key={item.id} disableGutters>
                    <ListItemText primary={itemLabel(item)} />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
