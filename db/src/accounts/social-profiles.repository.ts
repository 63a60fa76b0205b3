import type { Db } from '../connection.ts';
import type { SocialProfileRow } from '../tables/account-security.table.ts';

export async function findSocialProfile(db: Db, service: string, serviceUserId: string): Promise<SocialProfileRow | undefined> {
  return db.selectFrom('social_profiles').selectAll().where('service_name', '=', service).where('user_service_id', '=', serviceUserId).executeTakeFirst();
}

export async function socialProfilesOfUser(db: Db, userId: number): Promise<SocialProfileRow[]> {
  return db.selectFrom('social_profiles').selectAll().where('user_id', '=', userId).orderBy('service_name').execute();
}

/** Links a provider account to a user, replacing the user's earlier link to the same provider. */
export async function linkSocialProfile(db: Db, profile: { user_id: number; service_name: string; user_service_id: string; username: string | null }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('social_profiles').where('user_id', '=', profile.user_id).where('service_name', '=', profile.service_name).execute();
    await trx.insertInto('social_profiles').values(profile).execute();
  });
}

export async function unlinkSocialProfile(db: Db, userId: number, service: string): Promise<boolean> {
  const result = await db.deleteFrom('social_profiles').where('user_id', '=', userId).where('service_name', '=', service).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
