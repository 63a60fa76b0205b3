import { sql } from 'kysely';
import type { Db } from '../connection.ts';
import type { OutgoingEmailsTable, UserTokenRow } from '../tables/account-security.table.ts';
import type { Insertable } from 'kysely';

export async function logOutgoingEmail(db: Db, email: Insertable<OutgoingEmailsTable>): Promise<void> {
  await db.insertInto('outgoing_emails').values(email).execute();
}

/** Replaces any earlier token of the same type: only the newest link or code works. */
export async function replaceUserToken(db: Db, token: { id: string; user_id: number; type: string; expires_at: string; data?: string | null }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_tokens').where('user_id', '=', token.user_id).where('type', '=', token.type).execute();
    await trx.insertInto('user_tokens').values(token).execute();
  });
}

export async function findUserToken(db: Db, id: string, type: string): Promise<UserTokenRow | undefined> {
  return db.selectFrom('user_tokens').selectAll().where('id', '=', id).where('type', '=', type).executeTakeFirst();
}

export async function latestUserToken(db: Db, userId: number, type: string): Promise<UserTokenRow | undefined> {
  return db.selectFrom('user_tokens').selectAll().where('user_id', '=', userId).where('type', '=', type).orderBy('created_at', 'desc').executeTakeFirst();
}

export async function countUserTokenAttempt(db: Db, id: string): Promise<void> {
  await db.updateTable('user_tokens').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
}

/** Deletes a token and reports whether this call was the one that used it. */
export async function consumeUserToken(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('user_tokens').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteUserTokens(db: Db, userId: number, type: string): Promise<void> {
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).where('type', '=', type).execute();
}

export async function deleteUserSessions(db: Db, userId: number, exceptId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/**
 * Counts a hit in a fixed window and returns the count including it, in one statement so that
 * concurrent requests, even from several processes, cannot both slip under the limit.
 */
export async function hitRateLimit(db: Db, key: string, windowMs: number, now: Date): Promise<{ hits: number; windowStart: string }> {
  const nowIso = now.toISOString();
  const expiredBefore = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: nowIso, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${expiredBefore} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${expiredBefore} then ${nowIso} else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, windowStart: row.window_start };
}

export async function peekRateLimit(db: Db, key: string, windowMs: number, now: Date): Promise<{ hits: number; windowStart: string } | undefined> {
  const row = await db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || Date.parse(row.window_start) <= now.getTime() - windowMs) return undefined;
  return { hits: row.hits, windowStart: row.window_start };
}

/**
 * Takes back one hit counted in the window that started at `windowStart`; a window that has
 * since started over keeps its count.
 */
export async function refundRateLimitHit(db: Db, key: string, windowStart: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .where('hits', '>', 0)
    .execute();
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
