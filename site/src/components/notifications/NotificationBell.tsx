import '../dropdown.css';
import './NotificationBell.css';
import './notifications.css';
import { useEffect, useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok, toastFailure } from '../../lib/island-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useMenuButton } from '../../lib/use-menu-button.ts';
import Icon from '../Icon.tsx';
import NotificationRow, { markRead, type NotificationItem } from './NotificationRow.tsx';

interface Props {
  lines: Lines;
  language: string;
  unreadCount: number;
  /** Whether users may choose channels: the empty state links to those settings. */
  settingsLink: boolean;
}

interface StreamedNotification {
  notification: NotificationItem;
  unreadCount: number;
  /** Whether the user keeps the browser channel on for this kind. */
  browser: boolean;
}

/**
 * The navbar bell: the unread count, kept current without reloading by the server-sent events of
 * /notifications/stream, and a popover with the latest notifications (spec §2).
 */
export default function NotificationBell({ lines, language, unreadCount: initialCount, settingsLink }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const { open, setOpen, close, triggerProps, menuProps } = useMenuButton<HTMLDivElement>();
  const [unread, setUnread] = useState(initialCount);
  const [items, setItems] = useState<NotificationItem[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream lives as long as the bell; the translator does not change while it does
  useEffect(() => {
    // EventSource reconnects by itself (with Last-Event-ID), so a dropped stream resumes where it was.
    const source = new EventSource('/api/v1/notifications/stream');
    source.addEventListener('ready', (event) => setUnread((JSON.parse(event.data) as { unreadCount: number }).unreadCount));
    source.addEventListener('notification', (event) => {
      const { notification, unreadCount, browser } = JSON.parse(event.data) as StreamedNotification;
      setUnread(unreadCount);
      setItems((current) => (current ? [notification, ...current.filter((n) => n.id !== notification.id)] : current));
      if (browser) showInBrowser(notification, t);
    });
    return () => source.close();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when opened with nothing loaded; the translator is fixed
  useEffect(() => {
    if (!open || items) return;
    ok(islandApi.notifications.$get({ query: {} }))
      .then(({ pagination, unreadCount }) => {
        setItems(pagination.data);
        setUnread(unreadCount);
      })
      .catch((error) => toastFailure(error, t('There was an issue. Please try again.')));
  }, [open, items]);

  const markAll = async () => {
    try {
      setUnread((await markRead()).unreadCount);
      setItems((current) => current?.map((n) => ({ ...n, read_at: n.read_at ?? new Date().toISOString() })) ?? null);
    } catch (error) {
      toastFailure(error, t('There was an issue. Please try again.'));
    }
  };
  const onRead = (id: number, unreadCount: number) => {
    setUnread(unreadCount);
    setItems((current) => current?.map((n) => (n.id === id ? { ...n, read_at: new Date().toISOString() } : n)) ?? null);
    setOpen(false);
  };
  const onRemove = (id: number) => {
    setItems((current) => current?.filter((n) => n.id !== id) ?? null);
    // The list refreshes from the server, which removed the invitation too.
    setItems(null);
  };

  return (
    // The popover holds links and buttons rather than menu entries, so focus may stay on the bell: Escape closes it from there too.
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only forwards Escape from the controls inside it
    <div className="dropdown notification-bell" onKeyDown={(event) => open && event.key === 'Escape' && close()}>
      <button {...triggerProps} type="button" className="icon-button" disabled={!hydrated} aria-label={t('Notifications')} data-testid="notification-bell">
        <Icon name="notifications" />
        {unread > 0 && (
          <span className="badge" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div {...menuProps} className="dropdown-menu notification-popover" role="dialog" aria-label={t('Notifications')}>
          <div className="notification-popover-header">
            <strong>{t('Notifications')}</strong>
            {unread > 0 && (
              <button type="button" className="link-button" onClick={markAll}>
                {t('Mark all as read')}
              </button>
            )}
          </div>
          {items === null ? (
            <p className="muted">{t('Loading…')}</p>
          ) : items.length === 0 ? (
            <div className="notification-empty">
              <strong>{t('Hang tight!')}</strong>
              <p className="muted">{t('Notifications will start showing up here soon.')}</p>
              {settingsLink && <a href="/notifications/settings">{t('Notification settings')}</a>}
            </div>
          ) : (
            <>
              <ul className="notification-list">
                {items.slice(0, 10).map((notification) => (
                  <NotificationRow key={notification.id} lines={lines} language={language} notification={notification} onRead={onRead} onRemove={onRemove} />
                ))}
              </ul>
              <a className="notification-all" href="/notifications" onClick={() => setOpen(false)}>
                {t('View all')}
              </a>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The browser channel: a system notification, when this site may show them. */
function showInBrowser(notification: NotificationItem, t: ReturnType<typeof translator>) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const [first, ...rest] = notification.data.lines.map((line) => t(line.content, line.params));
  const shown = new Notification(first ?? t('Notifications'), { body: rest.join('\n'), icon: notification.data.image ?? undefined, tag: `notification-${notification.id}` });
  shown.onclick = () => {
    window.focus();
    if (notification.data.mainAction) window.location.assign(notification.data.mainAction.action);
  };
}
