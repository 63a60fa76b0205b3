import { Alert, Box, Button, ButtonGroup, Card, CardContent, Grid, LinearProgress, Link as MuiLink, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HttpError, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';
import type { Count, DateRange, ReportScope } from './reports-api.ts';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The axis of counts: whole numbers only (never 0.5 plays), however small the counts are. */
const COUNT_AXIS = { tickMinStep: 1, valueFormatter: (value: number) => value.toLocaleString() };

export function lastDays(days: number): DateRange {
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return { from: isoDay(from), to: isoDay(to) };
}

/** Every day of the range, so days without plays show as zero instead of being skipped. */
function eachDay(range: DateRange): string[] {
  const days: string[] = [];
  for (let day = new Date(`${range.from}T00:00:00Z`); isoDay(day) <= range.to && days.length < 400; day = new Date(day.getTime() + 86_400_000)) days.push(isoDay(day));
  return days;
}

/** A report's data; the previous range's stays on screen (dimmed) while another range loads. */
function useReportQuery<T>(key: unknown[], load: () => Promise<{ data: T }>) {
  const { data, error, isPlaceholderData } = useQuery({ queryKey: ['reports', ...key], queryFn: () => load().then(({ data }) => data), placeholderData: keepPreviousData });
  return { data, error: error ? (error instanceof HttpError ? error.message : msg('The report could not be loaded.')) : null, loading: isPlaceholderData };
}

export function RangePicker({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
      <TextField type="date" size="small" label={translate('From')} value={range.from} onChange={(e) => e.target.value && onChange({ ...range, from: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }} />
      <TextField type="date" size="small" label={translate('To')} value={range.to} onChange={(e) => e.target.value && onChange({ ...range, to: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from } }} />
      <ButtonGroup size="small" aria-label={translate('Quick ranges')}>
        {[7, 30, 90, 365].map((days) => (
          <Button key={days} onClick={() => onChange(lastDays(days))}>
            {days === 365 ? translate('1 year') : translate('%{count} days', { count: days })}
          </Button>
        ))}
      </ButtonGroup>
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: 1 }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {translate(label)}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId}>
          {value.toLocaleString()}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** A ranked list as a table (readable by everyone) with a bar chart beside it. */
function TopList({ title, rows, link }: { title: string; rows: { key: string | number; label: string; count: number }[]; link?: (key: string | number) => string }) {
  const translate = useTranslate();
  const unknown = translate('Unknown');
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {translate(title)}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{translate('Nothing in this range.')}</Typography>
        ) : (
          <>
            <BarChart
              height={Math.max(120, rows.length * 28)}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: rows.map((r) => r.label || unknown), width: 110 }]}
              xAxis={[COUNT_AXIS]}
              series={[{ data: rows.map((r) => r.count), label: translate('Count') }]}
              hideLegend
              aria-hidden
            />
            <Table size="small" aria-label={translate(title)}>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.key}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {link ? (
                        <MuiLink component={Link} to={link(row.key)}>
                          {row.label || unknown}
                        </MuiLink>
                      ) : (
                        row.label || unknown
                      )}
                    </TableCell>
                    <TableCell align="right">{row.count.toLocaleString()}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
}

const counts = (rows: Count[]) => rows.map((r) => ({ key: r.label, label: r.label, count: r.count }));

function Breakdowns({ report }: { report: { countries: Count[]; devices: Count[]; platforms: Count[]; browsers: Count[] } }) {
  return (
    <>
      <Grid size={{ xs: 12, md: 6, lg: 3 }}>
        <TopList title="Countries" rows={counts(report.countries)} />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 3 }}>
        <TopList title="Devices" rows={counts(report.devices)} />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 3 }}>
        <TopList title="Platforms" rows={counts(report.platforms)} />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 3 }}>
        <TopList title="Browsers" rows={counts(report.browsers)} />
      </Grid>
    </>
  );
}

function DaysChart({ range, series, label }: { range: DateRange; series: { label: string; values: Map<string, number> }[]; label: string }) {
  const translate = useTranslate();
  const days = eachDay(range);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3">
          {translate(label)}
        </Typography>
        <LineChart
          height={280}
          xAxis={[{ scaleType: 'point', data: days, valueFormatter: (day: string) => day.slice(5) }]}
          yAxis={[COUNT_AXIS]}
          series={series.map((s) => ({ label: translate(s.label), data: days.map((d) => s.values.get(d) ?? 0), showMark: days.length <= 31 }))}
        />
        {/* The same numbers for screen readers and copy-paste. */}
        <Box component="details">
          <summary>{translate('Numbers per day')}</summary>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('Day')}</TableCell>
                {series.map((s) => (
                  <TableCell key={s.label} align="right">
                    {translate(s.label)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {days.map((day) => (
                <TableRow key={day}>
                  <TableCell>{day}</TableCell>
                  {series.map((s) => (
                    <TableCell key={s.label} align="right">
                      {s.values.get(day) ?? 0}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Plays over a range: per day, top tracks and artists, and where they were heard. */
export function PlaysReportView({ range, scope }: { range: DateRange; scope?: ReportScope }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data, error, loading } = useReportQuery(['plays', range, scope], () => dataProvider.getPlaysReport(range, scope));
  if (error) return <Alert severity="error">{translate(error, { _: error })}</Alert>;
  if (!data) return <LinearProgress aria-label={translate('Loading the report')} />;
  return (
    <Grid container spacing={2} sx={{ opacity: loading ? 0.6 : 1 }}>
      <Grid size={12}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Stat label="Plays" value={data.total} testId="report-plays" />
          <Stat label="Listeners" value={data.listeners} testId="report-listeners" />
        </Stack>
      </Grid>
      <Grid size={12}>
        <DaysChart range={range} label="Plays per day" series={[{ label: msg('Plays'), values: new Map(data.days.map((d) => [d.day, d.count])) }]} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TopList title="Top tracks" rows={data.tracks.map((t) => ({ key: t.id, label: t.name, count: t.count }))} link={(id) => `/tracks/${id}/insights`} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TopList title="Top artists" rows={data.artists.map((a) => ({ key: a.id, label: a.name, count: a.count }))} link={(id) => `/artists/${id}/insights`} />
      </Grid>
      <Breakdowns report={data} />
    </Grid>
  );
}

/** Pages served to people (not bots or API calls) over a range. */
export function VisitorsReportView({ range }: { range: DateRange }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data, error, loading } = useReportQuery(['visitors', range], () => dataProvider.getVisitorsReport(range));
  if (error) return <Alert severity="error">{translate(error, { _: error })}</Alert>;
  if (!data) return <LinearProgress aria-label={translate('Loading the report')} />;
  return (
    <Grid container spacing={2} sx={{ opacity: loading ? 0.6 : 1 }}>
      <Grid size={12}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Stat label="Page views" value={data.views} testId="report-views" />
          <Stat label="Visitors" value={data.visitors} testId="report-visitors" />
        </Stack>
      </Grid>
      <Grid size={12}>
        <DaysChart
          range={range}
          label="Visits per day"
          series={[
            { label: msg('Page views'), values: new Map(data.days.map((d) => [d.day, d.views])) },
            { label: msg('Visitors'), values: new Map(data.days.map((d) => [d.day, d.visitors])) },
          ]}
        />
      </Grid>
      <Grid size={12}>
        <TopList title="Top pages" rows={counts(data.pages)} />
      </Grid>
      <Breakdowns report={data} />
    </Grid>
  );
}
