import { Alert, Box, Button, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, HttpError, useNotify, useRecordContext, useRefresh, useTranslate, type TranslateFunction } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';

interface UserRecord {
  id: number;
  email: string;
  banned_at: string | null;
  two_factor_confirmed_at: string | null;
}

const when = (iso: string | null, translate: TranslateFunction) => (iso ? new Date(iso).toLocaleString() : translate('never'));

/**
 * One of the user's security actions through the data provider: it reports the outcome as a
 * notification, then shows the new state (the record, or the list the action changed).
 */
function useUserAction<Args extends unknown[]>(call: (userId: number, ...args: Args) => Promise<unknown>, success: string, changes: 'record' | 'sessions' | 'tokens') {
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (args: Args) => call(record!.id, ...args),
    onSuccess: () => {
      notify(success, { type: 'success' });
      if (changes === 'record') refresh();
      else void queryClient.invalidateQueries({ queryKey: ['users', record!.id, changes] });
    },
    onError: (error) => notify(error instanceof HttpError ? error.message : msg('There was an issue. Please try again.'), { type: 'error' }),
  });
  return (...args: Args) => mutate(args);
}

function useSessions(userId: number | undefined) {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: ['users', userId, 'sessions'], queryFn: () => dataProvider.getUserSessions(userId!).then(({ data }) => data), enabled: userId !== undefined });
}

/** Suspension, two-factor and sessions of a user. Each button acts at once, apart from the form's Save. */
export function UserSecurity() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [confirm, setConfirm] = useState<null | 'suspend' | 'two-factor' | 'sessions'>(null);
  const { data: sessions, isError } = useSessions(record?.id);
  const suspend = useUserAction(dataProvider.suspendUser, msg('User suspended'), 'record');
  const unsuspend = useUserAction(dataProvider.unsuspendUser, msg('Suspension lifted'), 'record');
  const resetTwoFactor = useUserAction(dataProvider.resetUserTwoFactor, msg('Two-factor authentication reset'), 'record');
  const endSessions = useUserAction(dataProvider.endUserSessions, msg('Sessions ended'), 'sessions');
  const endSession = useUserAction(dataProvider.endUserSession, msg('Session ended'), 'sessions');
  if (!record) return null;

  const run = () => {
    const action = confirm;
    setConfirm(null);
    if (action === 'suspend') suspend();
    if (action === 'two-factor') resetTwoFactor();
    if (action === 'sessions') endSessions();
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
            <Button variant="outlined" onClick={() => unsuspend()}>
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
        {isError ? (
          <Alert severity="error">{translate('There was an issue. Please try again.')}</Alert>
        ) : !sessions ? (
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
                        <Button size="small" onClick={() => endSession(session.id)}>
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
  const dataProvider = useAppDataProvider();
  const { data: tokens, isError } = useQuery({ queryKey: ['users', record?.id, 'tokens'], queryFn: () => dataProvider.getUserTokens(record!.id).then(({ data }) => data), enabled: Boolean(record) });
  const revoke = useUserAction(dataProvider.revokeUserToken, msg('Token revoked'), 'tokens');
  if (!record) return null;
  if (isError) return <Alert severity="error">{translate('There was an issue. Please try again.')}</Alert>;
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
                <Button size="small" color="error" onClick={() => revoke(token.id)}>
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
