import type { translator } from '../../lib/i18n.ts';
import Icon from '../Icon.tsx';
import type { useVolume } from './use-volume.ts';

/** The mute button and the volume slider of the player bar. */
export default function VolumeControl({ t, volume, muted, setVolume, toggleMute }: { t: ReturnType<typeof translator> } & ReturnType<typeof useVolume>) {
  return (
    <>
      <button type="button" className="icon-button volume-control" onClick={toggleMute} aria-label={muted ? t('Unmute') : t('Mute')} aria-pressed={muted}>
        <Icon name={muted || volume === 0 ? 'mute' : 'volume'} />
      </button>
      <input
        className="volume-control"
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={muted ? 0 : volume}
        aria-label={t('Volume')}
        onChange={(e) => setVolume(Number(e.currentTarget.value))}
      />
    </>
  );
}
