import { Badge, Group } from '@mantine/core';
import type { Assignment } from '../api';
import { isOverdue, STATE_COLORS, STATE_LABELS } from '../labels';

/** The assignment's state, and "Overdue" when its due time has passed undone. */
export function StateBadge({ assignment, now }: { assignment: Assignment; now: Date }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={STATE_COLORS[assignment.state]}>
        {STATE_LABELS[assignment.state]}
      </Badge>
      {isOverdue(assignment, now) && (
        <Badge variant="filled" color="red">
          Overdue
        </Badge>
      )}
    </Group>
  );
}
