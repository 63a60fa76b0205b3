import './NotificationSettings.css';
import type { InferResponseType } from 'hono/client';
import { useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok, toastFailure } from '../../lib/island-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { toast } from '../../stores/toast.atoms.ts';

type SubscriptionSet = InferResponseType<(typeof islandApi.notifications.me.subscriptions)['$get'], 200>;
type Channel = SubscriptionSet['available_channels'][number];

const CHANNEL_LABELS: Record<Channel, string> = { email: 'Email', browser: 'Browser' };

interface Props {
  lines: Lines;
  set: SubscriptionSet;
}

/** May this site show system notifications? Asks when the browser has not been told yet. */
async function browserAllows(): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission === 'denied') return false;
  if (Notification.permission === 'granted') return true;
  return (await Notification.requestPermission()) === 'granted';
}

/** /notifications/settings: per kind, which channels carry it (spec §2). */
export default function NotificationSettings({ lines, set }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const [selections, setSelections] = useState(() => new Map(set.user_selections.map((s) => [s.notif_id, s.channels])));
  const [saving, setSaving] = useState(false);

  const toggle = async (notifId: string, channel: Channel, on: boolean) => {
    if (on && channel === 'browser' && !(await browserAllows())) {
      toast.danger(t('Notifications blocked. Please enable them for this site from browser settings.'));
      return;
    }
    setSelections((current) => new Map(current).set(notifId, { ...current.get(notifId)!, [channel]: on }));
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await ok(islandApi.notifications.me.subscriptions.$put({ json: { selections: [...selections].map(([notif_id, channels]) => ({ notif_id, channels })) } }));
      setSelections(new Map(saved.user_selections.map((s) => [s.notif_id, s.channels])));
      toast(t('Settings saved'));
    } catch (error) {
      toastFailure(error, t('There was an issue. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="notification-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {set.subscriptions.map((group) => (
        <fieldset key={group.group_name}>
          <legend>{t(group.group_name)}</legend>
          <table>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('Notification')}</span>
                </th>
                {set.available_channels.map((channel) => (
                  <th key={channel} scope="col">
                    {t(CHANNEL_LABELS[channel])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {group.subscriptions.map((kind) => (
                <tr key={kind.notif_id}>
                  <th scope="row">{t(kind.name)}</th>
                  {set.available_channels.map((channel) => (
                    <td key={channel}>
                      <input
                        type="checkbox"
                        aria-label={`${t(kind.name)}: ${t(CHANNEL_LABELS[channel])}`}
                        checked={selections.get(kind.notif_id)?.[channel] ?? true}
                        disabled={!hydrated}
                        onChange={(event) => void toggle(kind.notif_id, channel, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </fieldset>
      ))}
      <button type="submit" className="button primary" disabled={!hydrated || saving}>
        {t('Save')}
      </button>
    </form>
  );
}
