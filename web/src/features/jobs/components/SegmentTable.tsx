import { useState } from 'react';
import type { Segment } from '../api';
import type { Shortcodes } from '../../../components/markup';
import type { FieldGroup } from '../segmentFilter';
import type { JobTerm } from '../termHighlight';
import { ClosedRow, OpenRow } from './SegmentRows';
import classes from './SegmentTable.module.css';
import { OPEN_ROW_HEIGHT, ROW_HEIGHT, useSegmentWindow } from './useSegmentWindow';

const HEADER_HEIGHT = 38;
const MIN_WIDTH = 960;

interface SegmentTableProps {
  segments: readonly Segment[];
  /** When grouped by field: the heading of each group, by the id of its first segment. */
  groups: ReadonlyMap<number, FieldGroup>;
  /** The job's shortcode list (`JobDetail.shortcodes`): which `[name]`s are tags. */
  shortcodes: Shortcodes;
  /** The termbase entries found in the job (`JobDetail.terms`). */
  terms: readonly JobTerm[];
  /** Saves one edited target; resolves when the server accepted it. */
  onSave: (segment: Segment, target: string, baseRevision: number) => Promise<void>;
  /** Opens a segment's history. */
  onHistory: (segment: Segment) => void;
  height: number | string;
}

/**
 * A windowed grid: only the rows in view (plus a few) are in the DOM, so a job with thousands of
 * segments scrolls as fast as one with ten. One row at a time can be opened to read the whole
 * text and edit the target.
 */
export function SegmentTable({ segments, groups, shortcodes, terms, onSave, onHistory, height }: SegmentTableProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  const openIndex = openId === null ? -1 : segments.findIndex((segment) => segment.id === openId);
  const { viewport, onScroll, first, last, top, totalHeight } = useSegmentWindow(segments.length, openIndex);

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
          <OpenRow segment={segment} shortcodes={shortcodes} onClose={() => setOpenId(null)} onSave={onSave} />
        ) : (
          <ClosedRow
            segment={segment}
            group={groups.get(segment.id)}
            shortcodes={shortcodes}
            terms={terms}
            onOpen={() => setOpenId(segment.id)}
            onHistory={() => onHistory(segment)}
          />
        )}
      </div>,
    );
  }

  return (
    <div ref={viewport} className={classes.viewport} style={{ height }} onScroll={onScroll}>
      <div
        role="table"
        aria-label="Segments"
        aria-rowcount={segments.length + 1}
        style={{ position: 'relative', minWidth: MIN_WIDTH, height: totalHeight + HEADER_HEIGHT }}
      >
        <div role="row" aria-rowindex={1} className={`${classes.grid} ${classes.header}`} style={{ height: HEADER_HEIGHT }}>
          {['#', 'Field', 'Source', 'Machine translation', 'Target', 'Origin', 'Status', 'QA'].map((header) => (
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
