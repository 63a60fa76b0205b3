import { z } from 'zod';
import type { AdminResource } from '../resource.ts';
import { optionalText } from './fields.ts';

export const tags: AdminResource = {
  name: 'tags',
  label: 'Tags',
  permissions: { read: ['tags.update'], write: ['tags.update'] },
  table: {
    table: 'tags',
    columns: ['id', 'name', 'display_name', 'created_at', 'updated_at'],
    writable: ['name', 'display_name'],
    searchable: ['name', 'display_name'],
    sortable: ['id', 'name', 'display_name', 'created_at', 'updated_at', 'tracks_count', 'albums_count'],
    filters: { name: 'text', created_at: 'date' },
    counts: {
      tracks_count: { table: 'track_tag', foreignKey: 'tag_id' },
      albums_count: { table: 'album_tag', foreignKey: 'tag_id' },
    },
    timestamps: true,
  },
  input: z.strictObject({
    // The name is the tag's address (/tag/{name}), so it is kept lower case and without slashes.
    name: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Enter a name.')
      .max(100, 'Names are at most 100 characters.')
      .regex(/^[^/\\?#%]+$/, 'Names cannot contain / \\ ? # or %.'),
    display_name: optionalText(100),
  }),
  unique: ['name'],
};
