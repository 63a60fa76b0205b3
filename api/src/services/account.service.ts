import { verify } from '@node-rs/argon2';
import { deleteUserSessions, sessionsOfUser, type SessionRow, type UserRow } from '@app/db';
import type { AppDeps } from '../context.ts';

/** Sessions are listed by a prefix of their hashed id: enough to tell them apart, useless to steal. */
export const publicSessionId = (session: Pick<SessionRow, 'id'>) => session.id.slice(0, 16);

export async function listSessions(deps: AppDeps, user: UserRow, current: SessionRow | null) {
  const sessions = await sessionsOfUser(deps.db, user.id, new Date().toISOString());
  return sessions.map((session) => ({
    id: publicSessionId(session),
    device_type: session.device_type,
    platform: session.platform,
    browser: session.browser,
    city: session.city,
    country: session.country,
    ip_address: session.ip_address,
    last_active: session.last_active_at,
    is_current_device: session.id === current?.id,
  }));
}

export async function passwordMatches(user: UserRow, password: string): Promise<boolean> {
  return Boolean(user.password) && (await verify(user.password!, password).catch(() => false));
}

export async function endOtherSessions(deps: AppDeps, user: UserRow, current: SessionRow | null): Promise<void> {
  await deleteUserSessions(deps.db, user.id, current?.id);
}
