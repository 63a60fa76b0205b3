import type { Generated, Selectable } from 'kysely';

export interface AlbumsTable {
  id: Generated<number>;
  name: string;
  image: string | null;
  description: string | null;
  /** album, single, ep or compilation */
  type: Generated<string>;
  release_date: string | null;
  plays: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface AlbumArtistTable {
  album_id: number;
  artist_id: number;
  position: Generated<number>;
}

export type AlbumRow = Selectable<AlbumsTable>;
