import { sql } from 'kysely';
import type { Db } from '../connection.ts';
import { randomBelow } from '../dialect.ts';

export interface RadioSeed {
  /** A seed track also brings tracks that share playlists or likes with it. */
  trackId?: number;
  artistIds: number[];
  genreIds: number[];
  tagIds: number[];
}

/** Each source looks at a bounded number of rows, so a radio costs the same on 300 or 1M tracks. */
const PER_SOURCE = 300;

// An empty list still has to be valid SQL; -1 is an id no row has.
const list = (ids: number[]) => sql.join(ids.length ? ids : [-1]);

export async function seedOfTrack(db: Db, trackId: number): Promise<RadioSeed> {
  const [artists, genres, tags] = await Promise.all([
    db.selectFrom('track_artist').select('artist_id').where('track_id', '=', trackId).execute(),
    db.selectFrom('genre_track').select('genre_id').where('track_id', '=', trackId).execute(),
    db.selectFrom('track_tag').select('tag_id').where('track_id', '=', trackId).execute(),
  ]);
  return { trackId, artistIds: artists.map((r) => r.artist_id), genreIds: genres.map((r) => r.genre_id), tagIds: tags.map((r) => r.tag_id) };
}

/** An artist's sound: the genres and tags most common on their tracks. */
export async function seedOfArtist(db: Db, artistId: number): Promise<RadioSeed> {
  const [genres, tags] = await Promise.all([
    sql<{ genre_id: number }>`SELECT gt.genre_id FROM track_artist ta JOIN genre_track gt ON gt.track_id = ta.track_id
      WHERE ta.artist_id = ${artistId} GROUP BY gt.genre_id ORDER BY COUNT(*) DESC LIMIT 3`.execute(db),
    sql<{ tag_id: number }>`SELECT tt.tag_id FROM track_artist ta JOIN track_tag tt ON tt.track_id = ta.track_id
      WHERE ta.artist_id = ${artistId} GROUP BY tt.tag_id ORDER BY COUNT(*) DESC LIMIT 3`.execute(db),
  ]);
  return { artistIds: [artistId], genreIds: genres.rows.map((r) => r.genre_id), tagIds: tags.rows.map((r) => r.tag_id) };
}

/**
 * Tracks related to the seed, scored by what they share with it: an artist (3), a playlist (2), a
 * genre, a tag or a listener who liked both (1 each). A little randomness keeps every radio
 * session different while the strongest matches stay near the top.
 */
export async function relatedTrackIds(db: Db, seed: RadioSeed, exclude: number[], limit: number): Promise<number[]> {
  const t = seed.trackId ?? -1;
  const result = await sql<{ track_id: number }>`
    WITH candidates AS (
      SELECT track_id, 3 AS score FROM (SELECT track_id FROM track_artist WHERE artist_id IN (${list(seed.artistIds)}) LIMIT ${PER_SOURCE}) AS by_artist
      UNION ALL
      SELECT track_id, 1 FROM (
        SELECT gt.track_id FROM genre_track gt JOIN tracks ON tracks.id = gt.track_id
        WHERE gt.genre_id IN (${list(seed.genreIds)}) ORDER BY tracks.plays DESC LIMIT ${PER_SOURCE}) AS by_genre
      UNION ALL
      SELECT track_id, 1 FROM (SELECT track_id FROM track_tag WHERE tag_id IN (${list(seed.tagIds)}) LIMIT ${PER_SOURCE}) AS by_tag
      UNION ALL
      SELECT track_id, 2 FROM (
        SELECT p2.track_id FROM playlist_track p1 JOIN playlist_track p2 ON p2.playlist_id = p1.playlist_id
        WHERE p1.track_id = ${t} LIMIT ${PER_SOURCE}) AS by_playlist
      UNION ALL
      SELECT track_id, 1 FROM (
        SELECT l2.likeable_id AS track_id FROM likes l1
        JOIN likes l2 ON l2.user_id = l1.user_id AND l2.likeable_type = 'track'
        WHERE l1.likeable_type = 'track' AND l1.likeable_id = ${t} LIMIT ${PER_SOURCE}) AS by_listener
    )
    SELECT track_id FROM candidates
    WHERE track_id <> ${t} AND track_id NOT IN (${list(exclude)})
      AND track_id IN (SELECT id FROM tracks WHERE published = 1)
    GROUP BY track_id
    ORDER BY SUM(score) + ${randomBelow(db, 1000)} / 400.0 DESC
    LIMIT ${limit}`.execute(db);
  return result.rows.map((r) => r.track_id);
}
