import type { Db } from '@app/db';
import * as catalogRepository from '@app/db/catalog/catalog';
import * as playsRepository from '@app/db/player/plays';
import { describeUserAgent } from '../common/user-agent.ts';

/** A play counts once the listener has heard this much, or half the track if that comes first. */
export const PLAY_THRESHOLD_MS = 30_000;

export function playThresholdMs(durationMs: number | null | undefined): number {
  return durationMs && durationMs > 0 ? Math.min(PLAY_THRESHOLD_MS, durationMs / 2) : PLAY_THRESHOLD_MS;
}

/**
 * How long after a counted play the same listener's next play of the same track is ignored. An
 * honest second count needs the threshold's worth of listening again, so anything sooner is a
 * replayed request (a script, a double submit), not a second listen.
 */
export function repeatWindowSeconds(durationMs: number | null | undefined): number {
  return Math.ceil(playThresholdMs(durationMs) / 1000);
}

export interface Listener {
  userId: number | null;
  ip: string | null;
  userAgent: string | undefined;
}

/**
 * Returns null when the track does not exist, else whether this play was counted. `playedAt` dates
 * a play heard earlier (a music app's offline listens); the repeat rule then looks around that time.
 */
export async function countPlay(db: Db, trackId: number, listener: Listener, playedAt?: Date): Promise<{ counted: boolean } | null> {
  const track = await catalogRepository.findTrack(db, trackId);
  if (!track) return null;
  const device = describeUserAgent(listener.userAgent);
  const counted = await playsRepository.recordPlay(
    db,
    {
      track_id: track.id,
      user_id: listener.userId,
      ip_address: listener.ip,
      device: device.device_type,
      platform: device.platform,
      browser: device.browser,
      ...(playedAt ? { created_at: playedAt.toISOString() } : {}),
    },
    { repeatWindowSeconds: repeatWindowSeconds(track.duration), anyTrack: playedAt !== undefined },
  );
  return { counted };
}
