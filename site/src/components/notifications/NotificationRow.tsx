import './notifications.css';
import { navigate } from 'astro:transitions/client';
import type { InferResponseType } from 'hono/client';
import { useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok, toastFailure } from '../../lib/island-api.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { toast } from '../../stores/toast.atoms.ts';

export type NotificationItem = InferResponseType<typeof islandApi.notifications.$get, 200>['pagination']['data'][number];

export const markRead = (ids?: number[]) => ok(islandApi.notifications['mark-as-read'].$post({ json: ids ? { ids } : {} }));

/** External links open in a new tab, the site's own pages in place (spec §4). */
function follow(action: string) {
  if (/^https?:\/\//i.test(action)) window.open(action, '_blank', 'noopener');
  else void navigate(action);
}

interface Props {
  lines: Lines;
  language: string;
  notification: NotificationItem;
  /** The notification was read here; `unreadCount` is what the server counts now. */
  onRead: (id: number, unreadCount: number) => void;
  /** An invitation was answered (or found no longer valid): it leaves the list. */
  onRemove: (id: number) => void;
}

/** One notification: clicking marks it read and follows its main action; an invitation answers with Join or Decline. */
export default function NotificationRow({ lines, language, notification, onRead, onRemove }: Props) {
  const t = translator(lines);
  const [pending, setPending] = useState(false);
  const { data } = notification;
  const invite = notification.type === 'workspace_invite' && data.inviteId ? data.inviteId : null;

  const open = async () => {
    if (!notification.read_at) {
      try {
        onRead(notification.id, (await markRead([notification.id])).unreadCount);
      } catch (error) {
        toastFailure(error, t('There was an issue. Please try again.'));
      }
    }
    if (data.mainAction) follow(data.mainAction.action);
  };

  const answer = async (join: boolean) => {
    if (!invite) return;
    setPending(true);
    try {
      // The typed client puts params into the path as they are.
      const param = { inviteId: encodeURIComponent(invite) };
      if (join) await ok(islandApi.workspace.join[':inviteId'].$get({ param }));
      else await ok(islandApi.workspace.invite[':inviteId'].$delete({ param }));
      toast(join ? t('Joined workspace') : t('Declined workspace invitation'));
      onRemove(notification.id);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        toast.danger(t('This invite is no longer valid'));
        onRemove(notification.id);
      } else toastFailure(error, t('There was an issue. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  const text = (
    <>
      {data.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a notification's lines never change order
        <span key={i} className={line.type === 'secondary' ? 'notification-line muted' : 'notification-line'}>
          {t(line.content, line.params)}
        </span>
      ))}
      <span className="notification-time muted small">{relativeTime(notification.created_at, language)}</span>
    </>
  );

  return (
    <li className={notification.read_at ? 'notification' : 'notification unread'} data-testid="notification">
      {data.image ? <img className="avatar" src={data.image} alt="" /> : <span className="avatar notification-dot" aria-hidden="true" />}
      {invite ? (
        <div className="notification-body">
          {text}
          <span className="invite-actions">
            <button type="button" className="button primary" disabled={pending} onClick={() => answer(true)}>
              {t('Join')}
            </button>
            <button type="button" className="button" disabled={pending} onClick={() => answer(false)}>
              {t('Decline')}
            </button>
          </span>
        </div>
      ) : (
        <button type="button" className="notification-body" onClick={open}>
          {text}
          {!notification.read_at && <span className="visually-hidden">{t('Unread')}</span>}
        </button>
      )}
    </li>
  );
}
