import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { editorUser, sessionFor, userRecord } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

describe('NotificationPreferences', () => {
  it('saves the changed choices of the account screen', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/user/:username', () => HttpResponse.json(userRecord(editorUser, 2))),
      http.put('*/api/notifications/preferences', async ({ request }) => {
        const body = (await request.json()) as object[];
        sent = body;
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderApp('/account', { session: sessionFor(editorUser) });
    const mail = await screen.findByRole('checkbox', { name: 'A comment was added: by e-mail' });
    expect(mail).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();

    await user.click(mail);
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ kind: 'comment_added', in_app: true, email: false }),
    );
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
  });
});
