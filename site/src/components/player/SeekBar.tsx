import './SeekBar.css';
import { useState, type CSSProperties } from 'react';
import { formatDuration } from '@app/shared/format/duration';
import { translator, type Lines } from '../../lib/i18n.ts';

interface Props {
  position: number;
  duration: number;
  /** End of the buffered range around the position, in seconds. */
  buffered: number;
  disabled: boolean;
  onSeek: (seconds: number) => void;
  lines: Lines;
}

/**
 * A native range input (keyboard, screen readers and touch for free) whose track is painted with
 * the played part, the buffered part ahead of it, and the rest.
 */
export default function SeekBar({ position, duration, buffered, disabled, onSeek, lines }: Props) {
  const t = translator(lines);
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = dragging ?? position;
  const percent = (seconds: number) => (duration > 0 ? Math.max(0, Math.min(100, (seconds / duration) * 100)) : 0);
  const commit = (value: number) => {
    onSeek(value);
    setDragging(null);
  };
  const style = { '--played': `${percent(shown)}%`, '--buffered': `${Math.max(percent(shown), percent(buffered))}%` } as CSSProperties;

  return (
    <div className="seekbar">
      <span>{formatDuration(shown * 1000)}</span>
      <input
        type="range"
        className="seek-input"
        style={style}
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(shown, duration || 0)}
        disabled={disabled || !duration}
        aria-label={t('Seek')}
        aria-valuetext={`${formatDuration(shown * 1000)} / ${formatDuration(duration * 1000)}`}
        data-buffered={Math.round(percent(buffered))}
        onChange={(e) => {
          const value = Number(e.currentTarget.value);
          // Pointer drags preview until release; keys seek straight away.
          if (dragging === null && !e.currentTarget.matches(':active')) commit(value);
          else setDragging(value);
        }}
        onPointerDown={(e) => setDragging(Number(e.currentTarget.value))}
        onPointerUp={(e) => commit(Number(e.currentTarget.value))}
        onPointerCancel={() => setDragging(null)}
      />
      <span>{formatDuration(duration * 1000)}</span>
    </div>
  );
}
