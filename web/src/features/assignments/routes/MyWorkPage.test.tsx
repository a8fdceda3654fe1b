import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { sessionFor, translatorUser } from '../../../test/fixtures';
import { renderApp, renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { assignment } from '../testAssignments';
import { MyWorkPage } from './MyWorkPage';

const rows = [
  assignment(2, { state: 'accepted', due_at: '2020-01-01T10:00:00Z' }),
  assignment(1, { state: 'offered' }),
];

describe('MyWorkPage', () => {
  it('lists the work by due date with its state, overdue mark, words and amount', async () => {
    server.use(http.get('*/api/assignments', () => HttpResponse.json(rows, { headers: { 'X-Total-Count': '2' } })));
    renderWithProviders(<MyWorkPage />, { session: sessionFor(translatorUser) });
    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('two rows of work expected');
    expect(within(first).getByRole('link', { name: 'page-2.xliff' })).toHaveAttribute('href', '/job/12');
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Deliver page-2.xliff' })).toBeInTheDocument();
    expect(within(second).getByText('Offered')).toBeInTheDocument();
    expect(within(second).getByText('420')).toBeInTheDocument();
    expect(within(second).getByText('€12.50')).toBeInTheDocument();
    expect(within(second).queryByText('Overdue')).toBeNull();
  });

  it('says why a job cannot be delivered while segments are not confirmed', async () => {
    const open = assignment(1, { state: 'accepted', unconfirmed_segments: 12 });
    server.use(http.get('*/api/assignments', () => HttpResponse.json([open], { headers: { 'X-Total-Count': '1' } })));
    renderWithProviders(<MyWorkPage />, { session: sessionFor(translatorUser) });
    const deliver = await screen.findByRole('button', { name: 'Deliver page-1.xliff' });
    expect(deliver).toBeDisabled();
    expect(deliver).toHaveAccessibleDescription(/12 segments are not confirmed yet\./);
  });

  it('downloads the purchase order of accepted work only', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/assignments', () =>
        HttpResponse.json([assignment(1, { state: 'accepted', has_order: true }), assignment(2)], {
          headers: { 'X-Total-Count': '2' },
        }),
      ),
      http.get('*/api/assignments/1/order.pdf', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return new HttpResponse(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:order');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderWithProviders(<MyWorkPage />, { session: sessionFor(translatorUser) });
    await user.click(await screen.findByRole('button', { name: 'Purchase order of page-1.xliff' }));
    await waitFor(() => expect(names).toEqual(['PO-000001.pdf']));
    expect(asked).toEqual(['/api/assignments/1/order.pdf']);
    expect(screen.queryByRole('button', { name: 'Purchase order of page-2.xliff' })).toBeNull();
    click.mockRestore();
  });

  it('accepts an offer, and declines one only with a reason', async () => {
    const calls: unknown[] = [];
    server.use(
      http.get('*/api/assignments', () => HttpResponse.json([assignment(1)], { headers: { 'X-Total-Count': '1' } })),
      http.post('*/api/assignments/1/accept', () => {
        calls.push('accept');
        return HttpResponse.json(assignment(1, { state: 'accepted' }));
      }),
      http.post('*/api/assignments/1/decline', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json(assignment(1, { state: 'declined' }));
      }),
    );
    const { user } = renderWithProviders(<MyWorkPage />, { session: sessionFor(translatorUser) });
    await user.click(await screen.findByRole('button', { name: 'Accept page-1.xliff' }));
    await waitFor(() => expect(calls).toEqual(['accept']));

    await user.click(screen.getByRole('button', { name: 'Decline page-1.xliff' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('This is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Why do you decline/ }), 'On holiday');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(calls).toEqual(['accept', { reason: 'On holiday' }]));
  });

  it("is a translator's home, and their navigation shows only their work and account", async () => {
    server.use(http.get('*/api/assignments', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    renderApp('/', { session: sessionFor(translatorUser) });
    expect(await screen.findByText(/No work yet/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link').map((link) => link.getAttribute('aria-label'));
    expect(links).toEqual(['My work', 'Account']);
  });
});
