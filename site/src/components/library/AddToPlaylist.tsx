import { translator, type Lines } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { requestAddToPlaylist } from '../../stores/library.atoms.ts';
import Icon from '../Icon.tsx';

interface Props {
  trackIds: number[];
  /** What is being added, for the button's accessible name. */
  name: string;
  lines: Lines;
  variant?: 'icon' | 'button';
}

/** Opens the page's add-to-playlist dialog for these tracks (guests are sent to log in). */
export default function AddToPlaylist({ trackIds, name, lines, variant = 'icon' }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const label = t('Add :name to a playlist', { name });
  return (
    <button
      type="button"
      className={variant === 'icon' ? 'icon-button' : 'button'}
      onClick={() => requestAddToPlaylist(trackIds, name)}
      disabled={!hydrated}
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
    >
      <Icon name="playlistAdd" />
      {variant === 'button' && t('Add to playlist')}
    </button>
  );
}
