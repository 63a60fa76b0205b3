import { z } from 'zod';
import type { AdminResource } from '../resource.ts';

/** The outgoing-email log: read only (links and codes were redacted before storing). */
export const outgoingEmails: AdminResource = {
  name: 'outgoing-emails',
  label: 'Outgoing emails',
  // Nobody writes the log through the back office; the mailer does.
  permissions: { read: ['logs.view'], write: [] },
  table: {
    table: 'outgoing_emails',
    columns: ['id', 'to_address', 'subject', 'body', 'status', 'error', 'created_at'],
    writable: [],
    searchable: ['to_address', 'subject'],
    sortable: ['id', 'to_address', 'subject', 'status', 'created_at'],
    filters: { status: 'text', to_address: 'text', created_at: 'date' },
  },
  input: z.strictObject({}),
};
