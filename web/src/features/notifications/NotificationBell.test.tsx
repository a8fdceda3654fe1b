import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../test/fixtures';
import { dashboardHandlers } from '../../test/handlers';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const unread = {
  id: 7,
  kind: 'comment_added',
  subject_type: 'translation_project',
  subject_id: 3,
  link: '/translation/3',
  text: 'Kim commented on "Website"',
  created_at: '2026-11-27T10:00:00Z',
  read_at: null,
};

describe('NotificationBell', () => {
  it('shows the unread count, lists the notifications and marks them read', async () => {
    let count = 1;
    const marked: string[] = [];
    server.use(
      ...dashboardHandlers(),
      http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count })),
      http.get('*/api/notifications', () =>
        HttpResponse.json([unread], { headers: { 'X-Total-Count': '1' } }),
      ),
      http.post('*/api/notifications/read-all', ({ request }) => {
        marked.push(new URL(request.url).pathname);
        count = 0;
        return HttpResponse.json({ marked: 1 });
      }),
    );
    const { user } = renderApp('/', { session: sessionFor(adminUser) });

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const link = await screen.findByRole('link', { name: 'Kim commented on "Website"' });
    expect(link).toHaveAttribute('href', '/translation/3');

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(marked).toEqual(['/api/notifications/read-all']));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
