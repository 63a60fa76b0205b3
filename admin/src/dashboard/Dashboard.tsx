import { Box, Card, CardContent, Grid, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, Title, useCanAccess, useGetList, useGetResourceLabel, useTranslate } from 'react-admin';
import type { DateRange } from '../reports/reports-api.ts';
import { lastDays, PlaysReportView, RangePicker, VisitorsReportView } from '../reports/Reports.tsx';

/** One small card per count, each with its own query, so one slow list never blocks the others. */
function CountCard({ resource }: { resource: string }) {
  const resourceLabel = useGetResourceLabel();
  const { canAccess } = useCanAccess({ resource, action: 'list' });
  const { total, isPending } = useGetList(resource, { pagination: { page: 1, perPage: 1 } }, { enabled: Boolean(canAccess) });
  if (!canAccess) return null;
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Card component={Link} to={`/${resource}`} sx={{ display: 'block', textDecoration: 'none' }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {resourceLabel(resource, 2)}
          </Typography>
          <Typography variant="h4" component="p" data-testid={`count-${resource}`}>
            {isPending ? '…' : (total ?? 0).toLocaleString()}
          </Typography>
        </CardContent>
      </Card>
    </Grid>
  );
}

/** The report home: counts, then plays and visitors over a chosen range. */
export function Dashboard() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'plays' | 'visitors'>('plays');
  const [range, setRange] = useState<DateRange>(() => lastDays(30));
  return (
    <>
      <Title title="Dashboard" />
      <Grid container spacing={2} sx={{ mt: 2 }}>
        <CountCard resource="tracks" />
        <CountCard resource="albums" />
        <CountCard resource="artists" />
        <CountCard resource="users" />
      </Grid>
      <Box sx={{ mt: 3 }}>
        <Tabs value={tab} onChange={(_event, value) => setTab(value)} aria-label={translate('Reports')} sx={{ mb: 2 }}>
          <Tab value="plays" label={translate('Plays')} id="report-tab-plays" aria-controls="report-panel" />
          <Tab value="visitors" label={translate('Visitors')} id="report-tab-visitors" aria-controls="report-panel" />
        </Tabs>
        <Box id="report-panel" role="tabpanel" aria-labelledby={`report-tab-${tab}`}>
          <RangePicker range={range} onChange={setRange} />
          {tab === 'plays' ? <PlaysReportView range={range} /> : <VisitorsReportView range={range} />}
        </Box>
      </Box>
    </>
  );
}
