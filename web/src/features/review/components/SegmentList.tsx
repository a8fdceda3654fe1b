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

export function SegmentList({ ids, rows, numbers, activeId, readOnly, shortcodes, actions, onApproveNext, onStep, height }: SegmentListProps) {
  const viewport = useRef<HTMLDivElement>(null);
  // The virtualizer's methods are not memoizable, so the compiler leaves this component as written.
  // eslint-disable-next-line react-hooks/incompatible-library
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
    const focus = () => {
      const field = viewport.current?.querySelector<HTMLTextAreaElement>(`[data-segment-field="${activeId}"]`);
      if (field == null || field === document.activeElement) return;
      field.focus({ preventScroll: true });
      field.setSelectionRange(field.value.length, field.value.length);
    };
    requestAnimationFrame(focus);
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
