import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  DateField,
  ImageField,
  Labeled,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  UrlField,
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

/** The links the artist wants on their profile, stored as JSON; only http(s) addresses were accepted. */
function Links() {
  const record = useRecordContext();
  const translate = useTranslate();
  let links: { url: string; title: string }[] = [];
  try {
    links = JSON.parse(String(record?.links ?? '[]'));
  } catch {
    links = [];
  }
  if (!links.length) return <span>{translate(msg('No links'))}</span>;
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
      {links.map((link) => (
        <li key={link.url}>
          <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
            {link.title || link.url}
          </a>
        </li>
      ))}
    </Stack>
  );
}

/** The uploaded proof opens through the checked preview route (the file is not public). */
function ProofFile() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.proof_file_id) return <span>{translate(msg('No file'))}</span>;
  return (
    <a href={`/api/v1/file-entries/${record.proof_file_id}/preview`} target="_blank" rel="noopener noreferrer">
      {translate(msg('Open the proof file'))}
    </a>
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
        <ImageField source="image" label="Profile image" emptyText="No image" sx={{ '& img': { maxWidth: 160, maxHeight: 160, objectFit: 'cover' } }} />
        <Labeled label="Links">
          <Links />
        </Labeled>
        <UrlField source="proof_url" label="Proof: social profile" emptyText="None" target="_blank" rel="noopener noreferrer nofollow" />
        <Labeled label="Proof: file">
          <ProofFile />
        </Labeled>
        <SelectField source="status" choices={STATUSES} />
        <DateField source="created_at" label="Asked" showTime />
        <Labeled label="Decision">
          <Decision />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
