import { Provider, useAtomValue } from 'jotai';
import { translator, type Lines } from '../../lib/i18n.ts';
import { currentTrackAtom, positionAtom } from '../../stores/player.atoms.ts';
import { appStore } from '../../stores/store.ts';
import { Lyrics } from './NowPlaying.tsx';
import ArtistLinks from '../ArtistLinks.tsx';

/** The /lyrics page: the words of whatever is playing, synced lines following the music. */
export default function LyricsPage({ lines }: { lines: Lines }) {
  return (
    <Provider store={appStore}>
      <Page lines={lines} />
    </Provider>
  );
}

function Page({ lines }: { lines: Lines }) {
  const t = translator(lines);
  const track = useAtomValue(currentTrackAtom);
  const position = useAtomValue(positionAtom);
  if (!track) return <p className="muted empty-state">{t('Play something to see its lyrics here.')}</p>;
  return (
    <div className="lyrics-page">
      <div className="lyrics-page-track">
        {track.image && <img src={track.image} alt="" width={64} height={64} />}
        <div>
          <div className="track-name" data-testid="lyrics-track">
            {track.name}
          </div>
          <div className="muted">
            <ArtistLinks artists={track.artists} />
          </div>
        </div>
      </div>
      <Lyrics trackId={track.id} position={position} lines={lines} />
    </div>
  );
}
