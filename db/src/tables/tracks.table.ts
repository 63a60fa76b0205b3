import type { Generated, Selectable } from 'kysely';

export interface TracksTable {
  id: Generated<number>;
  name: string;
  number: number | null;
  /** Milliseconds. */
  duration: number | null;
  album_id: number | null;
  /** Uploaded audio, streamed with permission checks. */
  file_entry_id: number | null;
  /** External audio address, used when there is no uploaded file. */
  src: string | null;
  description: string | null;
  plays: Generated<number>;
  /** 0 for a draft: only its artists and admins see it (backstage uploads start so). */
  published: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface TrackArtistTable {
  track_id: number;
  artist_id: number;
  position: Generated<number>;
}

export interface GenreTrackTable {
  genre_id: number;
  track_id: number;
}

export type TrackRow = Selectable<TracksTable>;
