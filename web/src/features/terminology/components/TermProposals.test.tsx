import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { customerUser, editorUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import type { Proposal, ProposalBody } from '../api';
import { TermProposals } from './TermProposals';

const refused: Proposal = {
  id: 4,
  source_lang: 'en',
  target_lang: 'de',
  source: 'cart',
  target: 'Karren',
  note: null,
  state: 'refused',
  proposed_at: '2026-11-27T10:00:00Z',
  decided_at: '2026-11-27T11:00:00Z',
  reason: 'We say Warenkorb.',
  term_id: null,
};

/** Answers the client's proposals from `rows`, which a test changes. */
function listing(rows: () => Proposal[]) {
  return http.get('*/api/client/3/term-proposals', () =>
    HttpResponse.json(rows(), { headers: { 'X-Total-Count': String(rows().length) } }),
  );
}

describe('TermProposals', () => {
  it('checks a proposal before sending it, then shows it pending beside the decided ones', async () => {
    let rows = [refused];
    const sent: ProposalBody[] = [];
    server.use(
      listing(() => rows),
      http.post('*/api/client/3/term-proposals', async ({ request }) => {
        const body = (await request.json()) as ProposalBody;
        sent.push(body);
        const created: Proposal = { ...refused, ...body, id: 5, state: 'pending', decided_at: null, reason: null };
        rows = [created, ...rows];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<TermProposals clientId={3} />, { session: sessionFor(customerUser) });
    expect(await screen.findByText('We say Warenkorb.')).toBeInTheDocument();
    expect(screen.getByText('Refused')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Propose a term' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a term' });
    await user.type(within(dialog).getByLabelText(/Target language/), 'en');
    await user.click(within(dialog).getByRole('button', { name: 'Send the proposal' }));
    expect(within(dialog).getByText('The target language must differ from the source language')).toBeInTheDocument();
    expect(within(dialog).getByText('The source term is required')).toBeInTheDocument();
    expect(within(dialog).getByText('The target term is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/Target language/));
    await user.type(within(dialog).getByLabelText(/Target language/), 'de');
    await user.type(within(dialog).getByLabelText(/Source term/), ' checkout ');
    await user.type(within(dialog).getByLabelText(/Target term/), 'Kasse');
    await user.type(within(dialog).getByLabelText(/Note/), 'On the cart page');
    await user.click(within(dialog).getByRole('button', { name: 'Send the proposal' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { source_lang: 'en', target_lang: 'de', source: 'checkout', target: 'Kasse', note: 'On the cart page' },
      ]),
    );
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('checkout')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept the proposal/ })).not.toBeInTheDocument();
  });

  it('lets staff accept or refuse a pending proposal with a reason', async () => {
    const pending: Proposal = { ...refused, id: 6, source: 'checkout', target: 'Kasse', state: 'pending', decided_at: null, reason: null };
    let rows = [pending];
    const decisions: { path: string; body: unknown }[] = [];
    server.use(
      listing(() => rows),
      http.post('*/api/client/3/term-proposals/6/:decision', async ({ request, params }) => {
        const body = params.decision === 'refuse' ? await request.json() : null;
        decisions.push({ path: String(params.decision), body });
        const decided: Proposal = {
          ...pending,
          state: params.decision === 'accept' ? 'accepted' : 'refused',
          reason: (body as { reason?: string } | null)?.reason ?? null,
        };
        rows = [decided];
        return HttpResponse.json(decided);
      }),
    );
    const { user } = renderWithProviders(<TermProposals clientId={3} />, { session: sessionFor(editorUser) });
    await user.click(await screen.findByRole('button', { name: 'Refuse the proposal checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the proposal' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Not our style.');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(decisions).toEqual([{ path: 'refuse', body: { reason: 'Not our style.' } }]));
    expect(await screen.findByText('Not our style.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose a term' })).not.toBeInTheDocument();
  });
});
