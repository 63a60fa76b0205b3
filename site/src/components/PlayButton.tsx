import { Provider } from 'jotai';
import { useEffect, useRef } from 'react';
import { translator, type Lines } from '../lib/i18n.ts';
import { warmUpWhenVisible } from '../lib/stream-warmup.ts';
import { useAtomAfterHydration, useHydrated } from '../lib/use-hydrated.ts';
import { currentTrackAtom, isPlayingAtom, playQueue, playRadio, togglePlayback, type QueueTrack, type RadioSeed } from '../stores/player.atoms.ts';
import { appStore } from '../stores/store.ts';
import Icon from './Icon.tsx';

interface Props {
  tracks: QueueTrack[];
  lines: Lines;
  /** Accessible name of what plays, such as the track's name. */
  name: string;
  /** Plays an endless radio from this seed instead of just these tracks. */
  radio?: RadioSeed;
}

/** Plays a list from its start, or pauses it when it is what is playing. */
export default function PlayButton(props: Props) {
  return (
    <Provider store={appStore}>
      <Button {...props} />
    </Provider>
  );
}

function Button({ tracks, lines, name, radio }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const current = useAtomAfterHydration(currentTrackAtom, null, hydrated);
  const playing = useAtomAfterHydration(isPlayingAtom, false, hydrated);
  const ours = tracks.some((track) => track.id === current?.id);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const first = tracks[0]?.stream_url;
  // What this button plays first starts loading as soon as the listener can see the button.
  useEffect(() => warmUpWhenVisible(buttonRef.current, first), [first]);
  return (
    <button
      ref={buttonRef}
      type="button"
      className="button primary"
      disabled={!hydrated || !tracks.length}
      onClick={() => (ours ? togglePlayback() : radio ? playRadio(radio, tracks) : playQueue(tracks, 0))}
      title={ours && playing ? t('Pause :name', { name }) : t('Play :name', { name })}
    >
      <Icon name={ours && playing ? 'pause' : 'play'} />
      {ours && playing ? t('Pause') : t('Play')}
    </button>
  );
}
