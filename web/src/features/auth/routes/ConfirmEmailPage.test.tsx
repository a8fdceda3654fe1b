import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

describe('ConfirmEmailPage', () => {
  it('confirms the new address only when asked, and names a used link', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/email-change/abc', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ username: 'cora', email: 'cora@new.example' })
          : HttpResponse.json({ message: 'This link was used or never existed.' }, { status: 404 });
      }),
    );
    const { user } = renderApp('/account/email/abc');
    await user.click(await screen.findByRole('button', { name: 'Confirm the new address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('cora@new.example is now the address of your account, cora.');
    expect(calls).toBe(1);
  });
});
