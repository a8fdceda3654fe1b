// Requests and quotes (the server's `features/quotes`): a project's request and quote versions,
// composing, sending and answering them, the staff's list with its totals, the request upload
// and the agency's quote terms.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage, uploadWithProgress } from '../../api/client';
import { quoteKeys, translationKeys } from '../../api/queryKeys';
import type { paths } from '../../api/schema';
import type { ClientId, ProjectId, QuoteListParams } from '../../api/types';
import { saveBlob } from '../../components/download';

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type QuoteOverview = JsonOf<paths['/api/translation/{id}/quotes']['get']['responses'][200]>;
export type Quote = QuoteOverview['quotes'][number];
export type QuoteState = Quote['state'];
export type DraftInput = JsonOf<paths['/api/translation/{id}/quotes']['post']['requestBody']>;
export type Acceptance = JsonOf<paths['/api/translation/{id}/quotes/{quote_id}/accept']['post']['requestBody']>;
export type QuoteListItem = JsonOf<paths['/api/quotes']['get']['responses'][200]>[number];
export type StateTotal = JsonOf<paths['/api/quotes/totals']['get']['responses'][200]>[number];
export type RequestedProject = JsonOf<paths['/api/requests']['post']['responses'][201]>;

export const QUOTE_STATES: readonly QuoteState[] = ['draft', 'sent', 'accepted', 'declined', 'expired', 'superseded'];

export const STATE_LABELS: Record<QuoteState, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  superseded: 'Superseded',
};

export const STATE_COLORS: Record<QuoteState, string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
  superseded: 'gray',
};

export type ProjectEarnings =
  paths['/api/translation/{id}/earnings']['get']['responses'][200]['content']['application/json'];

/** What a project earns: read on every visit, since quotes and orders change elsewhere. */
export const projectEarningsQuery = (projectId: ProjectId) =>
  queryOptions({
    queryKey: quoteKeys.earnings(projectId),
    staleTime: 0,
    queryFn: () => unwrap(api.GET('/api/translation/{id}/earnings', { params: { path: { id: projectId } } })),
  });

/** `1234.5` in `EUR` as `€1,234.50`. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

export const projectQuotesQuery = (id: ProjectId) =>
  queryOptions({
    queryKey: quoteKeys.project(id),
    queryFn: () => unwrap(api.GET('/api/translation/{id}/quotes', { params: { path: { id } } })),
  });

export const quoteListQuery = (params: QuoteListParams) =>
  queryOptions({
    queryKey: quoteKeys.list(params),
    queryFn: () => unwrapPage(api.GET('/api/quotes', { params: { query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

export const quoteTotalsQuery = (clientId: ClientId | null) =>
  queryOptions({
    queryKey: quoteKeys.totals(clientId),
    queryFn: () =>
      unwrap(api.GET('/api/quotes/totals', { params: { query: clientId === null ? {} : { client_id: clientId } } })),
  });

export const quoteTermsQuery = () =>
  queryOptions({
    queryKey: quoteKeys.terms(),
    queryFn: () => unwrap(api.GET('/api/settings/quote-terms')),
  });

/** Every quote query changed: the project's versions, the list, the totals. */
function useRefreshQuotes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: quoteKeys.all });
}

export function useComposeQuote(projectId: ProjectId) {
  const refresh = useRefreshQuotes();
  return useMutation({
    mutationFn: (body: DraftInput) =>
      unwrap(api.POST('/api/translation/{id}/quotes', { params: { path: { id: projectId } }, body })),
    onSuccess: refresh,
  });
}

export function useSendQuote(projectId: ProjectId) {
  const refresh = useRefreshQuotes();
  return useMutation({
    mutationFn: (quoteId: number) =>
      unwrap(
        api.POST('/api/translation/{id}/quotes/{quote_id}/send', {
          params: { path: { id: projectId, quote_id: quoteId } },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useAcceptQuote(projectId: ProjectId, quoteId: number) {
  const refresh = useRefreshQuotes();
  return useMutation({
    mutationFn: (body: Acceptance) =>
      unwrap(
        api.POST('/api/translation/{id}/quotes/{quote_id}/accept', {
          params: { path: { id: projectId, quote_id: quoteId } },
          body,
        }),
      ),
    onSuccess: refresh,
  });
}

export function useDeclineQuote(projectId: ProjectId, quoteId: number) {
  const refresh = useRefreshQuotes();
  return useMutation({
    mutationFn: (reason: string) =>
      unwrap(
        api.POST('/api/translation/{id}/quotes/{quote_id}/decline', {
          params: { path: { id: projectId, quote_id: quoteId } },
          body: { reason },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useDownloadQuote(projectId: ProjectId) {
  return useMutation({
    mutationFn: async (quote: Pick<Quote, 'id' | 'version'>) => {
      const blob = await unwrap(
        api.GET('/api/translation/{id}/quotes/{quote_id}/quote.pdf', {
          params: { path: { id: projectId, quote_id: quote.id } },
          parseAs: 'blob',
        }),
      );
      saveBlob(blob, `quote-${projectId}-v${quote.version}.pdf`);
    },
  });
}

export function useSaveQuoteTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: string) => unwrap(api.PUT('/api/settings/quote-terms', { body: { terms } })),
    onSuccess: (saved) => queryClient.setQueryData(quoteKeys.terms(), saved),
  });
}

export interface RequestFields {
  title: string;
  clientId: ClientId;
  dueDate: string;
  note: string;
  file: File;
}

/** Uploads a request with its progress (0–1); the new project shows in the project lists. */
export function useRequestTranslation(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: RequestFields) => {
      const body = new FormData();
      body.append('title', fields.title);
      body.append('client_id', String(fields.clientId));
      if (fields.dueDate !== '') body.append('due_date', fields.dueDate);
      if (fields.note.trim() !== '') body.append('note', fields.note);
      body.append('project_files', fields.file);
      return uploadWithProgress<RequestedProject>('/api/requests', body, onProgress);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: translationKeys.all });
      void queryClient.invalidateQueries({ queryKey: quoteKeys.all });
    },
  });
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A day the server names (`2026-11-27`: a due date, the last valid day) as that same day, in any time zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}
