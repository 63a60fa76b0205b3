import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import type { DateRange, ReportScope } from './reports-api.ts';
import { lastDays, PlaysReportView, RangePicker } from './Reports.tsx';

const SCOPES = { tracks: 'track_id', albums: 'album_id', artists: 'artist_id' } as const;

/** /tracks/:id/insights, /albums/:id/insights, /artists/:id/insights: plays of one item over a range. */
export function InsightsPage({ resource }: { resource: keyof typeof SCOPES }) {
  const { id } = useParams();
  const translate = useTranslate();
  const [range, setRange] = useState<DateRange>(() => lastDays(30));
  const { data } = useGetOne<{ id: number; name: string }>(resource, { id: Number(id) }, { enabled: Boolean(id && /^\d+$/.test(id)) });
  if (!id || !/^\d+$/.test(id)) return <Navigate to={`/${resource}`} replace />;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('Insights: %{name}', { name: data?.name ?? '' })} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('%{name}: insights', { name: data?.name ?? '…' })}
      </Typography>
      <RangePicker range={range} onChange={setRange} />
      <PlaysReportView range={range} scope={{ [SCOPES[resource]]: Number(id) } as ReportScope} />
    </Box>
  );
}
