import type { Generated } from 'kysely';

export interface PlaysTable {
  id: Generated<number>;
  track_id: number;
  user_id: number | null;
  ip_address: string | null;
  country: string | null;
  device: string | null;
  platform: string | null;
  browser: string | null;
  created_at: Generated<string>;
}
