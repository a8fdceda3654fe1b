import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, editorUser, sessionFor, userRecord } from '../../../test/fixtures';
import { paged } from '../../../test/handlers';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

describe('InviteUserModal', () => {
  it('checks the invitation before sending it, then sends it', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/client', ({ request }) => paged(request, [])),
      http.get('*/api/user', () => HttpResponse.json([userRecord(adminUser, 1), userRecord(editorUser, 2)])),
      http.post('*/api/invitations', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderApp('/admin', { session: sessionFor(adminUser) });
    await screen.findByRole('link', { name: editorUser.username });
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const form = within(await screen.findByRole('dialog', { name: 'Invite by e-mail' }));
    const field = (label: RegExp) => form.getByLabelText(label, { selector: 'input' });

    await user.type(field(/^email/i), 'kim');
    await user.click(form.getByRole('button', { name: 'Send Invitation' }));
    expect(await form.findByText('Not an e-mail address')).toBeInTheDocument();
    expect(form.getByText('A customer belongs to at least one client.')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(field(/^email/i), '@example.com');
    await user.type(field(/^first name/i), 'Kim');
    await user.type(field(/^last name/i), 'Lee');
    await user.click(field(/^role/i));
    await user.click(await screen.findByRole('option', { name: 'editor' }));
    await user.click(form.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(sent).toEqual({
        email: 'kim@example.com',
        first_name: 'Kim',
        last_name: 'Lee',
        role: 'editor',
        client_ids: [],
      }),
    );
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
  });
});
