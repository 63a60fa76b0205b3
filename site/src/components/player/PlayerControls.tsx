import './PlayerControls.css';
import { useAtom, useAtomValue } from 'jotai';
import type { translator } from '../../lib/i18n.ts';
import { nextIndex } from '../../lib/queue.ts';
import { cycleRepeat, isPlayingAtom, queueStateAtom, repeatAtom, setShuffle, shuffleAtom, wantsPlayAtom } from '../../stores/player.atoms.ts';
import Icon from '../Icon.tsx';
import PlayerIcon from './PlayerIcon.tsx';

interface Props {
  t: ReturnType<typeof translator>;
  hasTrack: boolean;
  next: () => void;
  previous: () => void;
}

/** Shuffle, previous, play or pause, next and repeat; in the bar, and in now playing on small screens. */
export default function PlayerControls({ t, hasTrack, next, previous }: Props) {
  const shuffle = useAtomValue(shuffleAtom);
  const repeat = useAtomValue(repeatAtom);
  const [wantsPlay, setWantsPlay] = useAtom(wantsPlayAtom);
  const isPlaying = useAtomValue(isPlayingAtom);
  const canGoNext = nextIndex(useAtomValue(queueStateAtom), repeat) !== null;
  const repeatLabel = repeat === 'one' ? t('Repeat: one') : repeat === 'all' ? t('Repeat: all') : t('Repeat: off');

  return (
    <div className="player-controls">
      <button
        type="button"
        className={`icon-button secondary toggle${shuffle ? ' on' : ''}`}
        onClick={() => setShuffle(!shuffle)}
        aria-pressed={shuffle}
        aria-label={t('Shuffle')}
        title={t('Shuffle')}
      >
        <PlayerIcon name="shuffle" />
      </button>
      <button type="button" className="icon-button secondary" onClick={previous} disabled={!hasTrack} aria-label={t('Previous')}>
        <Icon name="previous" />
      </button>
      <button
        type="button"
        className="icon-button play"
        onClick={() => setWantsPlay(!wantsPlay)}
        disabled={!hasTrack}
        aria-label={isPlaying ? t('Pause') : t('Play')}
        data-testid="player-toggle"
      >
        <Icon name={isPlaying ? 'pause' : 'play'} />
      </button>
      <button type="button" className="icon-button" onClick={next} disabled={!hasTrack || !canGoNext} aria-label={t('Next')}>
        <Icon name="next" />
      </button>
      <button
        type="button"
        className={`icon-button secondary toggle${repeat !== 'off' ? ' on' : ''}`}
        onClick={cycleRepeat}
        aria-pressed={repeat !== 'off'}
        aria-label={repeatLabel}
        title={repeatLabel}
      >
        <PlayerIcon name={repeat === 'one' ? 'repeatOne' : 'repeat'} />
      </button>
    </div>
  );
}
