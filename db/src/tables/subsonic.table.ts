import type { Selectable } from 'kysely';

/** The app password Subsonic clients log in with: encrypted, since md5 token auth needs it readable. */
export interface SubsonicPasswordsTable {
  user_id: number;
  /** AES-256-GCM of the password, as `iv.tag.ciphertext` in base64url. */
  secret: string;
  created_at: string;
}

export type SubsonicRatedType = 'track' | 'album' | 'artist';

/** Ratings (1–5) set from Subsonic apps; the site itself has none. */
export interface SubsonicRatingsTable {
  user_id: number;
  item_type: SubsonicRatedType;
  item_id: number;
  rating: number;
  updated_at: string;
}

/** The queue an app saved with savePlayQueue, so another app (or device) resumes it. */
export interface SubsonicPlayQueuesTable {
  user_id: number;
  /** JSON array of track ids, in queue order. */
  track_ids: string;
  current_track_id: number | null;
  position_ms: number;
  changed_at: string;
  /** The client (`c` parameter) that saved it. */
  changed_by: string;
}

export type SubsonicPasswordRow = Selectable<SubsonicPasswordsTable>;
export type SubsonicPlayQueueRow = Selectable<SubsonicPlayQueuesTable>;
