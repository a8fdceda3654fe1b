import { Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../components/dates';
import { jobAssignmentsQuery, jobTranslatorsQuery, useOffer } from '../api';
import { formatAmount, isOpen, priceBasis, TASK_LABELS } from '../labels';
import { AssignForm } from './AssignForm';
import { AssignmentActions, type Side } from './AssignmentActions';
import { OrderButton } from './OrderButton';
import { StateBadge } from './StateBadge';

/** A job's open assignment with the moves `side` may make: for staff, or the "Assign" button when
 * there is none; for its translator (above the editor), its due date, the note it was returned
 * with and the delivery. */
export function JobAssignmentPanel({ jobId, side }: { jobId: number; side: Side }) {
  const query = useQuery(jobAssignmentsQuery(jobId));
  const [assigning, setAssigning] = useState(false);
  const offer = useOffer(jobId);
  if (query.data === undefined) return null;
  const current = query.data.rows.find((row) => isOpen(row.state));
  if (current === undefined && side === 'translator') return null;
  return (
    <Paper withBorder p="sm" mb="md">
      {current === undefined ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Not assigned to a translator.
          </Text>
          <Button size="xs" onClick={() => setAssigning(true)}>
            Assign
          </Button>
        </Group>
      ) : (
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {TASK_LABELS[current.task]} by {current.translator}
              </Text>
              <StateBadge assignment={current} now={new Date()} />
            </Group>
            <Text size="xs" c="dimmed">
              Due {formatDateTime(current.due_at)} · {current.words} words · amount {formatAmount(current.amount, current.currency)}
              {priceBasis(current) !== null && ` (${priceBasis(current)})`}
            </Text>
            {current.reason !== null && current.reason !== undefined && (
              <Text size="xs" c="var(--mantine-color-orange-light-color)">
                {current.reason}
              </Text>
            )}
            <OrderButton assignment={current} />
          </div>
          <AssignmentActions assignment={current} side={side} />
        </Group>
      )}
      <Modal opened={assigning} onClose={() => setAssigning(false)} title="Assign this job">
        <AssignForm
          suggestionsQuery={jobTranslatorsQuery(jobId)}
          pending={offer.isPending}
          send={async (body) => {
            await offer.mutateAsync(body);
            return `Offered to ${body.username}.`;
          }}
          onDone={() => setAssigning(false)}
        />
      </Modal>
    </Paper>
  );
}
