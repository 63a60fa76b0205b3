import type { AdminResource } from '../resource.ts';
import { artistFields } from '../../catalog/music.schemas.ts';

export const artists: AdminResource = {
  name: 'artists',
  label: 'Artists',
  permissions: { read: ['music.update'], write: ['music.update'] },
  table: {
    table: 'artists',
    columns: ['id', 'name', 'image', 'description', 'verified', 'links', 'created_at', 'updated_at'],
    writable: ['name', 'image', 'description', 'verified', 'links'],
    searchable: ['name'],
    sortable: ['id', 'name', 'verified', 'created_at', 'updated_at', 'albums_count'],
    filters: { name: 'text', verified: 'boolean', created_at: 'date' },
    pivots: { genre_ids: { pivot: 'genre_artist', localKey: 'artist_id', foreignKey: 'genre_id' } },
    counts: { albums_count: { table: 'album_artist', foreignKey: 'artist_id' } },
    json: ['links'],
    timestamps: true,
  },
  input: artistFields,
  references: { genre_ids: 'genres' },
};
