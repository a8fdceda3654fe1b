import { Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { projectTranslatorsQuery, useOfferProject } from '../api';
import { AssignForm } from './AssignForm';

/** Staff offer every job of the project that has no open assignment to one translator at once. */
export function ProjectAssignPanel({ projectId }: { projectId: number }) {
  const offer = useOfferProject(projectId);
  const [assigning, setAssigning] = useState(false);
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Offer every job that is not assigned yet to one translator, with the same task, due date and note. Any refusal
          assigns none of them.
        </Text>
        <Button size="xs" onClick={() => setAssigning(true)}>
          Assign all jobs
        </Button>
      </Group>
      <Modal opened={assigning} onClose={() => setAssigning(false)} title="Assign all jobs">
        <AssignForm
          amountLabel="Fixed amount per job"
          suggestionsQuery={projectTranslatorsQuery(projectId)}
          pending={offer.isPending}
          send={async (body) => {
            const made = await offer.mutateAsync(body);
            const jobs = made.ids.length === 1 ? '1 job' : `${made.ids.length} jobs`;
            return `Offered ${jobs} to ${body.username}.`;
          }}
          onDone={() => setAssigning(false)}
        />
      </Modal>
    </Paper>
  );
}
