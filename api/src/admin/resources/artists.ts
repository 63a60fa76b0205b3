import { z } from 'zod';
import type { AdminResource } from '../resource.ts';
import { imageUrl, optionalText } from './fields.ts';

export const artists: AdminResource = {
  name: 'artists',
  label: 'Artists',
  permissions: { read: ['music.update'], write: ['music.update'] },
  table: {
    table: 'artists',
    columns: ['id', 'name', 'image', 'description', 'verified', 'created_at', 'updated_at'],
    writable: ['name', 'image', 'description', 'verified'],
    searchable: ['name'],
    sortable: ['id', 'name', 'verified', 'created_at', 'updated_at', 'albums_count'],
    filters: { name: 'text', verified: 'boolean', created_at: 'date' },
    counts: { albums_count: { table: 'album_artist', foreignKey: 'artist_id' } },
    timestamps: true,
  },
  input: z.strictObject({
    name: z.string().trim().min(1, 'Enter a name.').max(255),
    image: imageUrl,
    description: optionalText(10000),
    verified: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .transform((value) => (value === true || value === 1 ? 1 : 0))
      .optional(),
  }),
};
