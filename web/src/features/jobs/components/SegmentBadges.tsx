import { Badge, Stack, Tooltip } from '@mantine/core';
import type { Segment } from '../api';
import { STATUS_COLORS, STATUS_LABELS, qaFlagLabel } from '../labels';

export function StatusBadge({ segment }: { segment: Segment }) {
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[segment.status]} tt="none">
      {STATUS_LABELS[segment.status]}
    </Badge>
  );
}

export function QaFlags({ segment, compact = false }: { segment: Segment; compact?: boolean }) {
  if (segment.qa_flags.length === 0) return null;
  return (
    <Stack gap={2}>
      {segment.qa_flags.map((flag, index) => (
        <Tooltip key={`${flag.kind}-${index}`} label={flag.message} multiline w={260} disabled={!compact}>
          <Badge size="xs" color="orange" variant="light" tt="none" style={{ maxWidth: '100%' }}>
            {compact ? qaFlagLabel(flag.kind) : `${qaFlagLabel(flag.kind)}: ${flag.message}`}
          </Badge>
        </Tooltip>
      ))}
    </Stack>
  );
}
