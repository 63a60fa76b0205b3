import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../context.ts';
import { requireLogin } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import {
  latestNotificationId,
  markAsRead,
  NOTIFICATION_CHANNELS,
  notificationsSince,
  notificationsPage,
  saveSubscriptions,
  subscriptionSet,
  unreadNotificationsCount,
} from './notifications.service.ts';

const Action = z.object({ label: z.string(), action: z.string() });
const NotificationSchema = z
  .object({
    id: z.number(),
    type: z.string(),
    read_at: z.string().nullable(),
    created_at: z.string(),
    data: z.object({
      image: z.string().nullable().optional(),
      lines: z.array(
        z.object({
          content: z.string(),
          params: z.record(z.string(), z.string()).optional(),
          type: z.enum(['primary', 'secondary']).optional(),
          icon: z.string().optional(),
          action: Action.optional(),
        }),
      ),
      mainAction: Action.optional(),
      buttonActions: z.array(Action).optional(),
      inviteId: z.string().optional(),
    }),
  })
  .openapi('Notification');

const SubscriptionSetSchema = z
  .object({
    available_channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
    subscriptions: z.array(z.object({ group_name: z.string(), subscriptions: z.array(z.object({ notif_id: z.string(), name: z.string() })) })),
    user_selections: z.array(z.object({ notif_id: z.string(), channels: z.object({ email: z.boolean(), browser: z.boolean() }) })),
  })
  .openapi('NotificationSubscriptionSet');

const id = z.number({ error: 'Notification ids are numbers.' }).int('Notification ids are whole numbers.').positive('Notification ids are positive.').max(Number.MAX_SAFE_INTEGER);
const MarkAsReadBody = z.strictObject({ ids: z.array(id).max(1000, 'Mark at most 1000 notifications at once.').optional() });

const SubscriptionsBody = z.strictObject({
  selections: z
    .array(
      z.strictObject({
        notif_id: z.string().max(100),
        channels: z.strictObject({ email: z.boolean().optional(), browser: z.boolean().optional() }),
      }),
    )
    .max(100),
});

/** How often an open stream looks for new notifications. */
const STREAM_POLL_MS = 3000;
/** Streams end after this long; EventSource reconnects by itself, which keeps long-lived connections healthy behind proxies. */
const STREAM_LIFETIME_MS = 10 * 60 * 1000;

export const notificationsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications',
      tags: ['Notifications'],
      summary: 'The user’s notifications, newest first, 30 a page',
      middleware: [requireLogin()] as const,
      request: { query: z.object({ page: z.coerce.number({ error: 'The page must be a number.' }).int('The page must be a whole number.').min(1, 'Pages start at 1.').max(10000, 'The page is too far.').default(1) }) },
      responses: {
        200: json(
          z.object({
            pagination: z.object({ data: z.array(NotificationSchema), current_page: z.number(), per_page: z.number(), last_page: z.number(), total: z.number() }),
            unreadCount: z.number(),
          }),
          'A page of notifications',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { db } = c.get('deps');
      const userId = c.get('auth').user!.id;
      const [pagination, unreadCount] = await Promise.all([notificationsPage(db, userId, c.req.valid('query').page), unreadNotificationsCount(db, userId)]);
      return c.json({ pagination, unreadCount }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/notifications/mark-as-read',
      tags: ['Notifications'],
      summary: 'Mark notifications read (all of them when no ids are given)',
      middleware: [requireLogin()] as const,
      request: { body: { content: { 'application/json': { schema: MarkAsReadBody } }, required: false } },
      responses: { 200: json(z.object({ unreadCount: z.number() }), 'How many stay unread'), ...errorResponses },
    }),
    async (c) => c.json(await markAsRead(c.get('deps').db, c.get('auth').user!.id, c.req.valid('json')?.ids), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications/me/subscriptions',
      tags: ['Notifications'],
      summary: 'Which kinds of notification reach the user on which channel',
      middleware: [requireLogin()] as const,
      responses: { 200: json(SubscriptionSetSchema, 'The subscription set'), ...errorResponses },
    }),
    async (c) => c.json(await subscriptionSet(c.get('deps').db, c.get('auth').user!.id), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/notifications/me/subscriptions',
      tags: ['Notifications'],
      summary: 'Change the channels of some kinds',
      middleware: [requireLogin()] as const,
      request: { body: { content: { 'application/json': { schema: SubscriptionsBody } }, required: true } },
      responses: { 200: json(SubscriptionSetSchema, 'The subscription set as saved'), ...errorResponses },
    }),
    async (c) => c.json(await saveSubscriptions(c.get('deps').db, c.get('auth').user!.id, c.req.valid('json').selections), 200),
  )
  /**
   * Live delivery: server-sent events of the user's new notifications. Nothing is kept in this
   * process's memory: each open stream asks the database every few seconds for notifications newer
   * than the last one it sent (one indexed lookup on user_id and id), so a notification created by
   * any process reaches streams served by any other.
   */
  .get('/notifications/stream', requireLogin(), (c) => {
    const { db } = c.get('deps');
    const userId = c.get('auth').user!.id;
    const resumeFrom = Number(c.req.header('Last-Event-ID'));
    c.header('Cache-Control', 'no-store');
    // Proxies such as nginx would otherwise hold events back until their buffer fills.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let open = true;
      stream.onAbort(() => {
        open = false;
      });
      let lastId = Number.isSafeInteger(resumeFrom) && resumeFrom > 0 ? resumeFrom : await latestNotificationId(db, userId);
      const endAt = Date.now() + STREAM_LIFETIME_MS;
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ unreadCount: await unreadNotificationsCount(db, userId) }), id: String(lastId) });
      while (open && Date.now() < endAt) {
        await stream.sleep(STREAM_POLL_MS);
        if (!open) break;
        const news = await notificationsSince(db, userId, lastId);
        if (!news) {
          // A comment line keeps proxies from closing an idle connection.
          await stream.write(': keep-alive\n\n');
          continue;
        }
        for (const { notification, browser } of news.items) {
          lastId = notification.id;
          await stream.writeSSE({ event: 'notification', id: String(notification.id), data: JSON.stringify({ notification, unreadCount: news.unreadCount, browser }) });
        }
      }
    });
  });
