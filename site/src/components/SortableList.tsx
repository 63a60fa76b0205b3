import './SortableList.css';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { translator, type Lines } from '../lib/i18n.ts';
import PlayerIcon from './player/PlayerIcon.tsx';

/** Rows only move up and down. */
const alongTheList: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface Props {
  /** The rows' ids, in order. */
  ids: UniqueIdentifier[];
  /** What a row is called, for what screen readers are told. */
  nameOf: (id: UniqueIdentifier) => string;
  /** A row was dropped at another position; the list announces the move itself. */
  onMove: (from: number, to: number) => void;
  lines: Lines;
  /** The rows, each built with `useSortableRow` and holding a `DragHandle`. */
  children: ReactNode;
}

/**
 * A list reordered by dragging rows by their handle: with the mouse, by touch, or from the
 * keyboard (Space or Enter on the handle picks the row up, the arrows move it, Space or Enter
 * drops it, Escape puts it back), with every step told to screen readers. Used by the play queue
 * and by playlists; the rows can be list items or table rows.
 */
export default function SortableList({ ids, nameOf, onMove, lines, children }: Props) {
  const t = translator(lines);
  // Stable ids for the ARIA links dnd-kit makes, so the server's markup and hydration agree.
  const id = useId();
  const sensors = useSensors(
    // A click on the handle stays a click until the pointer really moves (mouse and pen).
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // The handle does not scroll the page (touch-action: none), so a finger drags it at once.
    useSensor(TouchSensor, { activationConstraint: { distance: 4 } }),
    // Keyboard moves scroll at once: a smooth scroll would swallow a quick second arrow press.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const [dragging, setDragging] = useState(false);
  /** Whether the dragged row has been over another one yet. */
  const left = useRef(false);

  // Escape during a drag only puts the row back: it must not also close what holds the list (the
  // queue panel closes on an Escape that nothing else used).
  useEffect(() => {
    if (!dragging) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [dragging]);

  const where = (row: UniqueIdentifier) => ({ name: nameOf(row), position: ids.indexOf(row) + 1, total: ids.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      left.current = false;
      return t('Picked up :name at position :position of :total.', where(active.id));
    },
    onDragOver: ({ active, over }) => {
      // A drag starts over its own row: that is not news until the row has left it.
      if (!over || (over.id === active.id && !left.current)) return undefined;
      left.current = true;
      return t(':name is over position :position of :total.', { ...where(over.id), name: nameOf(active.id) });
    },
    // A move is announced by the list, as for its move buttons.
    onDragEnd: ({ active, over }) => (over && over.id !== active.id ? undefined : t(':name was dropped where it was.', where(active.id))),
    onDragCancel: ({ active }) => t(':name went back to position :position of :total.', where(active.id)),
  };

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[alongTheList]}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('To move this row, press Space or Enter, then the up and down arrows; Space or Enter drops it, Escape puts it back.') },
      }}
      onDragStart={() => setDragging(true)}
      onDragCancel={() => setDragging(false)}
      onDragEnd={({ active, over }) => {
        setDragging(false);
        if (over && over.id !== active.id) onMove(ids.indexOf(active.id), ids.indexOf(over.id));
      }}
    >
      <SortableContext id={`${id}-rows`} items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One row of a `SortableList`: `rowProps` go on the row (it follows the drag), `handle` to its `DragHandle`. */
export function useSortableRow(id: UniqueIdentifier, disabled = false) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return {
    isDragging,
    rowProps: { ref: setNodeRef, style: { transform: CSS.Translate.toString(transform), transition } },
    handle: { ref: setActivatorNodeRef, ...attributes, ...listeners },
  };
}

/** `useSortableRow` for rows written inline in a list's markup: `{(row) => <tr {...row.rowProps}>…</tr>}`. */
export function SortableRow({ id, disabled, children }: { id: UniqueIdentifier; disabled?: boolean; children: (row: ReturnType<typeof useSortableRow>) => ReactNode }) {
  return children(useSortableRow(id, disabled));
}

/**
 * The grip a row is dragged by; `label` names it for screen readers ("Reorder X"). A plain button:
 * dnd-kit's untranslated "sortable" role description would replace that word.
 */
export function DragHandle({ handle, label, disabled }: { handle: ReturnType<typeof useSortableRow>['handle']; label: string; disabled?: boolean }) {
  return (
    <button type="button" className="drag-handle" {...handle} aria-roledescription={undefined} aria-label={label} title={label} disabled={disabled}>
      <PlayerIcon name="drag" />
    </button>
  );
}
