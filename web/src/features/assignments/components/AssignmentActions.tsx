import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { alertFailure, notifySuccess } from '../../../components/messages';
import { useMove, type Assignment, type Move } from '../api';
import { deliveryBlocker } from '../labels';
import { ReasonForm } from './ReasonForm';

/** Who acts: the translator it was offered to, or staff. */
export type Side = 'translator' | 'staff';

/** The moves each side may make from each state (the server's state machine). */
export function movesFor(side: Side, state: Assignment['state']): Move['action'][] {
  if (side === 'translator') {
    if (state === 'offered') return ['accept', 'decline'];
    if (state === 'accepted' || state === 'returned') return ['deliver'];
    return [];
  }
  if (state === 'delivered') return ['return', 'close'];
  if (state === 'offered' || state === 'accepted' || state === 'returned') return ['withdraw'];
  return [];
}

const LABELS: Record<Move['action'], string> = {
  accept: 'Accept',
  decline: 'Decline',
  deliver: 'Deliver',
  return: 'Return',
  close: 'Close',
  withdraw: 'Withdraw',
};

const DONE: Record<Move['action'], string> = {
  accept: 'Accepted.',
  decline: 'Declined.',
  deliver: 'Delivered.',
  return: 'Returned to the translator.',
  close: 'Closed.',
  withdraw: 'Withdrawn.',
};

/** The buttons of the moves `side` may make; decline and return ask for their text first. */
export function AssignmentActions({ assignment, side }: { assignment: Assignment; side: Side }) {
  const move = useMove(assignment.id);
  const [asking, setAsking] = useState<'decline' | 'return' | null>(null);
  const blockerId = useId();

  const run = async (chosen: Move) => {
    await move.mutateAsync(chosen);
    notifySuccess(DONE[chosen.action]);
  };
  const runNow = (action: 'accept' | 'deliver' | 'close' | 'withdraw') =>
    run({ action }).catch((failure: unknown) =>
      alertFailure(failure, `Could not ${action}`, `Could not ${action}. Please check your console for more info`),
    );

  const actions = movesFor(side, assignment.state);
  if (actions.length === 0) return null;
  // The server refuses a delivery while segments are unconfirmed: say so before anyone tries.
  const blocker = actions.includes('deliver') ? deliveryBlocker(assignment) : null;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        {actions.map((action) => (
          <Button
            key={action}
            size="xs"
            variant={action === 'accept' || action === 'deliver' ? 'filled' : 'default'}
            color={action === 'withdraw' || action === 'decline' ? 'red' : undefined}
            loading={move.isPending && move.variables.action === action}
            disabled={action === 'deliver' && blocker !== null}
            aria-describedby={action === 'deliver' && blocker !== null ? blockerId : undefined}
            aria-label={`${LABELS[action]} ${assignment.file_name}`}
            onClick={() => {
              if (action === 'decline' || action === 'return') setAsking(action);
              else void runNow(action);
            }}
          >
            {LABELS[action]}
          </Button>
        ))}
      </Group>
      {blocker !== null && (
        <Text id={blockerId} size="xs" c="dimmed">
          {blocker} Confirm every segment in the job before you deliver it.
        </Text>
      )}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'decline' ? `Decline ${assignment.file_name}` : `Return ${assignment.file_name}`}
      >
        <ReasonForm
          label={asking === 'decline' ? 'Why do you decline?' : 'What is to be fixed?'}
          submitLabel={asking === 'decline' ? 'Decline' : 'Return'}
          onCancel={() => setAsking(null)}
          onSubmit={async (text) => {
            await run(asking === 'decline' ? { action: 'decline', reason: text } : { action: 'return', note: text });
            setAsking(null);
          }}
        />
      </Modal>
    </Stack>
  );
}
