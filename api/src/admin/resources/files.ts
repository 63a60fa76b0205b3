import { z } from 'zod';
import type { FileEntryRow } from '@app/db';
import { removeEntries } from '../../uploads/file-entries.service.ts';
import type { AdminResource } from '../resource.ts';

/**
 * Uploaded files. They are created by uploading (`POST file-entries`, tus), so the back office
 * only browses, renames and deletes them; deleting removes the stored bytes too.
 */
export const files: AdminResource = {
  name: 'files',
  label: 'Files',
  permissions: { read: ['files.update'], write: ['files.update'] },
  table: {
    table: 'file_entries',
    columns: ['id', 'name', 'file_name', 'mime', 'extension', 'file_size', 'disk', 'parent_id', 'user_id', 'created_at', 'updated_at'],
    writable: ['name'],
    searchable: ['name'],
    sortable: ['id', 'name', 'file_size', 'mime', 'extension', 'disk', 'user_id', 'created_at', 'updated_at'],
    filters: { name: 'text', mime: 'text', extension: 'text', disk: 'text', user_id: 'number', created_at: 'date' },
    timestamps: true,
  },
  input: z.strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'Enter a name.')
      .max(255)
      .refine((value) => !/[/\\\u0000-\u001f\u007f]/.test(value), 'A file name may not contain / or \\.'),
  }),
  // File entries come into being through uploads, never from a form.
  operations: ['update', 'delete'],
  async remove(record, deps) {
    await removeEntries(deps, [record as unknown as FileEntryRow]);
  },
};
