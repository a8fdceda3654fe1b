// A segment's history: each change of its target with who made it (a user, the customer's review
// link, the system), when, from what (import, MT, memory, XLSX import, review, staff edit, revert)
// and the text before and after.
import { Badge, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MarkedText, segmentShortcodes, type Shortcodes } from '../../../components/markup';
import { formatDateTime } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { historyQuery, type JobId, type Segment, type SegmentChange } from '../api';

export const CHANGE_SOURCES: Record<SegmentChange['source'], string> = {
  import: 'File import',
  mt: 'Machine translation',
  memory: 'Translation memory',
  xlsx_import: 'XLSX import',
  review: 'Customer review',
  staff_edit: 'Staff edit',
  revert: 'Reverted',
};

const actor = (change: SegmentChange) =>
  change.actor_kind === 'review_link'
    ? `Review link${change.actor_name !== null ? ` (${change.actor_name})` : ''}`
    : change.actor_kind === 'system'
      ? 'System'
      : (change.actor_name ?? 'A deleted user');

interface SegmentHistoryProps {
  jobId: JobId;
  segment: Segment | null;
  shortcodes: Shortcodes;
  onClose: () => void;
}

export function SegmentHistory({ jobId, segment, shortcodes, onClose }: SegmentHistoryProps) {
  return (
    <Modal opened={segment !== null} onClose={onClose} title={segment === null ? '' : `History of segment ${segment.position + 1}`} size="xl">
      {segment !== null && <HistoryTable jobId={jobId} segment={segment} shortcodes={segmentShortcodes(segment.markup, shortcodes)} />}
    </Modal>
  );
}

function HistoryTable({ jobId, segment, shortcodes }: { jobId: JobId; segment: Segment; shortcodes: Shortcodes }) {
  const query = useQuery(historyQuery(jobId, segment.id));
  return (
    <QueryState query={query} notFound="Segment not found">
      {(changes) =>
        changes.length === 0 ? (
          <Text c="dimmed">No change was recorded for this segment.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Previous text</Table.Th>
                  <Table.Th>New text</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((change) => (
                  <Table.Tr key={change.id}>
                    <Table.Td>{formatDateTime(change.changed_at)}</Table.Td>
                    <Table.Td>{actor(change)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none">
                        {CHANGE_SOURCES[change.source]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <MarkedText text={change.previous_target} shortcodes={shortcodes} />
                    </Table.Td>
                    <Table.Td>
                      <MarkedText text={change.new_target} shortcodes={shortcodes} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QueryState>
  );
}
