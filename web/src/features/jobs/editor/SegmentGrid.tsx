// The job's segments, source and target side by side, windowed: only the rows in view are in
// the DOM. The open row shows the whole texts and, in place of the target, the editor its owner
// renders; it measures itself, so the rows below it move down by what it needs.
import { Badge, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconPencil } from '@tabler/icons-react';
import { memo, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MarkedText, segmentShortcodes, type Shortcodes } from '../../../components/markup';
import { openWarnings, type Segment } from '../api';
import { isDraft, STATUS_LABELS } from '../labels';
import type { FieldGroup } from '../segmentFilter';
import type { JobTerm } from '../termHighlight';
import { termRenderer } from '../components/TermText';
import classes from './Editor.module.css';
import type { SaveProblem } from './useSegmentSaves';
import { useRowWindow } from './useRowWindow';

const ROW_HEIGHT = 84;
const PHONE_ROW_HEIGHT = 150;
const HEADER_HEIGHT = 36;

interface SegmentGridProps {
  rows: readonly Segment[];
  /** When grouped by field: the heading of each group, by the id of its first segment. */
  groups: ReadonlyMap<number, FieldGroup>;
  openId: number | null;
  problems: ReadonlyMap<number, SaveProblem>;
  /** The job's list (`JobDetail.shortcodes`). */
  shortcodes: Shortcodes;
  terms: readonly JobTerm[];
  onOpen: (id: number) => void;
  /** The open row's target cell: the editor. */
  renderOpen: (segment: Segment) => ReactNode;
}

export function SegmentGrid({ rows, groups, openId, problems, shortcodes, terms, onOpen, renderOpen }: SegmentGridProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const rowHeight = phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  const [openHeight, setOpenHeight] = useState(rowHeight * 3);
  const openIndex = openId === null ? -1 : rows.findIndex((segment) => segment.id === openId);
  const { viewport, onScroll, first, last, top, totalHeight } = useRowWindow(rows.length, openIndex, rowHeight, openHeight);
  const renderText = useMemo(() => termRenderer(terms), [terms]);

  const visible: ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    const segment = rows[index];
    if (segment === undefined) continue;
    const problem = problems.get(segment.id);
    const tags = segmentShortcodes(segment.markup, shortcodes);
    visible.push(
      index === openIndex ? (
        <OpenRow
          key={segment.id}
          index={index}
          top={top(index) + HEADER_HEIGHT}
          minHeight={rowHeight}
          onHeight={setOpenHeight}
        >
          <NumberCell segment={segment} problem={problem} />
          <div role="cell" className={classes.cell}>
            <FieldLabel segment={segment} group={groups.get(segment.id)} />
            <MarkedText text={segment.source} shortcodes={tags} renderText={renderText} />
          </div>
          <div role="cell" className={classes.cell}>
            {renderOpen(segment)}
          </div>
        </OpenRow>
      ) : (
        <ClosedRow
          key={segment.id}
          index={index}
          top={top(index) + HEADER_HEIGHT}
          height={rowHeight}
          segment={segment}
          group={groups.get(segment.id)}
          tags={tags}
          problem={problem}
          renderText={renderText}
          onOpen={onOpen}
        />
      ),
    );
  }

  return (
    <div ref={viewport} className={classes.viewport} onScroll={onScroll} data-segment-viewport>
      <div role="table" aria-label="Segments" aria-rowcount={rows.length + 1} style={{ position: 'relative', height: totalHeight + HEADER_HEIGHT }}>
        <div role="row" aria-rowindex={1} className={`${classes.grid} ${classes.header}`} style={{ height: HEADER_HEIGHT }}>
          {['#', 'Source', 'Target'].map((header) => (
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

function OpenRow({
  index,
  top,
  minHeight,
  onHeight,
  children,
}: {
  index: number;
  top: number;
  minHeight: number;
  onHeight: (height: number) => void;
  children: ReactNode;
}) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const row = element.current;
    if (row === null) return;
    const measure = () => {
      if (row.offsetHeight > 0) onHeight(Math.max(minHeight, row.offsetHeight));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => observer.disconnect();
  }, [minHeight, onHeight]);
  return (
    <div
      ref={element}
      role="row"
      aria-rowindex={index + 2}
      aria-current="true"
      className={`${classes.grid} ${classes.row} ${classes.open}`}
      style={{ top, minHeight }}
      data-open-segment
    >
      {children}
    </div>
  );
}

const ClosedRow = memo(function ClosedRow({
  index,
  top,
  height,
  segment,
  group,
  tags,
  problem,
  renderText,
  onOpen,
}: {
  index: number;
  top: number;
  height: number;
  segment: Segment;
  group: FieldGroup | undefined;
  tags: Shortcodes;
  problem: SaveProblem | undefined;
  renderText: ((text: string, key: number) => ReactNode) | undefined;
  onOpen: (id: number) => void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`${classes.grid} ${classes.row} ${index % 2 === 1 ? classes.striped : ''}`}
      style={{ top, height }}
      onClick={() => onOpen(segment.id)}
      data-segment-row={segment.position + 1}
    >
      <NumberCell segment={segment} problem={problem} />
      <div role="cell" className={classes.cell}>
        <FieldLabel segment={segment} group={group} />
        <MarkedText text={segment.source} shortcodes={tags} lines={2} renderText={renderText} />
      </div>
      <div role="cell" className={classes.cell}>
        <MarkedText text={segment.target} shortcodes={tags} lines={2} />
      </div>
    </div>
  );
});

/** The segment's number, its status as an icon (named for screen readers) and its warnings. */
function NumberCell({ segment, problem }: { segment: Segment; problem: SaveProblem | undefined }) {
  const status = STATUS_LABELS[segment.status];
  const icon =
    segment.status === 'reviewed' ? (
      <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-label={status} role="img" />
    ) : isDraft(segment) ? (
      <IconPencil size={16} color="var(--mantine-color-blue-8)" aria-label={`${status} (draft)`} role="img" />
    ) : (
      <IconCircleDashed size={16} color="var(--mantine-color-gray-7)" aria-label={status} role="img" />
    );
  return (
    <div role="cell" className={`${classes.cell} ${classes.number}`}>
      <Text size="sm" c="dimmed" span>
        {segment.position + 1}
      </Text>
      {segment.translatable && icon}
      {openWarnings(segment).length > 0 && (
        <Tooltip label={openWarnings(segment).map((flag) => flag.message).join(' · ')} multiline w={260}>
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-9)" aria-label="QA warnings" role="img" />
        </Tooltip>
      )}
      {problem !== undefined && (
        <Badge size="xs" color="red" variant="light" tt="none">
          Not saved
        </Badge>
      )}
    </div>
  );
}

/** The segment's field ("Meta description (Yoast SEO)"), WPML's own name on hover. */
function FieldLabel({ segment, group }: { segment: Segment; group?: FieldGroup | undefined }) {
  return (
    <>
      {group !== undefined && (
        <Text size="xs" fw={700} data-field-group>
          {group.name} · {group.count}
        </Text>
      )}
      <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }} title={segment.resname ?? segment.unit_id ?? undefined}>
        {segment.field.label}
      </Text>
    </>
  );
}
