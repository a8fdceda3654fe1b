import { Paper, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ProjectId } from '../../../api/types';
import { QueryState } from '../../../components/QueryState';
import { formatMoney, projectEarningsQuery, type ProjectEarnings } from '../api';

/** What the project earns, for the agency's staff: the accepted quote less the translators' orders and machine translation. */
export function ProjectEarningsPanel({ projectId }: { projectId: ProjectId }) {
  const query = useQuery(projectEarningsQuery(projectId));
  return <QueryState query={query}>{(earnings) => <EarningsTable earnings={earnings} />}</QueryState>;
}

function EarningsTable({ earnings }: { earnings: ProjectEarnings }) {
  const { quote } = earnings;
  const unpriced = earnings.orders_without_amount;
  // Translators are paid in their own currencies: one line each, nothing converted.
  const byCurrency = earnings.orders_by_currency;
  return (
    <Paper withBorder p="sm">
      <Table aria-label="Earnings">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{quote ? `Accepted quote (version ${quote.version})` : 'Accepted quote'}</Table.Th>
            <Table.Td ta="right">{quote ? formatMoney(quote.total, quote.currency) : 'None accepted yet'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">
              Translators&apos; orders ({earnings.orders})
              {unpriced > 0 && (
                <Text size="xs" c="var(--mantine-color-orange-light-color)">
                  {unpriced === 1 ? '1 order has' : `${unpriced} orders have`} no amount and {unpriced === 1 ? 'is' : 'are'} not
                  counted.
                </Text>
              )}
            </Table.Th>
            <Table.Td ta="right">{byCurrency.length === 0 ? 'None' : byCurrency.length > 1 ? 'In several currencies:' : ''}</Table.Td>
          </Table.Tr>
          {byCurrency.map((orders) => (
            <Table.Tr key={orders.currency}>
              <Table.Th scope="row" fw={400} pl="lg">
                In {orders.currency} ({orders.orders})
              </Table.Th>
              <Table.Td ta="right">− {formatMoney(orders.total, orders.currency)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Machine translation</Table.Th>
            <Table.Td ta="right">− {formatMoney(earnings.mt_cost, earnings.mt_currency)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Margin</Table.Th>
            <Table.Td ta="right" fw={700}>
              {earnings.margin !== null && earnings.margin !== undefined && quote
                ? formatMoney(earnings.margin, quote.currency)
                : quote
                  ? 'Not computed: the orders or machine translation are in another currency than the quote'
                  : 'Once a quote is accepted'}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
