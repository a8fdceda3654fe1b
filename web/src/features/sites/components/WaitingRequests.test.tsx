import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { customerUser, sessionFor, siteRequestFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { WaitingRequests } from './WaitingRequests';

describe('WaitingRequests', () => {
  it('shows the customer what they asked for until it is a project', async () => {
    server.use(http.get('*/api/site-requests', () => HttpResponse.json([siteRequestFixture])));
    renderWithProviders(<WaitingRequests />, { session: sessionFor(customerUser) });
    const request = await screen.findByRole('article', { name: 'Request “Team page in French”' });
    expect(screen.getByRole('heading', { name: 'Requests with the agency' })).toBeInTheDocument();
    expect(request).toHaveTextContent('Waiting for its quote');
    expect(request).toHaveTextContent('Acme shop');
    expect(request).toHaveTextContent('into fr; needed by 2026-12-20');
    expect(request).toHaveTextContent('Our team');
    expect(request).toHaveTextContent('Item 99 (no longer on the site)');
    // The customer cannot make the project: no button.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing when nothing waits', async () => {
    let asked = false;
    server.use(
      http.get('*/api/site-requests', () => {
        asked = true;
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<WaitingRequests />, { session: sessionFor(customerUser) });
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Requests with the agency' })).not.toBeInTheDocument();
  });
});
