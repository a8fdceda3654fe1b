import { Anchor, Paper, Table, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { ClientId } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { EmptyState } from '../../../components/EmptyState';
import { QueryState } from '../../../components/QueryState';
import { clientPeopleQuery } from '../api';

/** The "People" tab of a client: its customer accounts; administrators edit them from here. */
export function ClientPeople({ clientId }: { clientId: ClientId }) {
  const query = useQuery(clientPeopleQuery(clientId));
  const canEdit = useCan('users.manage');
  return (
    <QueryState query={query}>
      {(people) =>
        people.length === 0 ? (
          <EmptyState message="No customer accounts for this client yet." />
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={320}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th visibleFrom="sm">Last sign-in</Table.Th>
                    {canEdit && (
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {people.map((person) => (
                    <Table.Tr key={person.username}>
                      <Table.Td>{`${person.first_name} ${person.last_name}`}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{person.email}</Table.Td>
                      <Table.Td visibleFrom="sm">
                        {person.last_sign_in ? formatDateTime(person.last_sign_in) : 'Never'}
                      </Table.Td>
                      {canEdit && (
                        <Table.Td ta="right">
                          <Anchor
                            component={Link}
                            to={`/admin/user/${encodeURIComponent(person.username)}`}
                            aria-label={`Edit ${person.username}`}
                          >
                            Edit
                          </Anchor>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )
      }
    </QueryState>
  );
}
