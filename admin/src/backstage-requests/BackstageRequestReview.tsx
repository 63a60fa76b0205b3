import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  DateField,
  Labeled,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { httpClient } from '../providers/httpClient.ts';
import { ROLES, STATUSES } from './choices.ts';

function Decision() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  if (record.status !== 'pending') {
    return <Alert severity={record.status === 'approved' ? 'success' : 'info'}>{translate(record.status === 'approved' ? msg('This request was approved.') : msg('This request was denied.'))}</Alert>;
  }
  const decide = async (decision: 'approve' | 'deny') => {
    setBusy(true);
    try {
      await httpClient(`/api/admin/backstage-requests/${record.id}/${decision}`, { method: 'POST' });
      notify(decision === 'approve' ? msg('Approved: the user now manages this artist.') : msg('Denied.'), { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : msg('The request could not be reviewed.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={2}>
      <Button variant="contained" label="Approve" onClick={() => decide('approve')} disabled={busy}>
        <CheckIcon />
      </Button>
      <Button variant="outlined" color="error" label="Deny" onClick={() => decide('deny')} disabled={busy}>
        <CloseIcon />
      </Button>
    </Stack>
  );
}

/**
 * backstage-requests/{requestId}: who asks for what. Approving links the user to the artist
 * (creating it for a new-artist request) and gives them the "artists" role, which may upload.
 */
export function BackstageRequestReview() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="artist_name" label="Artist" />
        <ReferenceField source="artist_id" reference="artists" label="Existing artist to claim" emptyText="None: a new artist" />
        <ReferenceField source="user_id" reference="users" label="Asked by" link="edit" />
        <SelectField source="role" label="As" choices={ROLES} />
        <TextField source="message" emptyText="No message" sx={{ whiteSpace: 'pre-wrap' }} />
        <SelectField source="status" choices={STATUSES} />
        <DateField source="created_at" label="Asked" showTime />
        <Labeled label="Decision">
          <Decision />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
