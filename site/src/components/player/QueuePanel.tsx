import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { clearQueue, moveInQueue, playQueueIndex, queueStateAtom, removeFromQueue } from '../../stores/player.atoms.ts';
import PlayerIcon from './PlayerIcon.tsx';

interface Props {
  lines: Lines;
  onClose: (returnFocus: boolean) => void;
}

interface Drag {
  from: number;
  to: number;
  offset: number;
}

/**
 * The queue: the current track highlighted, rows that play on click, reordering by dragging the
 * handle (pointer events, so mouse, pen and touch alike) or with the move buttons from the
 * keyboard, and removing. Changes are announced for screen readers.
 */
export default function QueuePanel({ lines, onClose }: Props) {
  const t = translator(lines);
  const { items, index } = useAtomValue(queueStateAtom);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dragStart = useRef<{ y: number; middles: number[] } | null>(null);
  const dragRef = useRef<Drag | null>(null);
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

  // The drag lives in a ref for the handlers (pointer moves can outrun renders) and in state for painting.
  const showDrag = (value: Drag | null) => {
    dragRef.current = value;
    setDrag(value);
  };

  const onHandleDown = (event: ReactPointerEvent<HTMLElement>, position: number) => {
    if (event.button !== 0 || !listRef.current) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const rows = [...listRef.current.children] as HTMLElement[];
    dragStart.current = { y: event.clientY, middles: rows.map((row) => row.getBoundingClientRect()).map((r) => r.top + r.height / 2) };
    showDrag({ from: position, to: position, offset: 0 });
  };

  const onHandleMove = (event: ReactPointerEvent<HTMLElement>) => {
    const start = dragStart.current;
    const current = dragRef.current;
    if (!current || !start) return;
    const y = event.clientY;
    let to = current.from;
    start.middles.forEach((middle, i) => {
      if (i < current.from && y < middle) to = Math.min(to, i);
      if (i > current.from && y > middle) to = Math.max(to, i);
    });
    showDrag({ ...current, to, offset: y - start.y });
  };

  const onHandleUp = () => {
    const current = dragRef.current;
    if (current && current.to !== current.from) move(current.from, current.to, false);
    dragStart.current = null;
    showDrag(null);
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
        <ol className={`queue-list${drag ? ' sorting' : ''}`} ref={listRef} aria-labelledby="player-queue-title">
          {items.map((item, i) => {
            const current = i === index;
            const dragged = drag?.from === i;
            const dropHere = drag && drag.to === i && drag.to !== drag.from ? (drag.to < drag.from ? ' drop-before' : ' drop-after') : '';
            return (
              <li
                key={item.queueId}
                data-queue-id={item.queueId}
                data-testid="queue-item"
                className={`queue-item${current ? ' current' : ''}${dragged ? ' dragging' : ''}${dropHere}`}
                aria-current={current ? 'true' : undefined}
                style={dragged ? { transform: `translateY(${drag.offset}px)` } : undefined}
              >
                <span
                  className="drag-handle"
                  aria-hidden="true"
                  title={t('Drag to reorder')}
                  onPointerDown={(event) => onHandleDown(event, i)}
                  onPointerMove={onHandleMove}
                  onPointerUp={onHandleUp}
                  onPointerCancel={() => showDrag(null)}
                >
                  <PlayerIcon name="drag" />
                </span>
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
                <button
                  type="button"
                  className="icon-button small"
                  data-action="down"
                  disabled={i === items.length - 1}
                  onClick={() => move(i, i + 1, true)}
                  aria-label={t('Move :name down', { name: item.name })}
                >
                  <PlayerIcon name="down" />
                </button>
                <button type="button" className="icon-button small" data-action="remove" onClick={() => remove(i)} aria-label={t('Remove :name from the queue', { name: item.name })}>
                  <PlayerIcon name="remove" />
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </aside>
  );
}
