import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { editorUser, sessionFor } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

/** Notification `id`, unread or read, about translation project `id`. */
function notification(id: number, read: boolean) {
  return {
    id,
    kind: 'comment_added',
    subject_type: 'translation_project',
    subject_id: id,
    link: `/translation/${id}`,
    text: `Comment number ${id}`,
    created_at: '2026-11-27T10:00:00Z',
    read_at: read ? '2026-11-27T11:00:00Z' : null,
  };
}

describe('NotificationsPage', () => {
  it('pages through the notifications, shows the unread ones alone and marks them read', async () => {
    // 25 notifications, newest (highest id) first; the odd ones unread.
    let all = Array.from({ length: 25 }, (_, i) => notification(25 - i, (25 - i) % 2 === 0));
    const asked: string[] = [];
    const marked: string[] = [];
    server.use(
      http.get('*/api/notifications/unread-count', () =>
        HttpResponse.json({ count: all.filter((n) => n.read_at === null).length }),
      ),
      http.get('*/api/notifications', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query.toString());
        const rows = query.get('unread') === 'true' ? all.filter((n) => n.read_at === null) : all;
        const offset = Number(query.get('offset'));
        return HttpResponse.json(rows.slice(offset, offset + Number(query.get('limit'))), {
          headers: { 'X-Total-Count': String(rows.length) },
        });
      }),
      http.post('*/api/notifications/:id/read', ({ params }) => {
        marked.push(String(params.id));
        all = all.map((n) => (String(n.id) === params.id ? { ...n, read_at: '2026-11-27T12:00:00Z' } : n));
        return HttpResponse.json({ marked: 1 });
      }),
      http.post('*/api/notifications/read-all', () => {
        marked.push('all');
        all = all.map((n) => ({ ...n, read_at: '2026-11-27T12:00:00Z' }));
        return HttpResponse.json({ marked: 13 });
      }),
    );
    const { user } = renderApp('/notifications', { session: sessionFor(editorUser) });
    expect(await screen.findByText('13 unread')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comment number 25' })).toHaveAttribute('href', '/translation/25');
    expect(screen.queryByText('Comment number 5')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Comment number 5')).toBeInTheDocument();
    expect(asked).toContain('sort=date&limit=20&offset=20');

    await user.click(screen.getByText('Unread'));
    expect(await screen.findByRole('link', { name: 'Comment number 25' })).toBeInTheDocument();
    expect(screen.queryByText('Comment number 24')).not.toBeInTheDocument();
    expect(asked).toContain('sort=date&limit=20&offset=0&unread=true');

    await user.click(screen.getByRole('button', { name: 'Mark read: Comment number 25' }));
    await waitFor(() => expect(marked).toEqual(['25']));
    expect(await screen.findByText('12 unread')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Comment number 25')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(marked).toEqual(['25', 'all']));
    expect(await screen.findByText('Nothing unread.')).toBeInTheDocument();
    expect(screen.getByText('Everything is read.')).toBeInTheDocument();
  });
});
