import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '../../api/client';
import type { paths } from '../../api/schema';
import type { ClientId } from '../../api/types';
import { saveBlob } from '../../components/download';

type TermsPath = paths['/api/client/{id}/terms'];
export type TermListParams = NonNullable<TermsPath['get']['parameters']['query']>;
export type Term = TermsPath['get']['responses'][200]['content']['application/json'][number];
export type TermBody = TermsPath['post']['requestBody']['content']['application/json'];
export type TermKind = TermBody['kind'];
export type ImportReport =
  paths['/api/client/{id}/terms/import']['post']['responses'][200]['content']['application/json'];
export type Suggestion =
  paths['/api/client/{id}/terms/suggestions']['get']['responses'][200]['content']['application/json'][number];
export type TermFormat = ImportReport['format'];

export const KIND_LABELS: Record<TermKind, string> = {
  preferred: 'Preferred',
  forbidden: 'Forbidden',
  do_not_translate: 'Do not translate',
};

export const termKeys = {
  all: (clientId: ClientId) => ['terms', clientId] as const,
  list: (clientId: ClientId, params: TermListParams) => [...termKeys.all(clientId), 'list', params] as const,
  suggestions: (clientId: ClientId) => [...termKeys.all(clientId), 'suggestions'] as const,
};

/** One page of a client's termbase (the next page keeps the previous one shown while it loads). */
export const termsQuery = (clientId: ClientId, params: TermListParams) =>
  queryOptions({
    queryKey: termKeys.list(clientId, params),
    queryFn: () =>
      unwrapPage(api.GET('/api/client/{id}/terms', { params: { path: { id: clientId }, query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

export const suggestionsQuery = (clientId: ClientId) =>
  queryOptions({
    queryKey: termKeys.suggestions(clientId),
    queryFn: () => unwrap(api.GET('/api/client/{id}/terms/suggestions', { params: { path: { id: clientId } } })),
  });

function useInvalidateTerms(clientId: ClientId) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: termKeys.all(clientId) });
}

/** Adds an entry when `termId` is undefined, otherwise changes that entry. */
export function useSaveTerm(clientId: ClientId, termId: number | undefined) {
  const invalidate = useInvalidateTerms(clientId);
  return useMutation({
    mutationFn: (body: TermBody) =>
      termId === undefined
        ? unwrap(api.POST('/api/client/{id}/terms', { params: { path: { id: clientId } }, body }))
        : unwrap(
            api.PUT('/api/client/{id}/terms/{term_id}', { params: { path: { id: clientId, term_id: termId } }, body }),
          ),
    onSuccess: invalidate,
  });
}

export function useDeleteTerm(clientId: ClientId) {
  const invalidate = useInvalidateTerms(clientId);
  return useMutation({
    mutationFn: (termId: number) =>
      unwrap(api.DELETE('/api/client/{id}/terms/{term_id}', { params: { path: { id: clientId, term_id: termId } } })),
    onSuccess: invalidate,
  });
}

export function useImportTerms(clientId: ClientId) {
  const invalidate = useInvalidateTerms(clientId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return unwrap(
        api.POST('/api/client/{id}/terms/import', {
          params: { path: { id: clientId } },
          body: { file: '' },
          bodySerializer: () => form,
        }),
      );
    },
    onSuccess: invalidate,
  });
}

export function useExportTerms(clientId: ClientId) {
  return useMutation({
    mutationFn: async (format: TermFormat) => {
      const blob = await unwrap(
        api.GET('/api/client/{id}/terms/export', {
          params: { path: { id: clientId }, query: { format } },
          parseAs: 'blob',
        }),
      );
      saveBlob(blob, `termbase-${clientId}.${format}`);
    },
  });
}

type ProposalsPath = paths['/api/client/{id}/term-proposals'];
export type Proposal = ProposalsPath['get']['responses'][200]['content']['application/json'][number];
export type ProposalBody = ProposalsPath['post']['requestBody']['content']['application/json'];
export type ProposalState = Proposal['state'];

export const PROPOSAL_STATE_LABELS: Record<ProposalState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  refused: 'Refused',
};

/** The most proposals shown at once, newest first. */
const PROPOSALS_SHOWN = 50;

const proposalKeys = (clientId: ClientId) => [...termKeys.all(clientId), 'proposals'] as const;

/** The client's latest term proposals, with where each stands. */
export const proposalsQuery = (clientId: ClientId) =>
  queryOptions({
    queryKey: proposalKeys(clientId),
    queryFn: () =>
      unwrapPage(
        api.GET('/api/client/{id}/term-proposals', {
          params: { path: { id: clientId }, query: { limit: PROPOSALS_SHOWN } },
        }),
        0,
      ),
  });

/** A customer proposes a term. */
export function useProposeTerm(clientId: ClientId) {
  const invalidate = useInvalidateTerms(clientId);
  return useMutation({
    mutationFn: (body: ProposalBody) =>
      unwrap(api.POST('/api/client/{id}/term-proposals', { params: { path: { id: clientId } }, body })),
    onSuccess: invalidate,
  });
}

/** Staff accept a proposal (it becomes an entry) or refuse it with an optional reason. */
export function useDecideProposal(clientId: ClientId) {
  const invalidate = useInvalidateTerms(clientId);
  return useMutation({
    mutationFn: (decision: { id: number; accept: true } | { id: number; accept: false; reason: string | null }) => {
      const path = { id: clientId, proposal_id: decision.id };
      return decision.accept
        ? unwrap(api.POST('/api/client/{id}/term-proposals/{proposal_id}/accept', { params: { path } }))
        : unwrap(
            api.POST('/api/client/{id}/term-proposals/{proposal_id}/refuse', {
              params: { path },
              body: { reason: decision.reason },
            }),
          );
    },
    onSuccess: invalidate,
  });
}
