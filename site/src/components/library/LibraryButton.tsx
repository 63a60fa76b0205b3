import './LibraryButton.css';
import { Provider } from 'jotai';
import { useEffect } from 'react';
import { msg, translator, type Lines } from '../../lib/i18n.ts';
import { useAtomAfterHydration, useHydrated } from '../../lib/use-hydrated.ts';
import { LIBRARY_LISTS, libraryIdsAtom, loadLibraryIds, setInLibrary, type LibraryAction } from '../../stores/library.atoms.ts';
import { appStore } from '../../stores/store.ts';
import Icon from '../Icon.tsx';

interface Props {
  action: LibraryAction;
  kind: string;
  id: number;
  /** What the item is called, for the button's accessible name ("Like Night Drive"). */
  name: string;
  lines: Lines;
  loggedIn: boolean;
  /** icon: a round heart or repost button; button: a labelled button ("Follow"). */
  variant?: 'icon' | 'button';
}

const LABELS: Record<LibraryAction, [off: string, on: string]> = {
  like: [msg('Like :name'), msg('Remove :name from your library')],
  follow: [msg('Follow :name'), msg('Unfollow :name')],
  repost: [msg('Repost :name'), msg('Remove repost of :name')],
};

const TEXT: Record<LibraryAction, [off: string, on: string]> = {
  like: [msg('Like'), msg('Liked')],
  follow: [msg('Follow'), msg('Following')],
  repost: [msg('Repost'), msg('Reposted')],
};

/** Like, follow or repost anything; guests are sent to log in first. */
export default function LibraryButton(props: Props) {
  return (
    <Provider store={appStore}>
      <Button {...props} />
    </Provider>
  );
}

function Button({ action, kind, id, name, lines, loggedIn, variant = 'icon' }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const ids = useAtomAfterHydration(libraryIdsAtom, null, hydrated);
  useEffect(() => {
    if (loggedIn) void loadLibraryIds();
  }, [loggedIn]);
  const list = (LIBRARY_LISTS[action] as Record<string, keyof NonNullable<typeof ids>>)[kind];
  const on = Boolean(ids?.[list]?.includes(id));
  const label = t(LABELS[action][on ? 1 : 0], { name });
  const onClick = () => {
    if (!loggedIn) {
      location.assign(`/login?redirect=${encodeURIComponent(location.pathname)}`);
      return;
    }
    void setInLibrary(action, kind as never, id, !on, t);
  };
  const icon = action === 'repost' ? 'repost' : on ? 'heart' : 'heartOutline';
  if (variant === 'button') {
    return (
      <button type="button" className={`button${on ? ' primary' : ''}`} aria-pressed={on} aria-label={label} onClick={onClick} disabled={!hydrated} data-testid={`${action}-${kind}-${id}`}>
        {action !== 'follow' && <Icon name={icon} />}
        {t(TEXT[action][on ? 1 : 0])}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`icon-button library-toggle${on ? ' on' : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={!hydrated}
      data-testid={`${action}-${kind}-${id}`}
    >
      <Icon name={icon} />
    </button>
  );
}
