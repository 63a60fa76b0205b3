import type { AdminResource } from '../resource.ts';
import { trackFields } from '../../catalog/music.schemas.ts';

export const tracks: AdminResource = {
  name: 'tracks',
  label: 'Tracks',
  permissions: { read: ['music.update'], write: ['music.update'] },
  table: {
    table: 'tracks',
    columns: ['id', 'name', 'number', 'duration', 'album_id', 'file_entry_id', 'src', 'description', 'published', 'plays', 'created_at', 'updated_at'],
    writable: ['name', 'number', 'duration', 'album_id', 'file_entry_id', 'src', 'description', 'published'],
    searchable: ['name'],
    sortable: ['id', 'name', 'number', 'duration', 'plays', 'album_id', 'created_at', 'updated_at'],
    filters: {
      name: 'text',
      album_id: 'number',
      published: 'boolean',
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
  input: trackFields,
  references: { album_id: 'albums', file_entry_id: 'file_entries', artist_ids: 'artists', genre_ids: 'genres' },
};

