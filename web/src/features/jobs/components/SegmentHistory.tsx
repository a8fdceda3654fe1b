// A segment's history: each change of its target with who made it (a user, the customer's review
// link, the system), when, from what (import, MT, memory, XLSX import, review, staff edit, revert)
// and the text before and after.
import { Badge, Group, Stack, Text } from '@mantine/core';
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

/** A segment's changes, newest first, as the editor's panel lists them. */
export function SegmentHistory({ jobId, segment, shortcodes }: { jobId: JobId; segment: Segment; shortcodes: Shortcodes }) {
  const query = useQuery(historyQuery(jobId, segment.id));
  const tags = segmentShortcodes(segment.markup, shortcodes);
  return (
    <QueryState query={query} notFound="Segment not found">
      {(changes) =>
        changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No change was recorded for this segment.
          </Text>
        ) : (
          <Stack gap={8} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="History">
            {[...changes].reverse().map((change) => (
              <li key={change.id}>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(change.changed_at)} · {actor(change)}
                  </Text>
                  <Badge size="xs" variant="light" tt="none">
                    {CHANGE_SOURCES[change.source]}
                  </Badge>
                </Group>
                <MarkedText text={change.new_target} shortcodes={tags} placeholder="No target" />
              </li>
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}
