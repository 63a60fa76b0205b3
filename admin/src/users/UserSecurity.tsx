import { Alert, Box, Button, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, HttpError, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { httpClient } from '../providers/httpClient.ts';

interface UserRecord {
  id: number;
  email: string;
  banned_at: string | null;
  two_factor_confirmed_at: string | null;
}

interface Session {
  id: string;
  device_type: string | null;
  platform: string | null;
  browser: string | null;
  country: string | null;
  ip_address: string | null;
  last_active: string;
  is_current_device: boolean;
}

interface Token {
  id: number;
  name: string;
  last_used_at: string | null;
  created_at: string;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** Calls an admin endpoint, reporting the outcome as a notification; true when it worked. */
function useAction() {
  const notify = useNotify();
  return useCallback(
    async (url: string, method: 'POST' | 'DELETE', success: string) => {
      try {
        await httpClient(url, { method });
        notify(success, { type: 'success' });
        return true;
      } catch (error) {
        notify(error instanceof HttpError ? error.message : 'There was an issue. Please try again.', { type: 'error' });
        return false;
      }
    },
    [notify],
  );
}

function useList<T>(url: string | null) {
  const [items, setItems] = useState<T[] | null>(null);
  const reload = useCallback(() => {
    if (url) httpClient(url).then(({ json }) => setItems(json as T[]), () => setItems([]));
  }, [url]);
  useEffect(reload, [reload]);
  return [items, reload] as const;
}

/** Suspension, two-factor and sessions of a user. Each button acts at once, apart from the form's Save. */
export function UserSecurity() {
  const record = useRecordContext<UserRecord>();
  const refresh = useRefresh();
  const act = useAction();
  const [confirm, setConfirm] = useState<null | 'suspend' | 'two-factor' | 'sessions'>(null);
  const base = record ? `/api/admin/users/${record.id}` : null;
  const [sessions, reloadSessions] = useList<Session>(base && `${base}/sessions`);
  if (!record || !base) return null;

  const run = async () => {
    const action = confirm;
    setConfirm(null);
    if (action === 'suspend' && (await act(`${base}/suspend`, 'POST', 'User suspended'))) refresh();
    if (action === 'two-factor' && (await act(`${base}/two-factor/reset`, 'POST', 'Two-factor authentication reset'))) refresh();
    if (action === 'sessions' && (await act(`${base}/sessions`, 'DELETE', 'Sessions ended'))) reloadSessions();
  };

  return (
    <Stack spacing={3} sx={{ width: '100%' }}>
      <Box component="section" aria-labelledby="suspension-heading">
        <Typography id="suspension-heading" variant="h6" component="h2">
          Suspension
        </Typography>
        {record.banned_at ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Alert severity="warning">Suspended since {when(record.banned_at)}. They see only the suspended screen.</Alert>
            <Button variant="outlined" onClick={async () => (await act(`${base}/unsuspend`, 'POST', 'Suspension lifted')) && refresh()}>
              Unsuspend
            </Button>
          </Stack>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography>Active.</Typography>
            <Button variant="outlined" color="error" onClick={() => setConfirm('suspend')}>
              Suspend
            </Button>
          </Stack>
        )}
      </Box>

      <Box component="section" aria-labelledby="two-factor-heading">
        <Typography id="two-factor-heading" variant="h6" component="h2">
          Two-factor authentication
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography>{record.two_factor_confirmed_at ? `Enabled since ${when(record.two_factor_confirmed_at)}.` : 'Not enabled.'}</Typography>
          {record.two_factor_confirmed_at && (
            <Button variant="outlined" onClick={() => setConfirm('two-factor')}>
              Reset two-factor
            </Button>
          )}
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="sessions-heading">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography id="sessions-heading" variant="h6" component="h2">
            Sessions
          </Typography>
          {sessions && sessions.some((s) => !s.is_current_device) && (
            <Button size="small" variant="outlined" onClick={() => setConfirm('sessions')}>
              End all sessions
            </Button>
          )}
        </Stack>
        {!sessions ? (
          <LinearProgress />
        ) : sessions.length === 0 ? (
          <Typography color="text.secondary">No active sessions.</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="sessions-heading">
              <TableHead>
                <TableRow>
                  <TableCell>Device</TableCell>
                  <TableCell>Browser</TableCell>
                  <TableCell>IP address</TableCell>
                  <TableCell>Last active</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {sessions.map((session) => (
                  <TableRow key={session.id}>
                    <TableCell>
                      {[session.device_type, session.platform].filter(Boolean).join(', ') || 'Unknown'} {session.is_current_device && <Chip size="small" label="This device" />}
                    </TableCell>
                    <TableCell>{session.browser ?? 'Unknown'}</TableCell>
                    <TableCell>{session.ip_address ?? ''}</TableCell>
                    <TableCell>{when(session.last_active)}</TableCell>
                    <TableCell>
                      {!session.is_current_device && (
                        <Button size="small" onClick={async () => (await act(`${base}/sessions/${session.id}`, 'DELETE', 'Session ended')) && reloadSessions()}>
                          End
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Box>

      <Confirm
        isOpen={confirm !== null}
        title={confirm === 'suspend' ? `Suspend ${record.email}?` : confirm === 'two-factor' ? 'Reset two-factor authentication?' : 'End all sessions?'}
        content={
          confirm === 'suspend'
            ? 'They will see only the suspended screen and can use nothing else until you unsuspend them.'
            : confirm === 'two-factor'
              ? 'They can then log in with their password alone and set two-factor up again.'
              : 'They will be logged out everywhere.'
        }
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}

/** API tokens of a user: names and use, never the secret; each can be revoked. */
export function UserApiTokens() {
  const record = useRecordContext<UserRecord>();
  const act = useAction();
  const base = record ? `/api/admin/users/${record.id}` : null;
  const [tokens, reload] = useList<Token>(base && `${base}/tokens`);
  if (!record || !base) return null;
  if (!tokens) return <LinearProgress />;
  if (!tokens.length) return <Typography color="text.secondary">This user has no API tokens.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto', width: '100%' }}>
      <Table size="small" aria-label="API tokens">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.map((token) => (
            <TableRow key={token.id}>
              <TableCell>{token.name}</TableCell>
              <TableCell>{when(token.created_at)}</TableCell>
              <TableCell>{when(token.last_used_at)}</TableCell>
              <TableCell>
                <Button size="small" color="error" onClick={async () => (await act(`${base}/tokens/${token.id}`, 'DELETE', 'Token revoked')) && reload()}>
                  Revoke
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
