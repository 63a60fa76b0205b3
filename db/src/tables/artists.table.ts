import type { Generated, Selectable } from 'kysely';

export interface ArtistsTable {
  id: Generated<number>;
  name: string;
  image: string | null;
  description: string | null;
  verified: Generated<number>;
  plays: Generated<number>;
  /** JSON array of { url, title }. */
  links: Generated<string>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type ArtistRow = Selectable<ArtistsTable>;
