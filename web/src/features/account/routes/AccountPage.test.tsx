import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getSession } from '../../../api/session';
import { editorUser, sessionFor, userRecord } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function setup() {
  const updates: unknown[] = [];
  server.use(
    http.get('*/api/user/:username', () => HttpResponse.json(userRecord(editorUser, 2))),
    http.put('*/api/user/:username', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      updates.push(body);
      return HttpResponse.json({ ...userRecord(editorUser, 2), ...body });
    }),
  );
  const view = renderApp('/account', { session: sessionFor(editorUser) });
  const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
  return { ...view, updates, field };
}

describe('AccountPage', () => {
  it('saves names without a password or role when the password fields are empty', async () => {
    const { user, updates, field } = setup();
    await screen.findByDisplayValue(editorUser.first_name);
    await user.clear(field(/^first name/i));
    await user.type(field(/^first name/i), 'Edwina');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Account information updated')).toBeInTheDocument();
    expect(updates).toEqual([{ first_name: 'Edwina', last_name: editorUser.last_name, email: editorUser.email }]);
    expect(getSession()?.user_object.first_name).toBe('Edwina');
    expect(await screen.findByText('Howdy, Edwina Itor!')).toBeInTheDocument();
  });

  it('warns about a mismatching confirmation and sends nothing', async () => {
    const { user, updates, field } = setup();
    await screen.findByDisplayValue(editorUser.first_name);
    await user.type(field(/^password/i), 'new-password-1');
    await user.type(field(/^confirm password/i), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(updates).toEqual([]);
  });

  it('sends a matching password with its confirmation and clears the fields', async () => {
    const { user, updates, field } = setup();
    await screen.findByDisplayValue(editorUser.first_name);
    await user.type(field(/^password/i), 'new-password-1');
    await user.type(field(/^confirm password/i), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ password: 'new-password-1', confirm_password: 'new-password-1' });
    await waitFor(() => expect(field(/^password/i)).toHaveValue(''));
  });

  it("shows the server's message as a warning", async () => {
    const { user } = setup();
    server.use(
      http.put('*/api/user/:username', () => HttpResponse.json({ message: 'Email already in use' }, { status: 409 })),
    );
    await screen.findByDisplayValue(editorUser.first_name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already in use');
  });
});
