import './notifications.css';
import './NotificationsList.css';
import { useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok, toastFailure } from '../../lib/island-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import NotificationRow, { markRead, type NotificationItem } from './NotificationRow.tsx';

interface Props {
  lines: Lines;
  language: string;
  page: number;
  notifications: NotificationItem[];
  unreadCount: number;
}

/** The /notifications page's list: one page of 30, mark all as read, invitations answered in place. */
export default function NotificationsList({ lines, language, page, notifications, unreadCount }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const [items, setItems] = useState(notifications);
  const [unread, setUnread] = useState(unreadCount);

  const markAll = async () => {
    try {
      setUnread((await markRead()).unreadCount);
      setItems((current) => current.map((n) => ({ ...n, read_at: n.read_at ?? new Date().toISOString() })));
    } catch (error) {
      toastFailure(error, t('There was an issue. Please try again.'));
    }
  };
  const onRead = (id: number, count: number) => {
    setUnread(count);
    setItems((current) => current.map((n) => (n.id === id ? { ...n, read_at: new Date().toISOString() } : n)));
  };
  /** An answered invitation leaves; the page is read again, as the server now has it. */
  const onRemove = async (id: number) => {
    setItems((current) => current.filter((n) => n.id !== id));
    try {
      const fresh = await ok(islandApi.notifications.$get({ query: { page: String(page) } }));
      setItems(fresh.pagination.data);
      setUnread(fresh.unreadCount);
    } catch {
      // The row is gone already; the rest of the list stays as it was.
    }
  };

  return (
    <>
      <div className="notifications-toolbar">
        <button type="button" className="button" disabled={!hydrated || unread === 0} onClick={markAll}>
          {t('Mark all as read')}
        </button>
      </div>
      {items.length === 0 ? (
        <div className="notification-empty">
          <strong>{t('Hang tight!')}</strong>
          <p className="muted">{t('Notifications will start showing up here soon.')}</p>
        </div>
      ) : (
        <ul className="notification-list" data-testid="notification-list">
          {items.map((notification) => (
            <NotificationRow key={notification.id} lines={lines} language={language} notification={notification} onRead={onRead} onRemove={onRemove} />
          ))}
        </ul>
      )}
    </>
  );
}
