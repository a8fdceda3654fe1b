// The page's segments as a windowed list: only the rows in view are in the DOM (rows differ in
// height and are measured as they render), so a page of thousands of segments opens and types as
// fast as one of ten. Keyboard: Alt+↓/Alt+↑ open the next/previous segment, Ctrl+Enter approves
// the open one and goes to the next.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Shortcodes } from '../../../components/markup';
import type { Rows } from '../useReviewRows';
import classes from './SegmentList.module.css';
import { SegmentRow, type RowActions } from './SegmentRow';

interface SegmentListProps {
  ids: readonly number[];
  rows: Rows;
  /** Each segment's number on the page (1-based, in page order). */
  numbers: ReadonlyMap<number, number>;
  activeId: number | null;
  readOnly: boolean;
  shortcodes: Shortcodes;
  actions: RowActions;
  /** Approves the open segment and opens the next one. */
  onApproveNext: () => void;
  onStep: (delta: 1 | -1) => void;
  height: string;
}

/** Estimated before a row is measured; the open row is taller. */
const ROW_ESTIMATE = 84;
const OPEN_ESTIMATE = 360;

/**
 * Scrolls the list so that the open row's header shows at its top when the row is cut off, and
 * in any case its translation field, then the page so that the field is on screen (a phone shows
 * less than the list's height).
 */
function keepInView(list: HTMLElement, field: HTMLElement) {
  const row = field.closest<HTMLElement>('[data-segment]');
  const pane = list.getBoundingClientRect();
  if (row !== null) {
    const box = row.getBoundingClientRect();
    if (box.top < pane.top || box.bottom > pane.bottom) list.scrollTop += box.top - pane.top;
  }
  const box = field.getBoundingClientRect();
  if (box.bottom > pane.bottom) list.scrollTop += box.bottom - pane.bottom + 8;
  if (box.top < pane.top) list.scrollTop -= pane.top - box.top + 8;
  field.scrollIntoView({ block: 'nearest' });
}

export function SegmentList({ ids, rows, numbers, activeId, readOnly, shortcodes, actions, onApproveNext, onStep, height }: SegmentListProps) {
  const viewport = useRef<HTMLDivElement>(null);
  // The virtualizer's methods are not memoizable, so the compiler leaves this component as written.
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => viewport.current,
    estimateSize: (index) => (ids[index] === activeId ? OPEN_ESTIMATE : ROW_ESTIMATE),
    getItemKey: (index) => ids[index] ?? index,
    overscan: 4,
    // Until the viewport is measured (and in tests, where nothing is laid out).
    initialRect: { width: 800, height: 720 },
  });

  // The open segment is scrolled into view and its field focused whenever it changes.
  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);
  useEffect(() => {
    if (activeIndex === -1) return;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
    // The row is rendered and measured a frame or two after the scroll: wait for its field.
    let frames = 0;
    let request = requestAnimationFrame(function reveal() {
      const list = viewport.current;
      const field = list?.querySelector<HTMLTextAreaElement>(`[data-segment-field="${activeId}"]`);
      if (list == null || field == null) {
        if ((frames += 1) < 10) request = requestAnimationFrame(reveal);
        return;
      }
      keepInView(list, field);
      if (field !== document.activeElement) {
        field.focus({ preventScroll: true });
        field.setSelectionRange(field.value.length, field.value.length);
      }
    });
    return () => cancelAnimationFrame(request);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another segment opens
  }, [activeId]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      onStep(event.key === 'ArrowDown' ? 1 : -1);
    } else if ((event.ctrlKey || event.metaKey) && event.key === 'Enter' && !readOnly) {
      event.preventDefault();
      onApproveNext();
    }
  };

  return (
    <div ref={viewport} className={classes.viewport} style={{ height }} onKeyDown={onKeyDown}>
      <div role="list" aria-label="Segments" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index];
          const row = id === undefined ? undefined : rows.get(id);
          if (id === undefined || row === undefined) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={classes.row}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <SegmentRow
                row={row}
                number={numbers.get(id) ?? item.index + 1}
                active={id === activeId}
                readOnly={readOnly}
                shortcodes={shortcodes}
                actions={actions}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
