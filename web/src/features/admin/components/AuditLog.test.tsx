import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuditEvent } from '../../../api/types';
import { adminUser, sessionFor, userRecord } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function event(id: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    occurred_at: '2026-11-24T06:12:55Z',
    user_id: 1,
    username: 'ada',
    address: '192.0.2.7',
    action: 'client_changed',
    target_kind: 'client',
    target_id: 3,
    target_label: 'Acme',
    detail: { fields: ['name', 'logo'] },
    ...overrides,
  };
}

/** Serves `events` as one page of `total`, recording every query the app sent. */
function serveLog(events: AuditEvent[], total: number) {
  const queries: URLSearchParams[] = [];
  const exports: URLSearchParams[] = [];
  server.use(
    http.get('*/api/user', () => HttpResponse.json([userRecord(adminUser, 1)])),
    http.get('*/api/audit', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(events, { headers: { 'X-Total-Count': String(total), 'X-Audit-Write-Failures': '0' } });
    }),
    http.get('*/api/audit/export', ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      return new HttpResponse('\uFEFF"time_utc"\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }),
  );
  return { queries, exports };
}

describe('Audit log', () => {
  it('opens from the URL with its filters and page, and shows the events in UTC', async () => {
    const { queries } = serveLog([event(1)], 120);
    const { router } = renderApp('/admin?tab=audit&action=client_changed&user=ada&from=2026-11-01&page=2', {
      session: sessionFor(adminUser),
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('2026-11-24 06:12:55 UTC');
    expect(row).toHaveTextContent('Client changed');
    expect(row).toHaveTextContent('Acme (client #3)');
    expect(row).toHaveTextContent('fields: name, logo');
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
    const sent = queries.at(-1);
    expect(Object.fromEntries(sent ?? [])).toEqual({
      action: 'client_changed',
      username: 'ada',
      from: '2026-11-01',
      limit: '50',
      offset: '50',
    });
    expect(screen.getByText('120 events')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.search).toContain('page=2');
  });

  it('keeps the filters in the URL, back on the first page when one changes', async () => {
    const { queries } = serveLog([event(1)], 120);
    const { user, router } = renderApp('/admin?tab=audit&page=3', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Sign-in failed' }));
    await waitFor(() => expect(queries.at(-1)?.get('action')).toBe('sign_in_failed'));
    expect(queries.at(-1)?.get('offset')).toBe('0');
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ tab: 'audit', action: 'sign_in_failed' });

    await user.type(screen.getByRole('combobox', { name: 'User' }), 'mallory');
    await waitFor(() => expect(queries.at(-1)?.get('username')).toBe('mallory'));
    expect(new URLSearchParams(router.state.location.search).get('user')).toBe('mallory');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queries.at(-1)?.get('offset')).toBe('50'));
  });

  it('exports the CSV with the current filters', async () => {
    const { exports } = serveLog([event(1)], 1);
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp('/admin?tab=audit&action=sign_in&to=2026-11-24', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.getByText('1 event')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^wordmark-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(Object.fromEntries(exports[0] ?? [])).toEqual({ action: 'sign_in', to: '2026-11-24' });
    click.mockRestore();
  });

  it('says when nothing matches and warns about events that could not be stored', async () => {
    server.use(
      http.get('*/api/user', () => HttpResponse.json([])),
      http.get('*/api/audit', () =>
        HttpResponse.json([], { headers: { 'X-Total-Count': '0', 'X-Audit-Write-Failures': '2' } }),
      ),
    );
    renderApp('/admin?tab=audit', { session: sessionFor(adminUser) });
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('2 events could not be stored');
  });
});
