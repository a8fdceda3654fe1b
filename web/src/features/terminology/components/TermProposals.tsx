import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconBulb } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../api/permissions';
import type { ClientId } from '../../../api/types';
import { alertFailure, errorText, notifySuccess } from '../../../components/messages';
import {
  PROPOSAL_STATE_LABELS,
  proposalsQuery,
  useDecideProposal,
  useProposeTerm,
  type Proposal,
  type ProposalState,
} from '../api';
import { toProposalBody, validateProposal, type ProposalFormValues } from '../validation';

const STATE_COLORS: Record<ProposalState, string> = { pending: 'yellow', accepted: 'green', refused: 'red' };

/**
 * Term proposals: a customer proposes terms for their client's termbase and sees where each
 * stands; administrators and editors accept or refuse them. Shown to staff only while there are
 * proposals.
 */
export function TermProposals({ clientId }: { clientId: ClientId }) {
  const canPropose = useCan('terms.propose');
  const canDecide = useCan('terms.write');
  const query = useQuery(proposalsQuery(clientId));
  const [formOpen, form] = useDisclosure(false);
  const [refusing, setRefusing] = useState<Proposal | undefined>(undefined);
  const proposals = query.data?.rows ?? [];
  if (!canPropose && proposals.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {canPropose ? 'Your term proposals' : 'Proposals'}
        </Title>
        {canPropose && (
          <Button variant="light" leftSection={<IconBulb size={16} />} onClick={form.open}>
            Propose a term
          </Button>
        )}
      </Group>
      {query.isError && (
        <Alert color="red" role="alert">
          {errorText(query.error, { fallback: 'The proposals could not be loaded.' })}
        </Alert>
      )}
      {proposals.length === 0 ? (
        query.isSuccess && <Text c="dimmed">No proposals yet.</Text>
      ) : (
        <ProposalList clientId={clientId} proposals={proposals} canDecide={canDecide} onRefuse={setRefusing} />
      )}
      <Modal opened={formOpen} onClose={form.close} title="Propose a term" size="lg">
        {formOpen && <ProposalForm clientId={clientId} onDone={form.close} />}
      </Modal>
      <Modal opened={refusing !== undefined} onClose={() => setRefusing(undefined)} title="Refuse the proposal">
        {refusing !== undefined && (
          <RefusalForm clientId={clientId} proposal={refusing} onDone={() => setRefusing(undefined)} />
        )}
      </Modal>
    </Stack>
  );
}

function ProposalList({
  clientId,
  proposals,
  canDecide,
  onRefuse,
}: {
  clientId: ClientId;
  proposals: Proposal[];
  canDecide: boolean;
  onRefuse: (proposal: Proposal) => void;
}) {
  const decide = useDecideProposal(clientId);
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source term</Table.Th>
            <Table.Th>Target term</Table.Th>
            <Table.Th>Languages</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {proposals.map((proposal) => (
            <Table.Tr key={proposal.id}>
              <Table.Td>
                <Text fw={500}>{proposal.source}</Text>
                {proposal.note && (
                  <Text size="xs" c="dimmed">
                    {proposal.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{proposal.target}</Table.Td>
              <Table.Td>
                {proposal.source_lang} → {proposal.target_lang}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATE_COLORS[proposal.state]} tt="none">
                  {PROPOSAL_STATE_LABELS[proposal.state]}
                </Badge>
                {proposal.reason && (
                  <Text size="xs" c="dimmed">
                    {proposal.reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {canDecide && proposal.state === 'pending' && (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Accept the proposal ${proposal.source}`}
                      loading={decide.isPending && decide.variables.id === proposal.id}
                      onClick={() =>
                        decide.mutate(
                          { id: proposal.id, accept: true },
                          {
                            onSuccess: () => notifySuccess(`“${proposal.source}” is in the termbase.`),
                            onError: (error) =>
                              alertFailure(error, 'Could not accept the proposal', 'Could not accept the proposal.'),
                          },
                        )
                      }
                    >
                      Accept
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Refuse the proposal ${proposal.source}`}
                      onClick={() => onRefuse(proposal)}
                    >
                      Refuse
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ProposalForm({ clientId, onDone }: { clientId: ClientId; onDone: () => void }) {
  const form = useForm<ProposalFormValues>({
    initialValues: { source_lang: 'en', target_lang: '', source: '', target: '', note: '' },
    validate: validateProposal,
  });
  const propose = useProposeTerm(clientId);
  const submit = form.onSubmit((values) =>
    propose.mutate(toProposalBody(values), {
      onSuccess: () => {
        notifySuccess('Your proposal was sent.');
        onDone();
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {propose.isError && (
          <Alert color="red" role="alert">
            {errorText(propose.error, { fallback: 'The proposal could not be sent.' })}
          </Alert>
        )}
        <SimpleGrid cols={2}>
          <TextInput label="Source language" required {...form.getInputProps('source_lang')} />
          <TextInput label="Target language" required {...form.getInputProps('target_lang')} />
        </SimpleGrid>
        <TextInput label="Source term" required {...form.getInputProps('source')} />
        <TextInput label="Target term" required {...form.getInputProps('target')} />
        <Textarea label="Note" description="Why, or where the term is used" autosize minRows={2} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button type="submit" loading={propose.isPending}>
            Send the proposal
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RefusalForm({ clientId, proposal, onDone }: { clientId: ClientId; proposal: Proposal; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const decide = useDecideProposal(clientId);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        decide.mutate({ id: proposal.id, accept: false, reason: reason.trim() === '' ? null : reason.trim() }, { onSuccess: onDone });
      }}
    >
      <Stack>
        {decide.isError && (
          <Alert color="red" role="alert">
            {errorText(decide.error, { fallback: 'The proposal could not be refused.' })}
          </Alert>
        )}
        <Text size="sm">
          Refuse “{proposal.source}” → “{proposal.target}” ({proposal.source_lang} → {proposal.target_lang})?
        </Text>
        <Textarea
          label="Reason"
          description="Optional; the customer sees it"
          autosize
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={decide.isPending}>
            Refuse
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
