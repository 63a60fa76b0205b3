import { z } from 'zod';
import type { AdminResource } from '../resource.ts';
import { optionalText } from './fields.ts';

export const tracks: AdminResource = {
  name: 'tracks',
  label: 'Tracks',
  permissions: { read: ['music.update'], write: ['music.update'] },
  table: {
    table: 'tracks',
    columns: ['id', 'name', 'number', 'duration', 'album_id', 'file_entry_id', 'src', 'description', 'plays', 'created_at', 'updated_at'],
    writable: ['name', 'number', 'duration', 'album_id', 'file_entry_id', 'src', 'description'],
    searchable: ['name'],
    sortable: ['id', 'name', 'number', 'duration', 'plays', 'album_id', 'created_at', 'updated_at'],
    filters: {
      name: 'text',
      album_id: 'number',
      artist_ids: { via: { pivot: 'track_artist', localKey: 'track_id', foreignKey: 'artist_id' } },
      genre_ids: { via: { pivot: 'genre_track', localKey: 'track_id', foreignKey: 'genre_id' } },
      created_at: 'date',
    },
    pivots: {
      artist_ids: { pivot: 'track_artist', localKey: 'track_id', foreignKey: 'artist_id', ordered: true },
      genre_ids: { pivot: 'genre_track', localKey: 'track_id', foreignKey: 'genre_id' },
    },
    timestamps: true,
    searchIndex: 'tracks_fts',
  },
  input: z.strictObject({
    name: z.string().trim().min(1, 'Enter a name.').max(255),
    number: z.number().int().min(0).max(10000).nullable().optional(),
    duration: z.number().int().min(0).max(24 * 60 * 60 * 1000).nullable().optional(),
    album_id: z.number().int().positive().nullable().optional(),
    file_entry_id: z.number().int().positive().nullable().optional(),
    src: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\/\S+$/i, 'Enter an http or https address.')
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    description: optionalText(5000),
    artist_ids: z.array(z.number().int().positive()).max(50).optional(),
    genre_ids: z.array(z.number().int().positive()).max(50).optional(),
  }),
  references: { album_id: 'albums', file_entry_id: 'file_entries', artist_ids: 'artists', genre_ids: 'genres' },
};

