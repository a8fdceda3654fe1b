import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import type { Segment } from '../api';
import { ORIGIN_LABELS } from '../labels';
import { MarkedText } from './MarkedText';
import { QaFlags, StatusBadge } from './SegmentBadges';
import { SegmentEditor } from './SegmentEditor';
import classes from './SegmentTable.module.css';

/** Every row has this height, so the rows on screen follow from the scroll offset alone. */
export const ROW_HEIGHT = 92;
/** The one open row (full text and editor) is this tall. */
export const OPEN_ROW_HEIGHT = 300;
const OVERSCAN = 6;
const HEADER_HEIGHT = 38;
/** Used until the viewport is measured (and in tests, where nothing is laid out). */
const DEFAULT_VIEWPORT = 640;
const MIN_WIDTH = 960;

interface SegmentTableProps {
  segments: readonly Segment[];
  /** Saves one edited target; resolves when the server accepted it. */
  onSave: (segment: Segment, target: string) => Promise<void>;
  height: number | string;
}

/**
 * A windowed grid: only the rows in view (plus a few) are in the DOM, so a job with thousands of
 * segments scrolls as fast as one with ten. One row at a time can be opened to read the whole
 * text and edit the target.
 */
export function SegmentTable({ segments, onSave, height }: SegmentTableProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(DEFAULT_VIEWPORT);
  const [openId, setOpenId] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (element === null) return;
    const measure = () => {
      if (element.clientHeight > 0) setViewportHeight(element.clientHeight);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const openIndex = openId === null ? -1 : segments.findIndex((segment) => segment.id === openId);
  const extra = openIndex === -1 ? 0 : OPEN_ROW_HEIGHT - ROW_HEIGHT;
  const top = (index: number) => index * ROW_HEIGHT + (openIndex !== -1 && index > openIndex ? extra : 0);
  const indexAt = (offset: number) => {
    const openEnd = openIndex === -1 ? Infinity : top(openIndex) + OPEN_ROW_HEIGHT;
    return Math.floor((offset > openEnd ? offset - extra : offset) / ROW_HEIGHT);
  };
  const first = Math.max(0, indexAt(scrollTop) - OVERSCAN);
  const last = Math.min(segments.length, indexAt(scrollTop + viewportHeight) + OVERSCAN + 1);
  const totalHeight = segments.length * ROW_HEIGHT + extra;

  const visible = [];
  for (let index = first; index < last; index += 1) {
    const segment = segments[index];
    if (segment === undefined) continue;
    const open = segment.id === openId;
    visible.push(
      <div
        key={segment.id}
        role="row"
        aria-rowindex={index + 2}
        className={`${classes.grid} ${classes.row} ${index % 2 === 1 ? classes.striped : ''} ${open ? classes.open : ''}`}
        style={{ top: top(index) + HEADER_HEIGHT, height: open ? OPEN_ROW_HEIGHT : ROW_HEIGHT }}
      >
        {open ? (
          <OpenRow segment={segment} onClose={() => setOpenId(null)} onSave={onSave} />
        ) : (
          <ClosedRow segment={segment} onOpen={() => setOpenId(segment.id)} />
        )}
      </div>,
    );
  }

  return (
    <div
      ref={viewport}
      className={classes.viewport}
      style={{ height }}
      onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div
        role="table"
        aria-label="Segments"
        aria-rowcount={segments.length + 1}
        style={{ position: 'relative', minWidth: MIN_WIDTH, height: totalHeight + HEADER_HEIGHT }}
      >
        <div role="row" aria-rowindex={1} className={`${classes.grid} ${classes.header}`} style={{ height: HEADER_HEIGHT }}>
          {['#', 'Context', 'Source', 'Machine translation', 'Target', 'Origin', 'Status', 'QA'].map((header) => (
            <div key={header} role="columnheader" className={classes.cell}>
              {header}
            </div>
          ))}
        </div>
        {visible}
      </div>
    </div>
  );
}

function ClosedRow({ segment, onOpen }: { segment: Segment; onOpen: () => void }) {
  return (
    <>
      <Cell>
        <Text size="sm" c="dimmed">
          {segment.position + 1}
        </Text>
        {segment.translatable && (
          <Tooltip label="Edit target">
            <ActionIcon variant="subtle" mt={4} aria-label={`Edit segment ${segment.position + 1}`} onClick={onOpen}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Cell>
      <Cell>
        <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }} title={segment.resname ?? undefined}>
          {segment.resname ?? segment.unit_id}
        </Text>
      </Cell>
      <Cell>
        <MarkedText text={segment.source} lines={3} />
      </Cell>
      <Cell>
        <MarkedText text={segment.mt_target} lines={3} />
      </Cell>
      <Cell>
        <MarkedText text={segment.target} lines={3} />
      </Cell>
      <Cell>
        <Text size="xs">{ORIGIN_LABELS[segment.origin]}</Text>
      </Cell>
      <Cell>
        <StatusBadge segment={segment} />
      </Cell>
      <Cell>
        <QaFlags segment={segment} compact />
      </Cell>
    </>
  );
}

function OpenRow({
  segment,
  onClose,
  onSave,
}: {
  segment: Segment;
  onClose: () => void;
  onSave: SegmentTableProps['onSave'];
}) {
  return (
    <>
      <Cell>
        <Text size="sm" c="dimmed">
          {segment.position + 1}
        </Text>
        <Tooltip label="Close">
          <ActionIcon variant="subtle" color="gray" mt={4} aria-label="Close editor" onClick={onClose}>
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      </Cell>
      <Cell>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {segment.resname ?? segment.unit_id}
        </Text>
      </Cell>
      <div className={classes.cell} role="cell" style={{ gridColumn: '3 / 9', height: OPEN_ROW_HEIGHT - 16, overflow: 'auto' }}>
        <SegmentEditor segment={segment} onSave={(target) => onSave(segment, target).then(onClose)} onCancel={onClose} />
      </div>
    </>
  );
}

function Cell({ children }: { children: ReactNode }) {
  return (
    <div role="cell" className={classes.cell}>
      {children}
    </div>
  );
}
