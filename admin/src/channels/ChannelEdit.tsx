import { Alert } from '@mui/material';
import { Edit, Loading, useGetList, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ChannelForm } from './ChannelForm.tsx';
import { ChannelPreview } from './ChannelPreview.tsx';

export function ChannelEdit({ id }: { id?: number }) {
  return (
    <Edit id={id} mutationMode="pessimistic" aside={<ChannelPreview />}>
      <ChannelForm />
    </Edit>
  );
}

/** channels/{slugOrId}/edit, the spec's address: a slug is looked up, a number is the id. */
export function ChannelEditBySlug() {
  const { slugOrId = '' } = useParams();
  const translate = useTranslate();
  const numeric = /^\d+$/.test(slugOrId);
  const { data, isPending } = useGetList('channels', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter: { slug: slugOrId } }, { enabled: !numeric });
  if (numeric) return <ChannelEdit id={Number(slugOrId)} />;
  if (isPending) return <Loading />;
  const channel = data?.find((c) => c.slug === slugOrId);
  return channel ? <ChannelEdit id={channel.id} /> : <Alert severity="warning">{translate('No channel has the address “%{address}”.', { address: slugOrId })}</Alert>;
}
