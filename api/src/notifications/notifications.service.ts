import type { Db, NotificationRow } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as notificationsRepository from '@app/db/notifications/notifications';
import type { AppDeps } from '../context.ts';
import { validationFailed } from '../common/errors.ts';
import { sendMail } from '../mail/mail.service.ts';
import { notificationMail, paymentFailedMail } from '../mail/templates.ts';
import { msg } from '../i18n/msg.ts';
import { loadSettings } from '../settings/settings.service.ts';

/** Spec §9: the notifications page lists 30 at a time. */
const NOTIFICATIONS_PER_PAGE = 30;

export const NOTIFICATION_CHANNELS = ['email', 'browser'] as const;
type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Every kind the app sends, grouped as the settings page shows them. The names are English keys the
 * site translates. A user who never chose gets every channel of every kind.
 */
const NOTIFICATION_KINDS = {
  backstage_request_decided: { group: msg('Artists'), name: msg('Your artist profile request is approved or denied') },
  new_follower: { group: msg('Social'), name: msg('Someone follows you') },
  comment_reply: { group: msg('Social'), name: msg('Someone replies to your comment') },
  payment_failed: { group: msg('Billing'), name: msg('A subscription payment fails') },
  workspace_invite: { group: msg('Workspaces'), name: msg('You are invited to a workspace') },
} as const;
type NotificationKind = keyof typeof NOTIFICATION_KINDS;
const NOTIFICATION_KIND_IDS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** A line of a notification: an English template with `:name` placeholders the site fills in and translates. */
interface NotificationLine {
  content: string;
  params?: Record<string, string>;
  type?: 'primary' | 'secondary';
  icon?: string;
  action?: NotificationAction;
}
interface NotificationAction {
  label: string;
  /** A path on this site (`/user/3`) or an absolute URL, which opens in a new tab. */
  action: string;
}
interface NotificationData {
  image?: string | null;
  lines: NotificationLine[];
  mainAction?: NotificationAction;
  buttonActions?: NotificationAction[];
  /** Workspace invitations: the secret of the invite, usable only by the invited address. */
  inviteId?: string;
}

interface PresentedNotification {
  id: number;
  type: string;
  read_at: string | null;
  created_at: string;
  data: NotificationData;
}

const fill = (line: NotificationLine) => line.content.replace(/:([a-zA-Z_]+)/g, (match, name: string) => line.params?.[name] ?? match);

function presentNotification(row: NotificationRow): PresentedNotification {
  return { id: row.id, type: row.type, read_at: row.read_at, created_at: row.created_at, data: JSON.parse(row.data) as NotificationData };
}

async function channelsOf(db: Db, userId: number, kind: NotificationKind): Promise<Record<NotificationChannel, boolean>> {
  const row = (await notificationsRepository.notificationSubscriptionsOfUser(db, userId)).find((r) => r.notif_id === kind);
  return row ? { email: Boolean(row.email), browser: Boolean(row.browser) } : { email: true, browser: true };
}

/**
 * Stores a notification for the user and, when their choices keep the email channel on for this
 * kind, mails it. `mail` is the kind's own mail where it has one (a decided request, a failed
 * payment, an invitation); otherwise the mail says what the notification says.
 * A failure to mail never undoes what caused the notification.
 */
export async function notify(
  deps: AppDeps,
  userId: number,
  kind: NotificationKind,
  data: NotificationData,
  mail?: { subject: string; text: string; html: string; secrets?: string[] },
): Promise<PresentedNotification> {
  const row = await notificationsRepository.insertNotification(deps.db, { user_id: userId, type: kind, data: JSON.stringify(data) });
  if ((await channelsOf(deps.db, userId, kind)).email) {
    const user = await usersRepository.findUserById(deps.db, userId);
    if (user) {
      const message = mail ?? (await defaultMail(deps, data));
      await sendMail(deps, { to: user.email, subject: message.subject, text: message.text, html: message.html, secrets: mail?.secrets ?? [] });
    }
  }
  return presentNotification(row);
}

async function defaultMail(deps: AppDeps, data: NotificationData) {
  const siteName = (await loadSettings(deps.db))['branding.site_name'];
  const lines = data.lines.map(fill);
  const action = data.mainAction ? { label: data.mainAction.label, url: new URL(data.mainAction.action, deps.config.appUrl).href } : undefined;
  return notificationMail(siteName, lines, action);
}

export async function notificationsPage(db: Db, userId: number, page: number) {
  const { rows, total } = await notificationsRepository.notificationsOfUser(db, userId, (page - 1) * NOTIFICATIONS_PER_PAGE, NOTIFICATIONS_PER_PAGE);
  return {
    data: rows.map(presentNotification),
    current_page: page,
    per_page: NOTIFICATIONS_PER_PAGE,
    last_page: Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE)),
    total,
  };
}

/** Marks the listed notifications (all when none are listed) read; answers how many stay unread. */
export async function markAsRead(db: Db, userId: number, ids: number[] | undefined): Promise<{ unreadCount: number }> {
  await notificationsRepository.markNotificationsRead(db, userId, ids?.length ? ids : null, new Date().toISOString());
  return { unreadCount: await notificationsRepository.unreadNotificationsCount(db, userId) };
}

export { unreadNotificationsCount } from '@app/db/notifications/notifications';

/** Joining or declining an invitation ends its notification, wherever the user answered it. */
export async function removeInviteNotifications(db: Db, userId: number, inviteId: string): Promise<void> {
  const rows = await notificationsRepository.notificationsOfType(db, userId, 'workspace_invite');
  await notificationsRepository.deleteNotifications(
    db,
    userId,
    rows.filter((row) => presentNotification(row).data.inviteId === inviteId).map((row) => row.id),
  );
}

/** The spec's subscription set: the channels, the kinds by group, and the user's choices (defaults included). */
export async function subscriptionSet(db: Db, userId: number) {
  const saved = new Map((await notificationsRepository.notificationSubscriptionsOfUser(db, userId)).map((row) => [row.notif_id, row]));
  const groups = new Map<string, { notif_id: NotificationKind; name: string }[]>();
  for (const id of NOTIFICATION_KIND_IDS) {
    const { group, name } = NOTIFICATION_KINDS[id];
    groups.set(group, [...(groups.get(group) ?? []), { notif_id: id, name }]);
  }
  return {
    available_channels: [...NOTIFICATION_CHANNELS],
    subscriptions: [...groups].map(([group_name, subscriptions]) => ({ group_name, subscriptions })),
    user_selections: NOTIFICATION_KIND_IDS.map((id) => {
      const row = saved.get(id);
      return { notif_id: id, channels: { email: row ? Boolean(row.email) : true, browser: row ? Boolean(row.browser) : true } };
    }),
  };
}

export async function saveSubscriptions(db: Db, userId: number, selections: { notif_id: string; channels: Partial<Record<NotificationChannel, boolean>> }[]) {
  const unknown = selections.find((s) => !(NOTIFICATION_KIND_IDS as string[]).includes(s.notif_id));
  if (unknown) throw validationFailed({ selections: `Unknown notification "${unknown.notif_id}".` });
  const current = new Map((await subscriptionSet(db, userId)).user_selections.map((s) => [s.notif_id as string, s.channels]));
  await notificationsRepository.saveNotificationSubscriptions(
    db,
    userId,
    selections.map((s) => {
      const channels = { ...current.get(s.notif_id)!, ...s.channels };
      return { notif_id: s.notif_id, email: channels.email, browser: channels.browser };
    }),
  );
  return subscriptionSet(db, userId);
}

/** For the live stream: where the user's notifications stand now. */
export { latestNotificationId } from '@app/db/notifications/notifications';

/** For the live stream: the notifications after a known id, each saying whether the browser channel shows it, and the unread count. */
export async function notificationsSince(db: Db, userId: number, afterId: number) {
  const rows = await notificationsRepository.notificationsAfter(db, userId, afterId, NOTIFICATIONS_PER_PAGE);
  if (!rows.length) return null;
  const [selections, unreadCount] = await Promise.all([notificationsRepository.notificationSubscriptionsOfUser(db, userId), notificationsRepository.unreadNotificationsCount(db, userId)]);
  const browserOff = new Set(selections.filter((s) => !s.browser).map((s) => s.notif_id));
  return { unreadCount, items: rows.map((row) => ({ notification: presentNotification(row), browser: !browserOff.has(row.type) })) };
}

/**
 * A failed renewal, from either payment provider: one notification whose email channel is the
 * payment-failed mail, so the user gets that mail once (or not, if they turned the channel off).
 */
export async function notifyPaymentFailed(deps: AppDeps, userId: number, siteName: string, planName: string | null): Promise<void> {
  const url = `${deps.config.appUrl}/billing/change-payment-method`;
  await notify(
    deps,
    userId,
    'payment_failed',
    {
      lines: planName ? [{ content: msg('The payment for your :plan subscription failed'), params: { plan: planName } }] : [{ content: msg('The payment for your subscription failed') }],
      mainAction: { label: 'Update payment method', action: '/billing/change-payment-method' },
    },
    paymentFailedMail(siteName, { planName, url }),
  );
}
