import type { Db } from '../connection.ts';
import type { NotificationRow, NotificationSubscriptionRow } from '../tables/notifications.table.ts';

export type { NotificationRow } from '../tables/notifications.table.ts';

export async function insertNotification(db: Db, values: { user_id: number; type: string; data: string }): Promise<NotificationRow> {
  return db.insertInto('notifications').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A user's notifications, newest first. */
export async function notificationsOfUser(db: Db, userId: number, offset: number, limit: number): Promise<{ rows: NotificationRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('total')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Notifications newer than `afterId`, oldest first: what a live stream has not sent yet. */
export async function notificationsAfter(db: Db, userId: number, afterId: number, limit: number): Promise<NotificationRow[]> {
  return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('id', '>', afterId).orderBy('id', 'asc').limit(limit).execute();
}

export async function latestNotificationId(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('notifications').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id ?? 0;
}

export async function unreadNotificationsCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Marks the user's own notifications read: those listed, or all when `ids` is null. Others' ids are ignored. */
export async function markNotificationsRead(db: Db, userId: number, ids: number[] | null, readAt: string): Promise<void> {
  if (ids && !ids.length) return;
  let query = db.updateTable('notifications').set({ read_at: readAt }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

export async function notificationsOfType(db: Db, userId: number, type: string): Promise<NotificationRow[]> {
  return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('type', '=', type).execute();
}

export async function deleteNotifications(db: Db, userId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('notifications').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export async function notificationSubscriptionsOfUser(db: Db, userId: number): Promise<NotificationSubscriptionRow[]> {
  return db.selectFrom('notification_subscriptions').selectAll().where('user_id', '=', userId).execute();
}

export async function saveNotificationSubscriptions(db: Db, userId: number, rows: { notif_id: string; email: boolean; browser: boolean }[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('notification_subscriptions')
    .values(rows.map((row) => ({ user_id: userId, notif_id: row.notif_id, email: row.email ? 1 : 0, browser: row.browser ? 1 : 0 })))
    .onConflict((oc) => oc.columns(['user_id', 'notif_id']).doUpdateSet((eb) => ({ email: eb.ref('excluded.email'), browser: eb.ref('excluded.browser') })))
    .execute();
}
