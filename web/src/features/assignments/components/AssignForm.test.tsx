import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { editorUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { assignment } from '../testAssignments';
import { checkOffer } from './AssignForm';
import { JobAssignmentPanel } from './JobAssignmentPanel';

describe('checkOffer', () => {
  it('asks for a translator, a due time and a non-negative amount', () => {
    expect(checkOffer({ username: null, task: 'translate', due: '', note: '', amount: -1 }).errors).toEqual({
      username: 'Choose a translator.',
      due: 'Enter the due date and time.',
      amount: 'Enter an amount of 0 or more.',
    });
    const { body } = checkOffer({ username: 'tina', task: 'translate', due: '2030-01-31T17:00', note: ' ', amount: 12.5 });
    expect(body).toMatchObject({ username: 'tina', task: 'translate', note: null, amount: 1250 });
    expect(body?.due_at).toBe(new Date('2030-01-31T17:00').toISOString());
  });
});

describe('JobAssignmentPanel', () => {
  it('offers an unassigned job to a chosen translator', async () => {
    const offers: unknown[] = [];
    server.use(
      http.get('*/api/assignments', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.get('*/api/translators', () =>
        HttpResponse.json([{ username: 'tina', first_name: 'Tina', last_name: 'T' }], { headers: { 'X-Total-Count': '1' } }),
      ),
      http.post('*/api/job/11/assignment', async ({ request }) => {
        offers.push(await request.json());
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<JobAssignmentPanel jobId={11} />, { session: sessionFor(editorUser) });
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    await user.click(await screen.findByRole('combobox', { name: /^Translator/ }));
    await user.click(await screen.findByRole('option', { name: 'Tina T (tina)' }));
    await user.type(screen.getByLabelText(/Due/), '2030-01-31T17:00');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(offers).toHaveLength(1));
    expect(offers[0]).toMatchObject({ username: 'tina', task: 'post_edit', amount: null });
  });

  it('shows the open assignment with the staff actions of its state', async () => {
    server.use(
      http.get('*/api/assignments', () =>
        HttpResponse.json([assignment(1, { state: 'delivered' })], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderWithProviders(<JobAssignmentPanel jobId={11} />, { session: sessionFor(editorUser) });
    expect(await screen.findByText('Post-edit by tina')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return page-1.xliff' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close page-1.xliff' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
  });
});
