import type { AdminResource } from '../resource.ts';
import { albumFields } from '../../catalog/music.schemas.ts';

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
  input: albumFields,
  references: { artist_ids: 'artists' },
};
