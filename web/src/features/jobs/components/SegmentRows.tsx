// The cells of one segment row: closed (texts cut to three lines, an edit button) or open (the
// whole texts and the target editor).
import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconPencil, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCan } from '../../../api/permissions';
import { reviewDraftOf, type Segment } from '../api';
import { ORIGIN_LABELS } from '../labels';
import { MarkedText, type Shortcodes, segmentShortcodes } from '../../../components/markup';
import type { FieldGroup } from '../segmentFilter';
import type { JobTerm } from '../termHighlight';
import { QaFlags, StatusBadge } from './SegmentBadges';
import { SegmentEditor } from './SegmentEditor';
import classes from './SegmentTable.module.css';
import { termRenderer } from './TermText';
import { OPEN_ROW_HEIGHT } from './useSegmentWindow';

export function ClosedRow({
  segment,
  group,
  shortcodes,
  terms,
  onOpen,
  onHistory,
}: {
  segment: Segment;
  /** Set on the first row of a group of one field kind: the group's heading. */
  group?: FieldGroup | undefined;
  /** The job's list (`JobDetail.shortcodes`). */
  shortcodes: Shortcodes;
  /** The termbase entries found in the job (`JobDetail.terms`), underlined in the source. */
  terms: readonly JobTerm[];
  onOpen: () => void;
  onHistory: () => void;
}) {
  const tags = segmentShortcodes(segment.markup, shortcodes);
  const draft = reviewDraftOf(segment);
  const canEdit = useCan('segments.write');
  return (
    <>
      <Cell>
        <Text size="sm" c="dimmed">
          {segment.position + 1}
        </Text>
        {segment.translatable && canEdit && (
          <Tooltip label="Edit target">
            <ActionIcon variant="subtle" mt={4} aria-label={`Edit segment ${segment.position + 1}`} onClick={onOpen}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label="History">
          <ActionIcon variant="subtle" color="gray" mt={2} aria-label={`History of segment ${segment.position + 1}`} onClick={onHistory}>
            <IconHistory size={18} />
          </ActionIcon>
        </Tooltip>
      </Cell>
      <Cell>
        {group !== undefined && (
          <Text size="xs" fw={700} data-field-group>
            {group.name} · {group.count}
          </Text>
        )}
        <FieldLabel segment={segment} lines={group === undefined ? 3 : 2} />
      </Cell>
      <Cell>
        <MarkedText text={segment.source} shortcodes={tags} lines={3} renderText={termRenderer(terms)} />
      </Cell>
      <Cell>
        <MarkedText text={segment.mt_target} shortcodes={tags} lines={3} />
      </Cell>
      <Cell>
        <MarkedText text={segment.target} shortcodes={tags} lines={draft === null ? 3 : 1} />
        {draft !== null && (
          <div title="The customer's draft in an open review">
            <Text size="xs" c="grape.8" fw={700}>
              Review draft
            </Text>
            <MarkedText text={draft} shortcodes={tags} lines={1} />
          </div>
        )}
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

export function OpenRow({
  segment,
  shortcodes,
  onClose,
  onSave,
}: {
  segment: Segment;
  shortcodes: Shortcodes;
  onClose: () => void;
  onSave: (segment: Segment, target: string, baseRevision: number) => Promise<void>;
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
        <FieldLabel segment={segment} />
      </Cell>
      <div className={classes.cell} role="cell" style={{ gridColumn: '3 / 9', height: OPEN_ROW_HEIGHT - 16, overflow: 'auto' }}>
        <SegmentEditor
          segment={segment}
          shortcodes={segmentShortcodes(segment.markup, shortcodes)}
          onSave={(target, baseRevision) => onSave(segment, target, baseRevision).then(onClose)} onCancel={onClose} />
      </div>
    </>
  );
}

/** The segment's field ("Meta description (Yoast SEO)"), WPML's own name on hover. */
function FieldLabel({ segment, lines }: { segment: Segment; lines?: number }) {
  return (
    <Text size="xs" c="dimmed" lineClamp={lines} style={{ overflowWrap: 'anywhere' }} title={segment.resname ?? segment.unit_id ?? undefined}>
      {segment.field.label}
    </Text>
  );
}

function Cell({ children }: { children: ReactNode }) {
  return (
    <div role="cell" className={classes.cell}>
      {children}
    </div>
  );
}
