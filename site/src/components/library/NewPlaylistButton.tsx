import { Provider } from 'jotai';
import { useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { playlistUrl } from '../../lib/slug.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { appStore } from '../../stores/store.ts';
import Icon from '../Icon.tsx';
import PlaylistForm from './PlaylistForm.tsx';

/** Creates a playlist and opens it. */
export default function NewPlaylistButton({ lines }: { lines: Lines }) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <Provider store={appStore}>
      <button type="button" className="button primary" onClick={() => setOpen(true)} disabled={!hydrated}>
        <Icon name="add" /> {t('New playlist')}
      </button>
      {open && <PlaylistForm t={t} open onClose={() => setOpen(false)} onSaved={(playlist) => location.assign(playlistUrl(playlist))} />}
    </Provider>
  );
}
