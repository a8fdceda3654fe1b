import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Answers every test needs: the header's bell asks for the unread count on every screen. */
export const server = setupServer(
  http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count: 0 })),
);
