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

  it('prices by the rate only for a suggested translator with a rate for the work', () => {
    const fields = { username: 'tom', task: 'translate' as const, due: '2030-01-31T17:00', note: '', amount: '', price: 'rate' as const };
    expect(checkOffer(fields, [suggestion]).errors).toEqual({
      price: 'tom has no rate for this work in their profile: give a fixed amount.',
    });
    expect(checkOffer({ ...fields, username: 'tina' }, [suggestion]).body).toMatchObject({
      username: 'tina',
      amount: null,
      price_by_rate: true,
    });
  });
});

const suggestion = {
  username: 'tina',
  first_name: 'Tina',
  last_name: 'T',
  currency: 'GBP',
  availability: 'Weekdays, not in August',
  pairs: [{ source_lang: 'en', target_lang: 'de', rate: 0.1 }],
  weighted_words: 1234.5,
  amount: 12345,
};

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
    const { user } = renderWithProviders(<JobAssignmentPanel side="staff" jobId={11} />, { session: sessionFor(editorUser) });
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    await user.click(await screen.findByRole('combobox', { name: /^Translator/ }));
    await user.click(await screen.findByRole('option', { name: 'Tina T (tina)' }));
    await user.type(screen.getByLabelText(/Due/), '2030-01-31T17:00');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(offers).toHaveLength(1));
    expect(offers[0]).toMatchObject({ username: 'tina', task: 'post_edit', amount: null });
  });

  it('suggests the translators whose profiles fit, with their terms, and offers at the rate', async () => {
    const offers: unknown[] = [];
    server.use(
      http.get('*/api/assignments', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.get('*/api/translators', () =>
        HttpResponse.json([{ username: 'tina', first_name: 'Tina', last_name: 'T' }], { headers: { 'X-Total-Count': '1' } }),
      ),
      http.get('*/api/job/11/translators', () => HttpResponse.json([suggestion])),
      http.post('*/api/job/11/assignment', async ({ request }) => {
        offers.push(await request.json());
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<JobAssignmentPanel side="staff" jobId={11} />, { session: sessionFor(editorUser) });
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog');
    const suggested = await within(dialog).findByRole('group', { name: 'Suggested translators' });
    expect(suggested).toHaveTextContent('en → de at GBP 0.10');
    expect(suggested).toHaveTextContent('£123.45 for 1,234.5 weighted words');
    expect(suggested).toHaveTextContent('Weekdays, not in August');
    await user.click(within(suggested).getByRole('button', { name: 'Choose tina' }));
    expect(within(dialog).getByRole('radio', { name: /Translator's rate/ })).toBeChecked();
    expect(within(dialog).getByTestId('rate-price')).toHaveTextContent(
      'Price: £123.45 for 1,234.5 weighted words (en → de at GBP 0.10).',
    );
    await user.type(within(dialog).getByLabelText(/Due/), '2030-01-31T17:00');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(offers).toHaveLength(1));
    expect(offers[0]).toMatchObject({ username: 'tina', amount: null, price_by_rate: true });
  });

  it('shows the open assignment with the staff actions of its state', async () => {
    server.use(
      http.get('*/api/assignments', () =>
        HttpResponse.json([assignment(1, { state: 'delivered' })], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderWithProviders(<JobAssignmentPanel side="staff" jobId={11} />, { session: sessionFor(editorUser) });
    expect(await screen.findByText('Post-edit by tina')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return page-1.xliff' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close page-1.xliff' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
  });
});
