import { z } from 'zod';
import type { AdminResource } from '../resource.ts';
import { imageUrl, optionalText } from './fields.ts';

export const genres: AdminResource = {
  name: 'genres',
  label: 'Genres',
  permissions: { read: ['music.update'], write: ['music.update'] },
  table: {
    table: 'genres',
    columns: ['id', 'name', 'display_name', 'image', 'created_at', 'updated_at'],
    writable: ['name', 'display_name', 'image'],
    searchable: ['name', 'display_name'],
    sortable: ['id', 'name', 'display_name', 'created_at', 'tracks_count'],
    filters: { name: 'text' },
    counts: { tracks_count: { table: 'genre_track', foreignKey: 'genre_id' } },
    timestamps: true,
  },
  input: z.strictObject({
    name: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Enter a name.')
      .max(100)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens, for example hip-hop.'),
    display_name: optionalText(100),
    image: imageUrl,
  }),
  unique: ['name'],
};
