import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { clearQueue, moveInQueue, playQueueIndex, queueStateAtom, removeFromQueue, type QueueItem } from '../../stores/player.atoms.ts';
import SortableList, { DragHandle, useSortableRow } from '../SortableList.tsx';
import PlayerIcon from './PlayerIcon.tsx';

interface Props {
  lines: Lines;
  onClose: (returnFocus: boolean) => void;
}

/**
 * The queue: the current track highlighted, rows that play on click, reordering by dragging the
 * handle (mouse, touch or keyboard: `SortableList`) or with the move buttons, and removing.
 * Changes are announced for screen readers.
 */
export default function QueuePanel({ lines, onClose }: Props) {
  const t = translator(lines);
  const { items, index } = useAtomValue(queueStateAtom);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** After a keyboard move the row is re-inserted, which drops focus: put it back. */
  const refocus = useRef<{ queueId: number; action: 'up' | 'down' | 'remove' } | null>(null);

  useEffect(() => {
    headingRef.current?.focus();
    const current = listRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
    if (current && listRef.current) listRef.current.scrollTop = current.offsetTop - listRef.current.clientHeight / 3;
  }, []);

  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !listRef.current) return;
    refocus.current = null;
    const row = listRef.current.querySelector<HTMLElement>(`[data-queue-id="${wanted.queueId}"]`);
    const preferred = row?.querySelector<HTMLButtonElement>(`[data-action="${wanted.action}"]:not(:disabled)`);
    const fallback = row?.querySelector<HTMLButtonElement>('[data-action="up"]:not(:disabled), [data-action="down"]:not(:disabled)');
    (preferred ?? fallback ?? headingRef.current)?.focus();
  }, [items]);

  const move = (from: number, to: number, viaKeyboard: boolean) => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from];
    if (viaKeyboard) refocus.current = { queueId: item.queueId, action: to < from ? 'up' : 'down' };
    moveInQueue(from, to);
    setAnnouncement(t(':name moved to position :position of :total.', { name: item.name, position: to + 1, total: items.length }));
  };

  const remove = (position: number) => {
    const item = items[position];
    // Focus goes to the row that takes its place, or the one before at the end.
    const neighbour = items[position + 1] ?? items[position - 1];
    if (neighbour) refocus.current = { queueId: neighbour.queueId, action: 'remove' };
    removeFromQueue(item.queueId);
    setAnnouncement(t(':name removed from the queue.', { name: item.name }));
    if (!neighbour) headingRef.current?.focus();
  };

  return (
    <aside
      id="player-queue"
      className="player-panel queue-panel"
      aria-labelledby="player-queue-title"
    >
      <header className="player-panel-header">
        <h2 id="player-queue-title" ref={headingRef} tabIndex={-1}>
          {t('Queue')}
        </h2>
        {items.length > 0 && <span className="queue-count">{items.length === 1 ? t('1 track') : t(':count tracks', { count: items.length })}</span>}
        <div className="spacer" />
        {items.length > 0 && (
          <button
            type="button"
            className="button"
            onClick={() => {
              clearQueue();
              setAnnouncement(t('The queue is empty.'));
              headingRef.current?.focus();
            }}
          >
            {t('Clear queue')}
          </button>
        )}
        <button type="button" className="icon-button" onClick={() => onClose(true)} aria-label={t('Close queue')}>
          <PlayerIcon name="close" />
        </button>
      </header>
      {items.length === 0 ? (
        <p className="player-panel-empty">{t('Your queue is empty. Use "Play next" or "Add to queue" on any track.')}</p>
      ) : (
        <SortableList ids={items.map((item) => item.queueId)} nameOf={(id) => items.find((item) => item.queueId === id)?.name ?? ''} onMove={(from, to) => move(from, to, false)} lines={lines}>
          <ol className="queue-list" ref={listRef} aria-labelledby="player-queue-title">
            {items.map((item, i) => (
              <QueueRow key={item.queueId} item={item} position={i} current={i === index} last={i === items.length - 1} t={t} move={move} remove={remove} />
            ))}
          </ol>
        </SortableList>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </aside>
  );
}

interface RowProps {
  item: QueueItem;
  position: number;
  current: boolean;
  last: boolean;
  t: ReturnType<typeof translator>;
  move: (from: number, to: number, viaKeyboard: boolean) => void;
  remove: (position: number) => void;
}

function QueueRow({ item, position: i, current, last, t, move, remove }: RowProps) {
  const row = useSortableRow(item.queueId);
  return (
    <li
      {...row.rowProps}
      data-queue-id={item.queueId}
      data-testid="queue-item"
      className={`queue-item${current ? ' current' : ''}${row.isDragging ? ' dragging' : ''}`}
      aria-current={current ? 'true' : undefined}
    >
      <DragHandle handle={row.handle} label={t('Reorder :name', { name: item.name })} />
      <button type="button" className="queue-play" onClick={() => playQueueIndex(i)} aria-label={current ? t('Now playing: :name', { name: item.name }) : t('Play :name', { name: item.name })}>
        {item.image ? <img src={item.image} alt="" width={40} height={40} loading="lazy" /> : <span className="placeholder" />}
        <span className="queue-names">
          <span className="queue-name">{item.name}</span>
          <span className="queue-artists">{item.artists.map((a) => a.name).join(', ')}</span>
        </span>
      </button>
      <button type="button" className="icon-button small" data-action="up" disabled={i === 0} onClick={() => move(i, i - 1, true)} aria-label={t('Move :name up', { name: item.name })}>
        <PlayerIcon name="up" />
      </button>
      <button type="button" className="icon-button small" data-action="down" disabled={last} onClick={() => move(i, i + 1, true)} aria-label={t('Move :name down', { name: item.name })}>
        <PlayerIcon name="down" />
      </button>
      <button type="button" className="icon-button small" data-action="remove" onClick={() => remove(i)} aria-label={t('Remove :name from the queue', { name: item.name })}>
        <PlayerIcon name="remove" />
      </button>
    </li>
  );
}
