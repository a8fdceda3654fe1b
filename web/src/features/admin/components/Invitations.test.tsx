import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { paged } from '../../../test/handlers';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const acme = { id: 7, client_name: 'Acme', client_logo: null, date_created: '2026-03-01T09:30:00Z', author: null };

const open = {
  id: 2,
  email: 'kim@example.com',
  role: 'customer',
  first_name: 'Kim',
  last_name: 'Lee',
  client_ids: [7],
  state: 'open',
  invited_by: 1,
  created_at: '2026-11-26T10:00:00Z',
  expires_at: '2026-12-03T10:00:00Z',
  user_id: null,
};
const accepted = { ...open, id: 1, email: 'ed@example.com', role: 'editor', client_ids: [], state: 'accepted', user_id: 4 };

describe('Invitations', () => {
  it('lists the invitations with their clients and withdraws an open one after asking', async () => {
    let rows = [open, accepted];
    const revoked: number[] = [];
    server.use(
      http.get('*/api/invitations', ({ request }) => paged(request, rows)),
      http.get('*/api/client', ({ request }) => paged(request, [acme])),
      http.delete('*/api/invitations/:id', ({ params }) => {
        revoked.push(Number(params.id));
        const withdrawn = { ...open, state: 'revoked' };
        rows = [withdrawn, accepted];
        return HttpResponse.json(withdrawn);
      }),
    );
    const { user } = renderApp('/admin?tab=invitations', { session: sessionFor(adminUser) });
    const kim = (await screen.findByText('kim@example.com')).closest('tr') as HTMLElement;
    expect(await within(kim).findByText('Acme')).toBeInTheDocument();
    expect(within(kim).getByText('Open')).toBeInTheDocument();
    const ed = screen.getByText('ed@example.com').closest('tr') as HTMLElement;
    expect(within(ed).getByText('Accepted')).toBeInTheDocument();
    expect(within(ed).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(kim).getByRole('button', { name: 'Withdraw the invitation of kim@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(revoked).toEqual([2]));
    expect(await within(kim).findByText('Withdrawn')).toBeInTheDocument();
    expect(within(kim).queryByRole('button')).not.toBeInTheDocument();
  });
});
