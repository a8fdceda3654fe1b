import { Alert, Button, Group, NumberInput, Switch, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { translationKeys } from '../../../api/queryKeys';
import { useCan } from '../../../api/permissions';
import type { FuzzyFill, MatchBand, ProjectAnalysis, ProjectId } from '../../../api/types';
import { saveBlob } from '../../../components/download';
import { fieldName } from '../../../components/fields';
import { errorText } from '../../../components/messages';

const BAND_LABELS: Record<MatchBand, string> = {
  repetition: 'Repetitions',
  context: '101 %',
  exact: '100 %',
  fuzzy95: '95–99 %',
  fuzzy85: '85–94 %',
  fuzzy75: '75–84 %',
  fuzzy50: '50–74 %',
  no_match: 'No match',
};

/** The threshold a newly turned-on fuzzy fill starts with. */
const DEFAULT_THRESHOLD = 95;

const numberFormat = new Intl.NumberFormat();
const weightedFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const shareFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

function money(amount: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
}

const SOURCE_NOTES = {
  client: "the client's rate scheme",
  default: "the agency's default rate scheme",
  built_in: 'the built-in rate scheme (none saved yet)',
} as const;

function useAnalysis(projectId: ProjectId) {
  const queryClient = useQueryClient();
  const analysis = useQuery({
    queryKey: translationKeys.analysis(projectId),
    queryFn: () => unwrap(api.GET('/api/translation/{id}/analysis', { params: { path: { id: projectId } } })),
  });
  const fuzzy = useQuery({
    queryKey: translationKeys.fuzzyFill(projectId),
    queryFn: () => unwrap(api.GET('/api/translation/{id}/fuzzy-fill', { params: { path: { id: projectId } } })),
  });
  const setFuzzy = useMutation({
    mutationFn: (body: FuzzyFill) =>
      unwrap(api.PUT('/api/translation/{id}/fuzzy-fill', { params: { path: { id: projectId } }, body })),
    onSuccess: (saved) => queryClient.setQueryData(translationKeys.fuzzyFill(projectId), saved),
  });
  const download = useMutation({
    mutationFn: async (kind: 'analysis.xlsx' | 'quote.pdf') => {
      const options = { params: { path: { id: projectId } }, parseAs: 'blob' as const };
      const blob = await unwrap(
        kind === 'quote.pdf'
          ? api.GET('/api/translation/{id}/quote.pdf', options)
          : api.GET('/api/translation/{id}/analysis.xlsx', options),
      );
      saveBlob(blob, kind.replace('.', `-${projectId}.`));
    },
  });
  return { analysis, fuzzy, setFuzzy, download };
}

/**
 * The bands' counts, with weighted words, prices and the agency's machine translation cost when
 * `pricing` is given: only for who may read the rates (never a customer, whose one price is the
 * quote sent to them).
 */
function AnalysisTable({ analysis, pricing }: { analysis: ProjectAnalysis; pricing: ProjectAnalysis['pricing'] }) {
  const currency = pricing?.scheme.currency ?? 'EUR';
  const priced = pricing?.priced;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder striped aria-label="Analysis" maw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Match</Table.Th>
              <Table.Th ta="right">Segments</Table.Th>
              <Table.Th ta="right">Words</Table.Th>
              <Table.Th ta="right">Characters</Table.Th>
              {priced && <Table.Th ta="right">Weighted words</Table.Th>}
              {priced && <Table.Th ta="right">Price</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {analysis.bands.map((row, i) => (
              <Table.Tr key={row.band}>
                <Table.Td>{BAND_LABELS[row.band]}</Table.Td>
                <Table.Td ta="right">{numberFormat.format(row.segments)}</Table.Td>
                <Table.Td ta="right">{numberFormat.format(row.words)}</Table.Td>
                <Table.Td ta="right">{numberFormat.format(row.characters)}</Table.Td>
                {priced && <Table.Td ta="right">{weightedFormat.format(priced.bands[i]?.weighted_words ?? 0)}</Table.Td>}
                {priced && <Table.Td ta="right">{money(priced.bands[i]?.price ?? 0, currency)}</Table.Td>}
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Td>Total</Table.Td>
              <Table.Td ta="right">{numberFormat.format(analysis.total.segments)}</Table.Td>
              <Table.Td ta="right">{numberFormat.format(analysis.total.words)}</Table.Td>
              <Table.Td ta="right">{numberFormat.format(analysis.total.characters)}</Table.Td>
              {priced && <Table.Td ta="right">{weightedFormat.format(priced.weighted_words)}</Table.Td>}
              {priced && <Table.Td ta="right">{money(priced.total, currency)}</Table.Td>}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pricing && priced && (
        <Text size="sm" c="dimmed">
          Priced by {SOURCE_NOTES[pricing.scheme_source]}
          {priced.minimum_fee_applied && `, at its minimum fee of ${money(pricing.scheme.minimum_fee, currency)}`}.
          Internal machine translation cost: {money(priced.mt_cost, currency)} for{' '}
          {numberFormat.format(priced.mt_characters)} characters.
        </Text>
      )}
    </>
  );
}

/**
 * The translatable words per WPML field kind (title, body, SEO fields, …), so staff and the
 * customer see where the work is: body text, page-builder strings, SEO descriptions.
 */
function FieldTable({ analysis }: { analysis: ProjectAnalysis }) {
  if (analysis.fields.length < 2) return null;
  const words = analysis.fields.reduce((sum, row) => sum + row.words, 0);
  return (
    <Table.ScrollContainer minWidth={440}>
      <Table withTableBorder striped aria-label="Words per field" maw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th ta="right">Segments</Table.Th>
            <Table.Th ta="right">Words</Table.Th>
            <Table.Th ta="right">Characters</Table.Th>
            <Table.Th ta="right">Share of words</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {analysis.fields.map((row) => (
            <Table.Tr key={row.kind}>
              <Table.Td>{fieldName(row.kind)}</Table.Td>
              <Table.Td ta="right">{numberFormat.format(row.segments)}</Table.Td>
              <Table.Td ta="right">{numberFormat.format(row.words)}</Table.Td>
              <Table.Td ta="right">{numberFormat.format(row.characters)}</Table.Td>
              <Table.Td ta="right">{shareFormat.format(words === 0 ? 0 : row.words / words)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * What the project holds and how much the client's translation memory already knows, per match
 * band, and whether pre-translation fills fuzzy matches: shown before 'Begin Translation'.
 */
interface AnalysisPanelProps {
  projectId: ProjectId;
  /** Shows the fuzzy-fill option (staff's pages); the customer portal leaves it out. */
  withFuzzyFill?: boolean;
}

export function AnalysisPanel({ projectId, withFuzzyFill = true }: AnalysisPanelProps) {
  const { analysis, fuzzy, setFuzzy, download } = useAnalysis(projectId);
  const threshold = fuzzy.data?.threshold ?? null;
  // Who may not change the project sees the setting, not a control.
  const canChange = useCan('projects.write');
  // Prices and the quote priced from today's counts are the agency's (the server leaves them
  // out for the others too).
  const canPrice = useCan('rates.read');
  const pricing = canPrice ? analysis.data?.pricing : undefined;
  return (
    <>
      {analysis.isError && (
        <Alert color="yellow" role="alert">
          {errorText(analysis.error, { fallback: 'Could not load the analysis.' })}
        </Alert>
      )}
      {analysis.data !== undefined && <AnalysisTable analysis={analysis.data} pricing={pricing} />}
      {analysis.data !== undefined && <FieldTable analysis={analysis.data} />}
      {analysis.data !== undefined && (
        <Group gap="sm">
          {(canPrice ? (['analysis.xlsx', 'quote.pdf'] as const) : (['analysis.xlsx'] as const)).map((kind) => (
            <Button
              key={kind}
              variant="light"
              leftSection={<IconDownload size={18} />}
              loading={download.isPending && download.variables === kind}
              onClick={() => download.mutate(kind)}
            >
              {kind === 'quote.pdf' ? 'Download quote (PDF)' : 'Download analysis (XLSX)'}
            </Button>
          ))}
        </Group>
      )}
      {download.isError && (
        <Text c="red" size="sm" role="alert">
          {errorText(download.error, { fallback: 'Could not download the file.' })}
        </Text>
      )}
      {withFuzzyFill && (
      <Group gap="md">
        <Switch
          label="Fill fuzzy memory matches instead of machine translation (marked for review)"
          checked={threshold !== null}
          disabled={!canChange || fuzzy.isPending || setFuzzy.isPending}
          onChange={(event) => setFuzzy.mutate({ threshold: event.currentTarget.checked ? DEFAULT_THRESHOLD : null })}
        />
        {threshold !== null && (
          <NumberInput
            aria-label="Lowest score filled"
            suffix=" %"
            min={50}
            max={99}
            w={100}
            disabled={!canChange}
            value={threshold}
            onChange={(value) => typeof value === 'number' && setFuzzy.mutate({ threshold: value })}
          />
        )}
      </Group>
      )}
      {setFuzzy.isError && (
        <Text c="red" size="sm" role="alert">
          {errorText(setFuzzy.error, { fallback: 'Could not save the option.' })}
        </Text>
      )}
    </>
  );
}
