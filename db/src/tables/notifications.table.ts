import type { Generated, Selectable } from 'kysely';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** The kind, e.g. new_follower or workspace_invite. */
  type: string;
  /** JSON: what the list shows (lines, image, main action, inviteId for invitations). */
  data: string;
  read_at: string | null;
  created_at: Generated<string>;
}

export interface NotificationSubscriptionsTable {
  user_id: number;
  notif_id: string;
  email: number;
  browser: number;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type NotificationSubscriptionRow = Selectable<NotificationSubscriptionsTable>;
