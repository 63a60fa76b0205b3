import type { Db } from '../connection.ts';
import type { SessionRow, SessionsTable } from '../tables/sessions.table.ts';
import type { Insertable } from 'kysely';

export async function createSession(db: Db, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session with this hashed id, unless it has expired. */
export async function findLiveSession(db: Db, id: string, now: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
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
