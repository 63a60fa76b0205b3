import type { Generated, Selectable } from 'kysely';

export interface CustomPagesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  body: Generated<string>;
  type: Generated<string>;
  user_id: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type BackstageRequestStatus = 'pending' | 'approved' | 'denied';
export type BackstageRequestRole = 'artist' | 'manager' | 'label' | 'other';

export interface BackstageRequestsTable {
  id: Generated<number>;
  user_id: number;
  artist_id: number | null;
  artist_name: string;
  role: Generated<BackstageRequestRole>;
  message: string | null;
  status: Generated<BackstageRequestStatus>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ArtistUserTable {
  artist_id: number;
  user_id: number;
  role: Generated<string>;
  created_at: Generated<string>;
}

export type CustomPageRow = Selectable<CustomPagesTable>;
export type BackstageRequestRow = Selectable<BackstageRequestsTable>;
