import type { Generated, Selectable } from 'kysely';

export interface GenresTable {
  id: Generated<number>;
  /** Lower-case, URL-friendly key, for example `hip-hop`. */
  name: string;
  display_name: string | null;
  image: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type GenreRow = Selectable<GenresTable>;

export interface GenreArtistTable {
  genre_id: number;
  artist_id: number;
}
