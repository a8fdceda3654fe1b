import { Anchor, Paper, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/dates';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { myAssignmentsQuery, type Assignment } from '../api';
import { AssignmentActions } from '../components/AssignmentActions';
import { OrderButton } from '../components/OrderButton';
import { StateBadge } from '../components/StateBadge';
import { byDueDate, formatAmount, priceBasis, TASK_LABELS } from '../labels';

/** A translator's offers and jobs, the earliest due first, with what they may do to each. */
export function MyWorkPage() {
  const query = useQuery(myAssignmentsQuery());
  return (
    <>
      <PageHeader title="My work" description="Offers and jobs assigned to you, the earliest due first." />
      <QueryState query={query}>{(page) => <WorkTable rows={byDueDate(page.rows)} now={new Date()} />}</QueryState>
    </>
  );
}

function WorkTable({ rows, now }: { rows: Assignment[]; now: Date }) {
  if (rows.length === 0) return <EmptyState message="No work yet: offers from the agency show here." />;
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Job</Table.Th>
              <Table.Th visibleFrom="sm">Languages</Table.Th>
              <Table.Th visibleFrom="sm">Task</Table.Th>
              <Table.Th visibleFrom="sm" ta="right">
                Words
              </Table.Th>
              <Table.Th miw={128}>Due and state</Table.Th>
              <Table.Th visibleFrom="sm" ta="right">
                Amount
              </Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {row.state === 'declined' || row.state === 'closed' || row.state === 'withdrawn' ? (
                    <Text size="sm">{row.file_name}</Text>
                  ) : (
                    <Anchor component={Link} to={`/job/${row.job_id}`} size="sm">
                      {row.file_name}
                    </Anchor>
                  )}
                  <Text size="xs" c="dimmed">
                    {row.project_name}
                  </Text>
                  {row.reason !== null && row.reason !== undefined && (
                    <Text size="xs" c="var(--mantine-color-orange-light-color)">
                      {row.reason}
                    </Text>
                  )}
                  {/* On a phone the columns hidden below are said here, under the job. */}
                  <Text size="xs" mt={4} hiddenFrom="sm">
                    {languages(row)} · {TASK_LABELS[row.task]} · {row.words} words · {formatAmount(row.amount, row.currency)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{languages(row)}</Table.Td>
                <Table.Td visibleFrom="sm">{TASK_LABELS[row.task]}</Table.Td>
                <Table.Td visibleFrom="sm" ta="right">
                  {row.words}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(row.due_at)}</Text>
                  <StateBadge assignment={row} now={now} />
                </Table.Td>
                <Table.Td visibleFrom="sm" ta="right">
                  {formatAmount(row.amount, row.currency)}
                  {priceBasis(row) !== null && (
                    <Text size="xs" c="dimmed">
                      {priceBasis(row)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <AssignmentActions assignment={row} side="translator" />
                  <OrderButton assignment={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function languages(row: Assignment): string {
  return `${row.source_lang ?? '?'} → ${row.target_lang ?? '?'}`;
}
