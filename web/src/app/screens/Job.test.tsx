import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { assignment } from '../../features/assignments/testAssignments';
import { adminUser, sessionFor, translatorUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { jobDetail, segment } from '../../test/translation';

const details = () => screen.getByRole('complementary', { name: 'Segment details' });

/** Job 4 as the server holds it, read again after every change. */
function serveJob(segments: () => ReturnType<typeof segment>[], assignments: () => ReturnType<typeof assignment>[]) {
  server.use(
    http.get('*/api/job/4', () => HttpResponse.json(jobDetail(4, segments()))),
    http.get('*/api/job/4/segments/:segment/matches', () => HttpResponse.json([])),
    http.get('*/api/job/4/comments', () => HttpResponse.json([])),
    http.get('*/api/assignments', () => {
      const rows = assignments();
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
  );
}

describe('the job screen', () => {
  beforeEach(() => localStorage.clear());

  it("shows the translator their assignment above the editor, with the note it came back with and delivery", async () => {
    const returned = assignment(9, {
      job_id: 4,
      file_name: 'page-4.xliff',
      state: 'returned',
      reason: 'Segment 2: the price.',
      unconfirmed_segments: 1,
    });
    serveJob(
      () => [segment(1, { target: 'Eins', status: 'reviewed' }), segment(2, { target: 'Preis', status: 'needs_review' })],
      () => [returned],
    );
    renderApp('/job/4', { session: sessionFor(translatorUser) });
    expect(await screen.findByText('Segment 2: the price.')).toBeInTheDocument();
    const deliver = screen.getByRole('button', { name: 'Deliver page-4.xliff' });
    expect(deliver).toBeDisabled();
    expect(deliver).toHaveAccessibleDescription(/1 segment is not confirmed yet\./);
    // The editor opens on the segment sent back.
    expect(await within(details()).findByRole('heading', { name: 'Segment 2' })).toBeInTheDocument();
  });

  it('lets staff return the open confirmed segment with a delivered job, and shows it sent back', async () => {
    let sentBack = false;
    const returns: unknown[] = [];
    serveJob(
      () => [
        segment(1, { target: 'Eins', status: 'reviewed', origin: 'editor', revision: 2 }),
        segment(2, { target: 'Preis', status: sentBack ? 'needs_review' : 'reviewed', origin: 'editor', revision: sentBack ? 3 : 2 }),
      ],
      () => [assignment(9, { job_id: 4, file_name: 'page-4.xliff', state: sentBack ? 'returned' : 'delivered' })],
    );
    server.use(
      http.post('*/api/assignments/9/return', async ({ request }) => {
        returns.push(await request.json());
        sentBack = true;
        return HttpResponse.json(assignment(9, { job_id: 4, state: 'returned' }));
      }),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    const table = await screen.findByRole('table', { name: 'Segments' });
    await user.click(within(table).getByText('Preis'));
    expect(await within(details()).findByRole('heading', { name: 'Segment 2' })).toBeInTheDocument();
    await user.click(await within(details()).findByRole('button', { name: 'Return segment 2 to tina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return segment 2' });
    await user.type(within(dialog).getByLabelText(/What is to be fixed\?/), 'Wrong price.');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(returns).toEqual([{ note: 'Segment 2: Wrong price.', segment_ids: [2] }]));
    // The job is read again: the segment shows as sent back, and no second return is offered.
    await waitFor(() => expect(within(details()).getByText('Needs review')).toBeInTheDocument());
    expect(within(details()).queryByRole('button', { name: /Return segment/ })).toBeNull();
  });
});
