import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../api/permissions';
import type { ProjectId } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { alertFailure } from '../../../components/messages';
import { QueryState } from '../../../components/QueryState';
import {
  STATE_COLORS,
  STATE_LABELS,
  formatDay,
  formatMoney,
  projectQuotesQuery,
  useDownloadQuote,
  type Quote,
  type QuoteOverview,
} from '../api';
import { AcceptQuoteForm } from './AcceptQuoteForm';
import { DeclineQuoteForm } from './DeclineQuoteForm';
import { QuoteComposer } from './QuoteComposer';
import { QuoteNumbersTable } from './QuoteNumbersTable';

/**
 * A project's quote: the customer's request, the versions with their states and PDFs; staff
 * compose and send a draft, a customer accepts or declines the version sent to them.
 */
export function ProjectQuotePanel({ projectId }: { projectId: ProjectId }) {
  const query = useQuery(projectQuotesQuery(projectId));
  return <QueryState query={query}>{(overview) => <QuoteView projectId={projectId} overview={overview} />}</QueryState>;
}

function QuoteView({ projectId, overview }: { projectId: ProjectId; overview: QuoteOverview }) {
  const canManage = useCan('quotes.manage');
  const canAnswer = useCan('quotes.answer');
  const { request, quotes } = overview;
  const draft = quotes.find((quote) => quote.state === 'draft');
  const settled = quotes.some((quote) => quote.state === 'accepted');
  return (
    <Stack>
      {request !== null && request !== undefined && (
        <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
          <Title order={4} mb="xs">
            Request
          </Title>
          <Text size="sm">
            Requested by {request.requester_name ?? 'a former account'} on {formatDateTime(request.created_at)}
            {request.due_date !== null && request.due_date !== undefined && `, due ${formatDay(request.due_date)}`}
          </Text>
          {request.note !== null && request.note !== undefined && (
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {request.note}
            </Text>
          )}
        </Paper>
      )}
      {canManage && !settled && <QuoteComposer key={draft?.id ?? 'new'} projectId={projectId} draft={draft} />}
      {quotes.length === 0 ? (
        <Text c="dimmed">{canManage ? 'No quote yet.' : 'No quote has been sent yet.'}</Text>
      ) : (
        quotes.map((quote) => (
          <QuoteVersion key={quote.id} projectId={projectId} quote={quote} canAnswer={canAnswer && !canManage} />
        ))
      )}
    </Stack>
  );
}

function QuoteVersion({ projectId, quote, canAnswer }: { projectId: ProjectId; quote: Quote; canAnswer: boolean }) {
  const download = useDownloadQuote(projectId);
  const [answering, setAnswering] = useState<'accept' | 'decline' | null>(null);
  const close = () => setAnswering(null);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} aria-label={`Quote version ${quote.version}`} component="section">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="xs">
          <Title order={4}>Version {quote.version}</Title>
          <Badge variant="light" color={STATE_COLORS[quote.state]}>{STATE_LABELS[quote.state]}</Badge>
        </Group>
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(quote, {
                onError: (error) => alertFailure(error, 'Could not download the quote', 'Could not download the quote.'),
              })
            }
          >
            PDF
          </Button>
          {canAnswer && quote.state === 'sent' && (
            <>
              <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => setAnswering('accept')}>
                Accept
              </Button>
              <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} onClick={() => setAnswering('decline')}>
                Decline
              </Button>
            </>
          )}
        </Group>
      </Group>
      <QuoteNumbersTable quote={quote} />
      <Table variant="vertical" mt="sm" maw={520}>
        <Table.Tbody>
          {quote.due_date !== null && quote.due_date !== undefined && (
            <Row label="Due" value={formatDay(quote.due_date)} />
          )}
          {quote.sent_at !== null && quote.sent_at !== undefined && <Row label="Sent" value={formatDateTime(quote.sent_at)} />}
          {quote.valid_until !== null && quote.valid_until !== undefined && (
            <Row label="Valid until" value={formatDay(quote.valid_until)} />
          )}
          {quote.state === 'accepted' && (
            <Row
              label="Accepted"
              value={`${quote.accepted_name ?? ''}${quote.po_number ? `, PO ${quote.po_number}` : ''}${
                quote.answered_at ? `, ${formatDateTime(quote.answered_at)}` : ''
              }`}
            />
          )}
          {quote.state === 'declined' && <Row label="Declined" value={quote.decline_reason ?? ''} />}
        </Table.Tbody>
      </Table>
      {quote.state === 'expired' && (
        <Alert color="orange" mt="sm">
          This quote expired; ask the agency for a new one.
        </Alert>
      )}
      <Modal opened={answering !== null} onClose={close} title={`${answering === 'accept' ? 'Accept' : 'Decline'} quote ${quote.version} (${formatMoney(quote.total, quote.currency)})`}>
        {answering === 'accept' && <AcceptQuoteForm quote={quote} onDone={close} />}
        {answering === 'decline' && <DeclineQuoteForm quote={quote} onDone={close} />}
      </Modal>
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w={120}>{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}
