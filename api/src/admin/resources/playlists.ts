import { z } from 'zod';
import type { AdminResource } from '../resource.ts';
import { deletePlaylistAndCover, releasePlaylistCover } from '../../library/playlists.service.ts';
import { flag, imageUrl, optionalText } from './fields.ts';

/** Every user's playlists, private ones included; the permission the seed calls "Manage playlists". */
export const playlists: AdminResource = {
  name: 'playlists',
  label: 'Playlists',
  permissions: { read: ['playlists.update'], write: ['playlists.update'] },
  table: {
    table: 'playlists',
    columns: ['id', 'owner_id', 'name', 'description', 'image', 'public', 'collaborative', 'plays', 'created_at', 'updated_at'],
    writable: ['owner_id', 'name', 'description', 'image', 'public', 'collaborative'],
    searchable: ['name', 'description'],
    sortable: ['id', 'name', 'owner_id', 'public', 'collaborative', 'plays', 'created_at', 'updated_at', 'tracks_count'],
    filters: { name: 'text', owner_id: 'number', public: 'boolean', collaborative: 'boolean', created_at: 'date' },
    counts: { tracks_count: { table: 'playlist_track', foreignKey: 'playlist_id' } },
    timestamps: true,
  },
  input: z.strictObject({
    name: z.string().trim().min(1, 'Enter a name.').max(100, 'Names are at most 100 characters.'),
    owner_id: z.number('Choose an owner.').int().positive(),
    description: optionalText(1000),
    image: imageUrl,
    public: flag,
    collaborative: flag,
  }),
  references: { owner_id: 'users' },
  // An uploaded cover goes with its playlist, as when the owner deletes it on the site.
  async remove(record, deps) {
    await deletePlaylistAndCover(deps, { id: record.id, image: record.image as string | null });
  },
  async afterWrite(record, _virtual, deps, previous) {
    if (previous && previous.image !== record.image) await releasePlaylistCover(deps, previous.image as string | null);
  },
};
