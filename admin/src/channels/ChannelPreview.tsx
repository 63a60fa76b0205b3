import { Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';
import { itemLabel } from './choices.ts';

/** What the site shows for the saved channel, read from the same call the channel page makes. */
export function ChannelPreview() {
  const record = useRecordContext();
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const slug: string | undefined = record?.slug;
  const { data, error } = useQuery({
    // updated_at: a save changes what the site shows.
    queryKey: ['channels', 'preview', slug, record?.content_source, record?.updated_at],
    queryFn: async () => {
      let restriction: string | undefined;
      // A genre channel shows one genre at a time; preview it with the first.
      if (record!.content_source === 'genre') {
        const { data: genres } = await dataProvider.getList('genres', { pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
        restriction = genres[0]?.name;
      }
      const { data: preview } = await dataProvider.getChannelPreview({ slug: slug!, restriction });
      const address = `/channel/${encodeURIComponent(slug!)}${restriction ? `/${encodeURIComponent(restriction)}` : ''}`;
      return { preview, address };
    },
    enabled: Boolean(slug),
    // After a save the preview as it was stays until the new one is read, rather than blinking.
    placeholderData: keepPreviousData,
  });
  const failure = error ? error.message || msg('The preview could not be loaded.') : undefined;

  if (!record) return null;
  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, minWidth: 260, maxWidth: { md: 320 } }} component="aside" aria-label={translate('Preview')}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('Preview')}
        </Typography>
        {failure && <Typography color="error">{translate(failure, { _: failure })}</Typography>}
        {data && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {translate('As saved, at')} <Link href={data.address} target="_blank" rel="noopener">{data.address}</Link>
            </Typography>
            <Typography variant="subtitle1">{data.preview.name}</Typography>
            {data.preview.content.data.length === 0 ? (
              <Typography color="text.secondary">{translate('Nothing to show yet.')}</Typography>
            ) : (
              <List dense data-testid="channel-preview">
                {data.preview.content.data.map((item) => (
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
