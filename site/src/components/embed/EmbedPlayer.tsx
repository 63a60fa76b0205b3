import '../player/player-error.css';
import './EmbedPlayer.css';
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '@app/shared/format/duration';
import { translator, type Lines } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { QueueTrack } from '../../stores/player.atoms.ts';
import Icon from '../Icon.tsx';

interface Props {
  tracks: QueueTrack[];
  title: string;
  subtitle: string;
  image: string | null;
  /** The full page on the site, opened in a new tab. */
  href: string;
  lines: Lines;
}

/**
 * The compact player shown inside other sites' iframes. It owns its own <audio>: an embed is a
 * page of its own, without the site's shell or its persistent player.
 */
export default function EmbedPlayer({ tracks, title, subtitle, image, href, lines }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const track = tracks[index];

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !track?.stream_url) return;
    if (audio.getAttribute('src') !== track.stream_url) {
      audio.src = track.stream_url;
      setPosition(0);
      setDuration(track.duration ? track.duration / 1000 : 0);
    }
  }, [track]);

  const play = (at = index) => {
    const audio = audioRef.current;
    if (!audio) return;
    setError(null);
    if (at !== index) {
      setIndex(at);
      const next = tracks[at];
      if (next?.stream_url) audio.src = next.stream_url;
    }
    audio.play().catch(() => setError(t('This track could not be played.')));
  };

  return (
    <div className="embed">
      <audio
        ref={audioRef}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        onDurationChange={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
        onEnded={() => (index < tracks.length - 1 ? play(index + 1) : setPlaying(false))}
        onError={() => setError(t('This track could not be played.'))}
      />
      <div className="embed-header">
        {image ? <img src={image} alt="" width={120} height={120} /> : <div className="embed-cover" />}
        <div className="embed-info">
          <a className="embed-title" href={href} target="_blank" rel="noopener">
            {title}
          </a>
          <div className="muted">{subtitle}</div>
          <div className="embed-controls">
            <button type="button" className="icon-button play" disabled={!hydrated || !track?.stream_url} onClick={() => (playing ? audioRef.current?.pause() : play())} aria-label={playing ? t('Pause') : t('Play')}>
              <Icon name={playing ? 'pause' : 'play'} />
            </button>
            <input
              type="range"
              min={0}
              max={duration || 0}
              step={0.1}
              value={Math.min(position, duration || 0)}
              aria-label={t('Seek')}
              aria-valuetext={`${formatDuration(position * 1000)} / ${formatDuration(duration * 1000)}`}
              disabled={!hydrated || !duration}
              onChange={(e) => {
                if (audioRef.current) audioRef.current.currentTime = Number(e.currentTarget.value);
              }}
            />
            <span className="muted">{formatDuration(position * 1000)}</span>
          </div>
          {error && (
            <div className="player-error" role="alert">
              {error}
            </div>
          )}
        </div>
      </div>
      {tracks.length > 1 && (
        <ol className="embed-tracks">
          {tracks.map((item, i) => (
            <li key={item.id} className={i === index ? 'active' : undefined}>
              <button type="button" disabled={!hydrated} onClick={() => play(i)} aria-current={i === index ? 'true' : undefined}>
                <span className="muted">{i + 1}</span>
                <span className="embed-track-name">{item.name}</span>
                <span className="muted">{formatDuration(item.duration)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
