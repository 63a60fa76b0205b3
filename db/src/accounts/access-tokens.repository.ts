import type { Db } from '../connection.ts';
import type { AccessTokenRow } from '../tables/account-security.table.ts';

export async function insertAccessToken(db: Db, token: { user_id: number; name: string; token_hash: string }): Promise<AccessTokenRow> {
  return db.insertInto('access_tokens').values(token).returningAll().executeTakeFirstOrThrow();
}

export async function findAccessToken(db: Db, id: number): Promise<AccessTokenRow | undefined> {
  return db.selectFrom('access_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function accessTokensOfUser(db: Db, userId: number): Promise<AccessTokenRow[]> {
  return db.selectFrom('access_tokens').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export async function touchAccessToken(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** Deletes a token of this user; false when there is no such token (or it is someone else's). */
export async function deleteAccessToken(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('access_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
