import { useEffect, useRef, useState, type ReactNode } from 'react';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { activeLine } from '../../lib/lyrics.ts';
import type { QueueItem } from '../../stores/player.atoms.ts';
import PlayerIcon from './PlayerIcon.tsx';
import PlayerTrackActions from './PlayerTrackActions.tsx';
import ArtistLinks from '../ArtistLinks.tsx';

const lyricsOf = (trackId: number, signal: AbortSignal) => ok(islandApi.tracks[':id'].lyrics.$get({ param: { id: String(trackId) } }, { init: { signal } }));

type LyricsState = { trackId: number; status: 'loading' | 'none' | 'error' } | { trackId: number; status: 'ready'; lyrics: Awaited<ReturnType<typeof lyricsOf>>['lyrics'] };

interface Props {
  track: QueueItem;
  /** Seconds into the track. */
  position: number;
  lines: Lines;
  onClose: (returnFocus: boolean) => void;
  /** The player's own controls and seek bar, shown here on small screens where the bar hides them. */
  controls: ReactNode;
  seekBar: ReactNode;
}

/** The playing track large, with its lyrics; synced lyrics follow the music. */
export default function NowPlaying({ track, position, lines, onClose, controls, seekBar }: Props) {
  const t = translator(lines);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      id="now-playing"
      className="player-panel now-playing"
      aria-labelledby="now-playing-title"
    >
      <header className="player-panel-header">
        <h2 id="now-playing-title" ref={headingRef} tabIndex={-1}>
          {t('Now playing')}
        </h2>
        <div className="spacer" />
        <button type="button" className="icon-button" onClick={() => onClose(true)} aria-label={t('Close now playing')}>
          <PlayerIcon name="collapse" />
        </button>
      </header>
      <div className="now-playing-body">
        <div className="now-playing-track">
          {track.image ? <img className="now-playing-cover" src={track.image} alt="" width={360} height={360} /> : <div className="now-playing-cover placeholder" />}
          <div className="now-playing-title" data-testid="now-playing-title">
            {track.album ? <a href={track.album.url}>{track.name}</a> : track.name}
          </div>
          <div className="now-playing-artists">
            <ArtistLinks artists={track.artists} />
          </div>
          <PlayerTrackActions track={track} lines={lines} placement="now-playing" />
          <div className="now-playing-controls">
            {seekBar}
            {controls}
          </div>
        </div>
        <Lyrics trackId={track.id} position={position} lines={lines} />
      </div>
    </section>
  );
}

/** Lyrics of a track, synced lines following `position` (seconds); also used by the /lyrics page. */
export function Lyrics({ trackId, position, lines: strings }: { trackId: number; position: number; lines: Lines }) {
  const t = translator(strings);
  const [state, setState] = useState<LyricsState>({ trackId, status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState({ trackId, status: 'loading' });
    lyricsOf(trackId, controller.signal)
      .then((data) => setState({ trackId, status: 'ready', lyrics: data.lyrics }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ trackId, status: error instanceof HttpError && error.status === 404 ? 'none' : 'error' });
      });
    return () => controller.abort();
  }, [trackId, attempt]);

  const synced = state.status === 'ready' && state.lyrics.is_synced && state.lyrics.lines?.length ? state.lyrics.lines : null;
  const active = synced ? activeLine(synced, position * 1000) : -1;

  // Keeps the sung line in the middle of whatever scrolls: the lyrics box on wide screens, the
  // whole view on narrow ones. Never the page behind (scrollIntoView would move it too).
  useEffect(() => {
    const box = containerRef.current;
    const line = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !line) return;
    const scroller = box.scrollHeight > box.clientHeight ? box : box.closest<HTMLElement>('.now-playing-body');
    if (!scroller) return;
    const offset = line.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    scroller.scrollTo({ top: offset - scroller.clientHeight / 2 + line.offsetHeight / 2, behavior: reduced ? 'auto' : 'smooth' });
  }, [active]);

  let content: ReactNode;
  if (state.status === 'loading' || state.trackId !== trackId) content = <p className="lyrics-message">{t('Loading lyrics…')}</p>;
  else if (state.status === 'none') content = <p className="lyrics-message">{t('This track has no lyrics.')}</p>;
  else if (state.status === 'error')
    content = (
      <p className="lyrics-message">
        {t('The lyrics could not be loaded.')}{' '}
        <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
          {t('Retry')}
        </button>
      </p>
    );
  else if (synced)
    content = (
      <ol className="lyrics-lines" data-testid="synced-lyrics">
        {synced.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a lyric's lines never change order, and the same line can come twice
          <li key={i} className={i === active ? 'active' : i < active ? 'past' : undefined} aria-current={i === active ? 'true' : undefined}>
            {line.text || '♪'}
          </li>
        ))}
      </ol>
    );
  else if (state.status === 'ready') content = <div className="lyrics-plain">{state.lyrics.text}</div>;

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the lyrics scroll, and a scrolling region must be reachable with the keyboard
    // biome-ignore lint/a11y/useSemanticElements: kept a div so the lyrics' styles and tests stay as they are; role=region is what a section would give
    <div className="lyrics" ref={containerRef} aria-label={t('Lyrics')} role="region" tabIndex={0}>
      {content}
    </div>
  );
}
