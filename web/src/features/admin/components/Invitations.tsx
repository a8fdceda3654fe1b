import { Alert, Badge, Button, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { clientOptionsQuery } from '../../../api/clients';
import type { paths } from '../../../api/schema';
import { alertFailure, confirmDestructive, errorText, notifySuccess } from '../../../components/messages';
import { invitationsQuery, useRevokeInvitation } from '../api';

type Invitation = paths['/api/invitations']['get']['responses'][200]['content']['application/json'][number];

const STATES: Record<Invitation['state'], { label: string; color: string }> = {
  open: { label: 'Open', color: 'blue' },
  accepted: { label: 'Accepted', color: 'green' },
  revoked: { label: 'Withdrawn', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
};

/** The invitations sent by e-mail, newest first: who, which role and clients, until when; an
 * open one can be withdrawn, which stops its link. */
export function Invitations() {
  const invitations = useQuery(invitationsQuery());
  const hasCustomers = invitations.data?.some((i) => i.client_ids.length > 0) ?? false;
  const clients = useQuery({ ...clientOptionsQuery(), enabled: hasCustomers });
  const revoke = useRevokeInvitation();
  const clientNames = (ids: number[]) =>
    ids.map((id) => clients.data?.find((client) => client.id === id)?.client_name ?? `#${id}`).join(', ');

  if (invitations.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(invitations.error, { fallback: 'The invitations could not be read.' })}
      </Alert>
    );
  }
  if (invitations.data?.length === 0) return <Text c="dimmed">No invitations yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Clients</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.data?.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td>
                <Text size="sm">{invitation.email}</Text>
                <Text size="xs" c="dimmed">
                  {invitation.first_name} {invitation.last_name}
                </Text>
              </Table.Td>
              <Table.Td>{invitation.role}</Table.Td>
              <Table.Td>{clientNames(invitation.client_ids)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATES[invitation.state].color} tt="none">
                  {STATES[invitation.state].label}
                </Badge>
              </Table.Td>
              <Table.Td>{new Date(invitation.expires_at).toLocaleString()}</Table.Td>
              <Table.Td>
                {invitation.state === 'open' && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Withdraw the invitation of ${invitation.email}`}
                    loading={revoke.isPending && revoke.variables === invitation.id}
                    onClick={() =>
                      confirmDestructive({
                        title: 'Withdraw the invitation',
                        message: `Withdraw the invitation of ${invitation.email}? Its link stops working.`,
                        confirmLabel: 'Withdraw',
                        onConfirm: () =>
                          revoke.mutate(invitation.id, {
                            onSuccess: () => notifySuccess(`The invitation of ${invitation.email} is withdrawn.`),
                            onError: (error) =>
                              alertFailure(error, 'Could not withdraw the invitation', 'Could not withdraw the invitation.'),
                          }),
                      })
                    }
                  >
                    Withdraw
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
