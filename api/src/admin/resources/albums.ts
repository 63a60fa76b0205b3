import { z } from 'zod';
import type { AdminResource } from '../resource.ts';
import { imageUrl, isoDate, optionalText } from './fields.ts';

export const albums: AdminResource = {
  name: 'albums',
  label: 'Albums',
  permissions: { read: ['music.update'], write: ['music.update'] },
  table: {
    table: 'albums',
    columns: ['id', 'name', 'image', 'description', 'type', 'release_date', 'created_at', 'updated_at'],
    writable: ['name', 'image', 'description', 'type', 'release_date'],
    searchable: ['name'],
    sortable: ['id', 'name', 'type', 'release_date', 'created_at', 'updated_at', 'tracks_count'],
    filters: {
      name: 'text',
      type: 'text',
      artist_ids: { via: { pivot: 'album_artist', localKey: 'album_id', foreignKey: 'artist_id' } },
      release_date: 'date',
      created_at: 'date',
    },
    pivots: { artist_ids: { pivot: 'album_artist', localKey: 'album_id', foreignKey: 'artist_id', ordered: true } },
    counts: { tracks_count: { table: 'tracks', foreignKey: 'album_id' } },
    timestamps: true,
  },
  input: z.strictObject({
    name: z.string().trim().min(1, 'Enter a name.').max(255),
    image: imageUrl,
    description: optionalText(5000),
    type: z.enum(['album', 'single', 'ep', 'compilation']).optional(),
    release_date: isoDate,
    artist_ids: z.array(z.number().int().positive()).max(50).optional(),
  }),
  references: { artist_ids: 'artists' },
};
