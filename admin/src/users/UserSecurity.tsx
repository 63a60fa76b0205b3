import { Alert, Box, Button, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, HttpError, useNotify, useRecordContext, useRefresh, useTranslate, type TranslateFunction } from 'react-admin';
import { msg } from '../i18n/messages.ts';
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

const when = (iso: string | null, translate: TranslateFunction) => (iso ? new Date(iso).toLocaleString() : translate('never'));

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
        notify(error instanceof HttpError ? error.message : msg('There was an issue. Please try again.'), { type: 'error' });
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
  const translate = useTranslate();
  const act = useAction();
  const [confirm, setConfirm] = useState<null | 'suspend' | 'two-factor' | 'sessions'>(null);
  const base = record ? `/api/admin/users/${record.id}` : null;
  const [sessions, reloadSessions] = useList<Session>(base && `${base}/sessions`);
  if (!record || !base) return null;

  const run = async () => {
    const action = confirm;
    setConfirm(null);
    if (action === 'suspend' && (await act(`${base}/suspend`, 'POST', msg('User suspended')))) refresh();
    if (action === 'two-factor' && (await act(`${base}/two-factor/reset`, 'POST', msg('Two-factor authentication reset')))) refresh();
    if (action === 'sessions' && (await act(`${base}/sessions`, 'DELETE', msg('Sessions ended')))) reloadSessions();
  };

  return (
    <Stack spacing={3} sx={{ width: '100%' }}>
      <Box component="section" aria-labelledby="suspension-heading">
        <Typography id="suspension-heading" variant="h6" component="h2">
          {translate('Suspension')}
        </Typography>
        {record.banned_at ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Alert severity="warning">{translate('Suspended since %{when}. They see only the suspended screen.', { when: when(record.banned_at, translate) })}</Alert>
            <Button variant="outlined" onClick={async () => (await act(`${base}/unsuspend`, 'POST', msg('Suspension lifted'))) && refresh()}>
              {translate('Unsuspend')}
            </Button>
          </Stack>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography>{translate('Active.')}</Typography>
            <Button variant="outlined" color="error" onClick={() => setConfirm('suspend')}>
              {translate('Suspend')}
            </Button>
          </Stack>
        )}
      </Box>

      <Box component="section" aria-labelledby="two-factor-heading">
        <Typography id="two-factor-heading" variant="h6" component="h2">
          {translate('Two-factor authentication')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography>{record.two_factor_confirmed_at ? translate('Enabled since %{when}.', { when: when(record.two_factor_confirmed_at, translate) }) : translate('Not enabled.')}</Typography>
          {record.two_factor_confirmed_at && (
            <Button variant="outlined" onClick={() => setConfirm('two-factor')}>
              {translate('Reset two-factor')}
            </Button>
          )}
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="sessions-heading">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography id="sessions-heading" variant="h6" component="h2">
            {translate('Sessions')}
          </Typography>
          {sessions?.some((s) => !s.is_current_device) && (
            <Button size="small" variant="outlined" onClick={() => setConfirm('sessions')}>
              {translate('End all sessions')}
            </Button>
          )}
        </Stack>
        {!sessions ? (
          <LinearProgress />
        ) : sessions.length === 0 ? (
          <Typography color="text.secondary">{translate('No active sessions.')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="sessions-heading">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('Device')}</TableCell>
                  <TableCell>{translate('Browser')}</TableCell>
                  <TableCell>{translate('IP address')}</TableCell>
                  <TableCell>{translate('Last active')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {sessions.map((session) => (
                  <TableRow key={session.id}>
                    <TableCell>
                      {[session.device_type, session.platform].filter(Boolean).join(', ') || translate('Unknown')} {session.is_current_device && <Chip size="small" label={translate('This device')} />}
                    </TableCell>
                    <TableCell>{session.browser ?? translate('Unknown')}</TableCell>
                    <TableCell>{session.ip_address ?? ''}</TableCell>
                    <TableCell>{when(session.last_active, translate)}</TableCell>
                    <TableCell>
                      {!session.is_current_device && (
                        <Button size="small" onClick={async () => (await act(`${base}/sessions/${session.id}`, 'DELETE', msg('Session ended'))) && reloadSessions()}>
                          {translate('End')}
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
        title={confirm === 'suspend' ? translate('Suspend %{email}?', { email: record.email }) : confirm === 'two-factor' ? msg('Reset two-factor authentication?') : msg('End all sessions?')}
        content={
          confirm === 'suspend'
            ? msg('They will see only the suspended screen and can use nothing else until you unsuspend them.')
            : confirm === 'two-factor'
              ? msg('They can then log in with their password alone and set two-factor up again.')
              : msg('They will be logged out everywhere.')
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
  const translate = useTranslate();
  const act = useAction();
  const base = record ? `/api/admin/users/${record.id}` : null;
  const [tokens, reload] = useList<Token>(base && `${base}/tokens`);
  if (!record || !base) return null;
  if (!tokens) return <LinearProgress />;
  if (!tokens.length) return <Typography color="text.secondary">{translate('This user has no API tokens.')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto', width: '100%' }}>
      <Table size="small" aria-label={translate('API tokens')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('Name')}</TableCell>
            <TableCell>{translate('Created')}</TableCell>
            <TableCell>{translate('Last used')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.map((token) => (
            <TableRow key={token.id}>
              <TableCell>{token.name}</TableCell>
              <TableCell>{when(token.created_at, translate)}</TableCell>
              <TableCell>{when(token.last_used_at, translate)}</TableCell>
              <TableCell>
                <Button size="small" color="error" onClick={async () => (await act(`${base}/tokens/${token.id}`, 'DELETE', msg('Token revoked'))) && reload()}>
                  {translate('Revoke')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
