import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, MenuItem, Pagination, Stack, Tab, Tabs, TextField as MuiTextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, DateField, FunctionField, List, SearchInput, SelectInput, TextField, Title, useTranslate } from 'react-admin';
import { Link, Navigate, useParams } from 'react-router-dom';
import { formatBytes } from '@app/shared/format/bytes';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';

const TABS = [
  { id: 'schedule', label: msg('Schedule') },
  { id: 'error', label: msg('Error') },
  { id: 'outgoing-email', label: msg('Outgoing email') },
] as const;

function ScheduleLog() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data: jobs, error } = useQuery({ queryKey: ['logs', 'schedule'], queryFn: () => dataProvider.getScheduleLog().then(({ data }) => data) });
  return (
    <Stack spacing={2}>
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : !jobs ? (
        <LinearProgress />
      ) : (
        jobs.map((job) => (
          <Card key={job.name} variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h2" sx={{ fontFamily: 'monospace' }}>
                {job.name} <Chip size="small" label={translate('every %{minutes} min', { minutes: job.every_minutes })} />
              </Typography>
              <Typography color="text.secondary">{translate(job.description, { _: job.description })}</Typography>
              <Typography sx={{ mt: 1 }}>
                {job.last_run
                  ? `${translate('Last run %{when}: %{status}.', { when: new Date(job.last_run.created_at).toLocaleString(), status: job.last_run.status })} ${job.last_run.output ?? ''}`
                  : translate('Not run yet: it runs a few seconds after the server starts, then on schedule.')}
              </Typography>
            </CardContent>
          </Card>
        ))
      )}
      <Typography variant="h6" component="h2">
        {translate('Runs')}
      </Typography>
      <List resource="schedule-runs" sort={{ field: 'id', order: 'DESC' }} disableSyncWithLocation exporter={false} actions={false} title={false} empty={<Alert severity="info">{translate('No job has run yet.')}</Alert>}>
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="created_at" label="When">
            <DateField source="created_at" showTime />
          </DataTable.Col>
          <DataTable.Col source="job" />
          <DataTable.Col source="status" />
          <DataTable.NumberCol source="duration_ms" label="ms" />
          <DataTable.Col source="output" disableSort />
        </DataTable>
      </List>
    </Stack>
  );
}

const PER_PAGE = 25;

function ErrorLogView() {
  const translate = useTranslate();
  const [file, setFile] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const dataProvider = useAppDataProvider();
  const { data: log, error } = useQuery({
    queryKey: ['logs', 'error', file, page],
    queryFn: () => dataProvider.getErrorLog({ file, page, perPage: PER_PAGE }).then(({ data }) => data),
    placeholderData: keepPreviousData,
  });

  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!log) return <LinearProgress />;
  if (!log.file) return <Alert severity="success">{translate('No errors have been logged. Unexpected server errors are written here (see Settings > Logging).')}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <MuiTextField
          select
          size="small"
          label={translate('Log file')}
          value={log.file}
          onChange={(event) => {
            setFile(event.target.value);
            setPage(1);
          }}
          sx={{ minWidth: 260 }}
        >
          {log.files.map((f) => (
            <MenuItem key={f.name} value={f.name}>
              {f.name} ({formatBytes(f.size)})
            </MenuItem>
          ))}
        </MuiTextField>
        <Button component="a" href="/api/v1/logs/error/download-latest" download startIcon={<DownloadIcon />} variant="outlined">
          {translate('Download latest log')}
        </Button>
        <Typography color="text.secondary">{translate('1 entry |||| %{smart_count} entries', { smart_count: log.total })}</Typography>
      </Stack>
      {log.entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: log entries have no id, and two can share the same second
        <Card key={`${entry.time}-${index}`} variant="outlined" component="article">
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {entry.time ? new Date(entry.time).toLocaleString() : ''} {entry.method && `${entry.method} ${entry.path}`} {entry.status && `→ ${entry.status}`} {entry.source === 'process' && translate('(process)')}
            </Typography>
            {entry.count !== undefined && entry.count > 1 && (
              <Chip
                size="small"
                color="warning"
                sx={{ my: 0.5 }}
                label={translate('%{count} times that day, last at %{time}', { count: entry.count, time: entry.last_time ? new Date(entry.last_time).toLocaleString() : '' })}
              />
            )}
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {entry.name ? `${entry.name}: ` : ''}
              {entry.message}
            </Typography>
            {entry.stack && (
              <Box component="details" sx={{ mt: 1 }}>
                <summary>{translate('Stack trace')}</summary>
                <Box component="pre" sx={{ fontSize: 12, overflowX: 'auto', m: 0 }}>
                  {entry.stack}
                </Box>
              </Box>
            )}
          </CardContent>
        </Card>
      ))}
      {log.total > PER_PAGE && <Pagination count={Math.ceil(log.total / PER_PAGE)} page={page} onChange={(_event, value) => setPage(value)} />}
    </Stack>
  );
}

const emailFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={[
      { id: 'sent', name: msg('Sent') },
      { id: 'logged', name: msg('Logged (no mail server)') },
      { id: 'failed', name: msg('Failed') },
    ]}
  />,
];

function OutgoingEmailLog() {
  const translate = useTranslate();
  return (
    <List resource="outgoing-emails" sort={{ field: 'id', order: 'DESC' }} filters={emailFilters} disableSyncWithLocation exporter={false} title={false} empty={<Alert severity="info">{translate('No email has been sent yet.')}</Alert>}>
      <DataTable bulkActionButtons={false} rowClick={false} expand={<FunctionField render={(record: { body: string }) => <Box component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0 }}>{record.body}</Box>} />}>
        <DataTable.Col source="created_at" label="When">
          <DateField source="created_at" showTime />
        </DataTable.Col>
        <DataTable.Col source="to_address" label="To" />
        <DataTable.Col source="subject" />
        <DataTable.Col source="status" />
        <DataTable.Col source="error" disableSort>
          <TextField source="error" emptyText="" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** /logs/:tab — schedule, error and outgoing email (permission logs.view). */
export function LogsPage() {
  const { tab } = useParams();
  const translate = useTranslate();
  if (!TABS.some((t) => t.id === tab)) return <Navigate to="/logs/schedule" replace />;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Logs" />
      <Tabs value={tab} aria-label={translate('Logs')} sx={{ mb: 2 }} variant="scrollable">
        {TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={translate(t.label)} component={Link} to={`/logs/${t.id}`} />
        ))}
      </Tabs>
      {tab === 'schedule' && <ScheduleLog />}
      {tab === 'error' && <ErrorLogView />}
      {tab === 'outgoing-email' && <OutgoingEmailLog />}
    </Box>
  );
}
