import type { Generated, Selectable } from 'kysely';

export type BackstageRequestStatus = 'pending' | 'approved' | 'denied';
export type BackstageRequestRole = 'artist' | 'manager' | 'label' | 'other';

/** A user's request to become an artist or to claim one, which an admin approves or denies. */
export interface BackstageRequestsTable {
  id: Generated<number>;
  user_id: number;
  artist_id: number | null;
  artist_name: string;
  role: Generated<BackstageRequestRole>;
  message: string | null;
  /** Address of the image the artist wants on their profile. */
  image: string | null;
  /** JSON array of { url, title }, as artists.links. */
  links: Generated<string>;
  /** An uploaded proof of identity (a file entry of the requester). */
  proof_file_id: number | null;
  /** Or a social profile that proves it. */
  proof_url: string | null;
  status: Generated<BackstageRequestStatus>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** The artists a user manages in backstage, linked when an admin approves their request. */
export interface ArtistUserTable {
  artist_id: number;
  user_id: number;
  role: Generated<string>;
  created_at: Generated<string>;
}

export type BackstageRequestRow = Selectable<BackstageRequestsTable>;
