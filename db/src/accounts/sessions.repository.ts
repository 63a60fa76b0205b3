import type { Db } from '../connection.ts';
import { preparedQuery } from '../prepared.ts';
import type { SessionRow, SessionsTable } from '../tables/sessions.table.ts';
import type { UserRow } from '../tables/users.table.ts';
import type { Insertable } from 'kysely';

export async function createSession(db: Db, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

const liveSession = preparedQuery((db: Db, p: { id: string; now: string }) => db.selectFrom('sessions').selectAll().where('id', '=', p.id).where('expires_at', '>', p.now));
const userOfSession = preparedQuery((db: Db, p: { id: number }) => db.selectFrom('users').selectAll().where('id', '=', p.id));

/**
 * The live session with this hashed id and its user: every request of a signed-in person starts
 * with it. Two single-table statements, prepared once: on SQLite that costs a tenth of one join.
 */
export async function findLiveSessionWithUser(db: Db, id: string, now: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [session] = await liveSession(db, { id, now });
  if (!session) return undefined;
  const [user] = await userOfSession(db, { id: session.user_id });
  return user && { session, user };
}

export async function touchSession(db: Db, id: string, lastActiveAt: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_active_at: lastActiveAt, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export async function sessionsOfUser(db: Db, userId: number, now: string): Promise<SessionRow[]> {
  return db.selectFrom('sessions').selectAll().where('user_id', '=', userId).where('expires_at', '>', now).orderBy('last_active_at', 'desc').execute();
}

export async function markPasswordConfirmed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ password_confirmed_at: at }).where('id', '=', id).execute();
}
