import { z } from 'zod';
import type { AdminResource } from '../resource.ts';

/**
 * Requests for artist access, made by users on the site (POST /api/v1/backstage-requests). The
 * back office reads and deletes them; approving or denying has effects of its own (see
 * backstage/backstage-requests-admin.routes.ts), so status is not writable here. Approving grants
 * a role, so it takes the user managers' permission.
 */
export const backstageRequests: AdminResource = {
  name: 'backstage-requests',
  label: 'Backstage requests',
  permissions: { read: ['users.update'], write: ['users.update'] },
  table: {
    table: 'backstage_requests',
    columns: ['id', 'user_id', 'artist_id', 'artist_name', 'role', 'message', 'image', 'links', 'proof_file_id', 'proof_url', 'status', 'reviewed_by', 'reviewed_at', 'created_at', 'updated_at'],
    writable: [],
    searchable: ['artist_name', 'message'],
    sortable: ['id', 'artist_name', 'role', 'status', 'user_id', 'created_at', 'updated_at', 'reviewed_at'],
    filters: { status: 'text', role: 'text', user_id: 'number', artist_id: 'number', created_at: 'date' },
    timestamps: true,
  },
  input: z.strictObject({}),
  operations: ['delete'],
};
