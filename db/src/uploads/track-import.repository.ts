import type { Kysely } from 'kysely';
import type { Db } from '../connection.ts';
import type { Database } from '../tables/database.ts';
import { inTransaction } from '../transactions.ts';

/** A track read from an audio file's tags, ready to be stored with what it refers to. */
export interface TrackImport {
  name: string;
  number: number | null;
  /** Milliseconds. */
  duration: number | null;
  fileEntryId: number;
  /** In credit order; each is found by exact name or created. */
  artistNames: string[];
  album: {
    name: string;
    /** The album's own artists (album artist tag); found by name or created. */
    artistNames: string[];
    type: 'album' | 'single';
    releaseDate: string | null;
    /** Cover to give the album when it is new or has none yet. */
    image: string | null;
  };
  /** `name` is the URL key (`hip-hop`), `displayName` the tag as written. */
  genres: { name: string; displayName: string }[];
  /**
   * An artist's own upload (backstage): the track and its album belong to this artist whatever the
   * artist tags say, so an upload never lands on someone else's profile.
   */
  ownerArtistId?: number;
  /** False keeps the track a draft. */
  published?: boolean;
}

export interface ImportedTrack {
  trackId: number;
  artists: { id: number; name: string; created: boolean }[];
  album: { id: number; name: string; created: boolean; image: string | null; imageUsed: boolean };
  genres: { id: number; name: string; displayName: string | null; created: boolean }[];
}

type Trx = Kysely<Database>;

async function findOrCreateArtist(trx: Trx, name: string, now: string) {
  const found = await trx.selectFrom('artists').select(['id', 'name']).where('name', '=', name).orderBy('id').limit(1).executeTakeFirst();
  if (found) return { ...found, created: false };
  const inserted = await trx.insertInto('artists').values({ name, created_at: now, updated_at: now }).returning(['id', 'name']).executeTakeFirstOrThrow();
  return { ...inserted, created: true };
}

/**
 * Stores one imported track in a single transaction: missing artists, album and genres are created
 * on the way, existing ones (same exact name; an album also by the same first artist) are reused,
 * so importing the tracks of one album one by one builds one album. In the caller's transaction
 * when given one (the upload quota's, api/src/uploads/upload-quota.ts).
 */
export async function importTrack(db: Db, data: TrackImport): Promise<ImportedTrack> {
  return inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const artists: ImportedTrack['artists'] = [];
    const albumArtists: ImportedTrack['artists'] = [];
    if (data.ownerArtistId !== undefined) {
      const owner = await trx.selectFrom('artists').select(['id', 'name']).where('id', '=', data.ownerArtistId).executeTakeFirstOrThrow();
      artists.push({ ...owner, created: false });
      albumArtists.push({ ...owner, created: false });
    } else {
      for (const name of data.artistNames) {
        if (!artists.some((artist) => artist.name === name)) artists.push(await findOrCreateArtist(trx, name, now));
      }
      for (const name of data.album.artistNames) {
        if (!albumArtists.some((artist) => artist.name === name)) albumArtists.push(await findOrCreateArtist(trx, name, now));
      }
    }

    let album: ImportedTrack['album'];
    const existing = albumArtists.length
      ? await trx
          .selectFrom('album_artist')
          .innerJoin('albums', 'albums.id', 'album_artist.album_id')
          .select(['albums.id', 'albums.name', 'albums.image'])
          .where('album_artist.artist_id', '=', albumArtists[0].id)
          .where('albums.name', '=', data.album.name)
          .orderBy('albums.id')
          .limit(1)
          .executeTakeFirst()
      : undefined;
    if (existing) {
      const imageUsed = !existing.image && Boolean(data.album.image);
      if (imageUsed) await trx.updateTable('albums').set({ image: data.album.image, updated_at: now }).where('id', '=', existing.id).execute();
      album = { id: existing.id, name: existing.name, created: false, image: imageUsed ? data.album.image : existing.image, imageUsed };
    } else {
      const inserted = await trx
        .insertInto('albums')
        .values({ name: data.album.name, type: data.album.type, release_date: data.album.releaseDate, image: data.album.image, created_at: now, updated_at: now })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      if (albumArtists.length) {
        await trx.insertInto('album_artist').values(albumArtists.map((artist, position) => ({ album_id: inserted.id, artist_id: artist.id, position }))).execute();
      }
      album = { ...inserted, created: true, image: data.album.image, imageUsed: Boolean(data.album.image) };
    }

    const genres: ImportedTrack['genres'] = [];
    for (const genre of data.genres) {
      if (genres.some((g) => g.name === genre.name)) continue;
      const found = await trx.selectFrom('genres').select(['id', 'name', 'display_name']).where('name', '=', genre.name).executeTakeFirst();
      if (found) {
        genres.push({ id: found.id, name: found.name, displayName: found.display_name, created: false });
        continue;
      }
      const inserted = await trx
        .insertInto('genres')
        .values({ name: genre.name, display_name: genre.displayName, created_at: now, updated_at: now })
        .returning(['id', 'name', 'display_name'])
        .executeTakeFirstOrThrow();
      genres.push({ id: inserted.id, name: inserted.name, displayName: inserted.display_name, created: true });
    }

    const track = await trx
      .insertInto('tracks')
      .values({
        name: data.name,
        number: data.number,
        duration: data.duration,
        album_id: album.id,
        file_entry_id: data.fileEntryId,
        published: data.published === false ? 0 : 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (artists.length) {
      await trx.insertInto('track_artist').values(artists.map((artist, position) => ({ track_id: track.id, artist_id: artist.id, position }))).execute();
    }
    if (genres.length) await trx.insertInto('genre_track').values(genres.map((genre) => ({ genre_id: genre.id, track_id: track.id }))).execute();
    return { trackId: track.id, artists, album, genres };
  });
}
