import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Answers every test needs: the header's bell asks for the unread count on every screen, the
 * account screen for the notification settings (all on). */
export const server = setupServer(
  http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count: 0 })),
  // The assign forms' suggestions: no translator profile fits unless a test says otherwise.
  http.get('*/api/job/:id/translators', () => HttpResponse.json([])),
  http.get('*/api/translation/:id/translators', () => HttpResponse.json([])),
  http.get('*/api/notifications/preferences', () =>
    HttpResponse.json(
      (
        [
          'review_link_created',
          'review_submitted',
          'comment_added',
          'project_completed',
          'request_received',
          'quote_sent',
          'quote_accepted',
          'quote_declined',
          'term_proposed',
          'term_proposal_answered',
          'assignment_offered',
          'assignment_accepted',
          'assignment_declined',
          'assignment_delivered',
          'assignment_returned',
          'assignment_withdrawn',
          'site_pages_changed',
          'assignment_due_soon',
          'assignment_overdue',
        ] as const
      ).map((kind) => ({
        kind,
        in_app: true,
        email: true,
      })),
    ),
  ),
);
