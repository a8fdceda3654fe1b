import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, editorUser, sessionFor, translatorUser, userRecord } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

describe('UserDetailPage', () => {
  it('lets an admin change another user’s role through PUT', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/user/ed', () => HttpResponse.json(userRecord(editorUser, 2))),
      http.put('*/api/user/ed', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...userRecord(editorUser, 2), role: 'translator' });
      }),
    );
    const { user } = renderApp('/admin/user/ed', { session: sessionFor(adminUser) });
    await screen.findByDisplayValue(editorUser.first_name);

    await user.click(screen.getByLabelText(/^role/i, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Translator' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent).toEqual({
        first_name: editorUser.first_name,
        last_name: editorUser.last_name,
        email: editorUser.email,
        role: 'translator',
        client_ids: [],
      }),
    );
    expect(await screen.findByText('Account information updated')).toBeInTheDocument();
  });

  it('shows a translator’s profile to who manages users, and none for other roles', async () => {
    server.use(
      http.get('*/api/user/tina', () => HttpResponse.json(userRecord(translatorUser, 3))),
      http.get('*/api/user/tina/translator-profile', () =>
        HttpResponse.json({
          username: 'tina',
          currency: 'GBP',
          default_rate: 0.1,
          availability: 'Weekdays',
          pairs: [{ source_lang: 'en', target_lang: 'de', rate: null }],
          updated_at: '2030-01-01T00:00:00Z',
        }),
      ),
      http.get('*/api/user/ed', () => HttpResponse.json(userRecord(editorUser, 2))),
    );
    const { unmount } = renderApp('/admin/user/tina', { session: sessionFor(adminUser) });
    expect(await screen.findByRole('heading', { name: 'Translator profile' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('GBP')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Language pairs' })).toBeInTheDocument();
    unmount();

    renderApp('/admin/user/ed', { session: sessionFor(adminUser) });
    await screen.findByDisplayValue(editorUser.first_name);
    expect(screen.queryByRole('heading', { name: 'Translator profile' })).toBeNull();
  });

  it('warns when the user does not exist', async () => {
    server.use(http.get('*/api/user/ghost', () => HttpResponse.json({ message: 'No such user' }, { status: 404 })));
    renderApp('/admin/user/ghost', { session: sessionFor(adminUser) });
    expect(await screen.findByText('User not found')).toBeInTheDocument();
  });

  it('keeps other users away from someone else’s details', () => {
    renderApp('/admin/user/ada', { session: sessionFor(editorUser) });
    expect(screen.getByRole('alert')).toHaveTextContent('You are not authorized to be here...');
  });

  it('lets a non-admin edit themself without a role field', async () => {
    server.use(http.get('*/api/user/ed', () => HttpResponse.json(userRecord(editorUser, 2))));
    renderApp('/admin/user/ed', { session: sessionFor(editorUser) });
    await screen.findByDisplayValue(editorUser.first_name);
    expect(screen.queryByLabelText(/^role/i, { selector: 'input' })).not.toBeInTheDocument();
  });
});
