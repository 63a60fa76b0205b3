import type { Db } from '../connection.ts';
import type { BackstageRequestRole, BackstageRequestRow } from '../tables/backstage.table.ts';

export type { BackstageRequestRole, BackstageRequestRow, BackstageRequestStatus } from '../tables/backstage.table.ts';

export async function createBackstageRequest(
  db: Db,
  values: {
    user_id: number;
    artist_id: number | null;
    artist_name: string;
    role: BackstageRequestRole;
    message: string | null;
    image: string | null;
    links: string;
    proof_file_id: number | null;
    proof_url: string | null;
  },
): Promise<BackstageRequestRow> {
  return db.insertInto('backstage_requests').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findBackstageRequest(db: Db, id: number): Promise<BackstageRequestRow | undefined> {
  return db.selectFrom('backstage_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function backstageRequestsOfUser(db: Db, userId: number): Promise<BackstageRequestRow[]> {
  return db.selectFrom('backstage_requests').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** A pending request of this user for the same artist (by id, or by name for a new one). */
export async function pendingBackstageRequest(db: Db, userId: number, artist: { id: number | null; name: string }): Promise<BackstageRequestRow | undefined> {
  return db
    .selectFrom('backstage_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where((eb) => (artist.id !== null ? eb('artist_id', '=', artist.id) : eb.and([eb('artist_id', 'is', null), eb(eb.fn('lower', ['artist_name']), '=', artist.name.toLowerCase())])))
    .executeTakeFirst();
}

/** What approving a request did: the artist the user now manages, or why nothing changed. */
type BackstageApproval = { artistId: number } | { refused: 'not_pending' | 'managed' };

class ArtistManagedElsewhere extends Error {}

/**
 * Approves a pending request in one transaction: creates the artist when the request was for a new
 * one, links the user to the artist and gives them the role. Refused, with nothing changed, when the
 * request is no longer pending (someone else reviewed it first) or is a claim of an artist another
 * account manages (an artist has one manager; several users may have claimed it).
 */
export async function approveBackstageRequest(db: Db, id: number, reviewerId: number, roleId: number): Promise<BackstageApproval> {
  try {
    return await db.transaction().execute(async (trx): Promise<BackstageApproval> => {
      const now = new Date().toISOString();
      // Written before anything is read, so that on PostgreSQL a second approval of the same request
      // waits for this one on the row lock and then finds it no longer pending.
      const request = await trx
        .updateTable('backstage_requests')
        .set({ status: 'approved', reviewed_by: reviewerId, reviewed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!request) return { refused: 'not_pending' };
      let artistId = request.artist_id;
      if (artistId === null) {
        artistId = (
          await trx.insertInto('artists').values({ name: request.artist_name, image: request.image, links: request.links, verified: 1 }).returning('id').executeTakeFirstOrThrow()
        ).id;
        await trx.updateTable('backstage_requests').set({ artist_id: artistId }).where('id', '=', id).execute();
      } else {
        // An admin checked the proof: the artist page now shows the verified badge. Written before
        // the managers are read, for the same reason: approvals of two claims of one artist take turns.
        await trx.updateTable('artists').set({ verified: 1 }).where('id', '=', artistId).execute();
        const manager = await trx.selectFrom('artist_user').select('user_id').where('artist_id', '=', artistId).where('user_id', '!=', request.user_id).limit(1).executeTakeFirst();
        if (manager) throw new ArtistManagedElsewhere();
      }
      await trx
        .insertInto('artist_user')
        .values({ artist_id: artistId, user_id: request.user_id, role: request.role })
        .onConflict((oc) => oc.columns(['artist_id', 'user_id']).doUpdateSet({ role: request.role }))
        .execute();
      await trx.insertInto('user_role').values({ user_id: request.user_id, role_id: roleId }).onConflict((oc) => oc.doNothing()).execute();
      return { artistId };
    });
  } catch (error) {
    // Thrown to roll the approval back.
    if (error instanceof ArtistManagedElsewhere) return { refused: 'managed' };
    throw error;
  }
}

/** Denies a pending request; false when it was no longer pending. */
export async function denyBackstageRequest(db: Db, id: number, reviewerId: number): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable('backstage_requests')
    .set({ status: 'denied', reviewed_by: reviewerId, reviewed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ids of the accounts that manage this artist (artist_user). */
export async function artistManagers(db: Db, artistId: number): Promise<number[]> {
  const rows = await db.selectFrom('artist_user').select('user_id').where('artist_id', '=', artistId).orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

export async function artistIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('artist_user').select('artist_id').where('user_id', '=', userId).orderBy('artist_id').execute();
  return rows.map((r) => r.artist_id);
}
