import { Table, Text } from '@mantine/core';
import { formatMoney, type Quote } from '../api';

const BAND_LABELS: Record<string, string> = {
  repetition: 'Repetitions',
  context: '101 %',
  exact: '100 %',
  fuzzy95: '95–99 %',
  fuzzy85: '85–94 %',
  fuzzy75: '75–84 %',
  fuzzy50: '50–74 %',
  no_match: 'No match',
};

/** A version's numbers as they were computed: bands, extra lines, discount, total. */
export function QuoteNumbersTable({ quote }: { quote: Quote }) {
  const money = (value: number) => formatMoney(value, quote.currency);
  const { numbers } = quote;
  return (
    <>
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Match</Table.Th>
              <Table.Th ta="right">Words</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
              <Table.Th ta="right">Weighted words</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {numbers.bands.map((band) => (
              <Table.Tr key={band.band}>
                <Table.Td>{BAND_LABELS[band.band] ?? band.band}</Table.Td>
                <Table.Td ta="right">{band.words}</Table.Td>
                <Table.Td ta="right">{band.percent} %</Table.Td>
                <Table.Td ta="right">{band.weighted_words}</Table.Td>
                <Table.Td ta="right">{money(band.price)}</Table.Td>
              </Table.Tr>
            ))}
            {numbers.minimum_fee_applied && (
              <Table.Tr>
                <Table.Td colSpan={4}>Minimum fee</Table.Td>
                <Table.Td ta="right">{money(numbers.minimum_fee)}</Table.Td>
              </Table.Tr>
            )}
            {quote.extra_lines.map((line, index) => (
              <Table.Tr key={`${index}-${line.label}`}>
                <Table.Td colSpan={4}>{line.label}</Table.Td>
                <Table.Td ta="right">{money(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
            {quote.discount !== null && quote.discount !== undefined && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  Discount{quote.discount.kind === 'percent' ? ` (${quote.discount.value} %)` : ''}
                </Table.Td>
                <Table.Td ta="right">{money(-quote.discount_amount)}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr fw={700}>
              <Table.Td colSpan={4}>Total</Table.Td>
              <Table.Td ta="right">{money(quote.total)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* On a phone the table scrolls sideways and its price column starts out of view: the
          total, what the customer decides on, is shown again where it can be read. */}
      <Text hiddenFrom="sm" fw={700} ta="right" mt="xs" aria-hidden>
        Total {money(quote.total)}
      </Text>
    </>
  );
}
