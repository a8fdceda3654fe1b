import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { assignmentKeys } from '../../../api/queryKeys';
import { editorUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { assignment } from '../testAssignments';
import { ReturnSegmentButton } from './ReturnSegmentButton';

const confirmed = { id: 501, position: 6, status: 'reviewed' };

function listing(state: 'accepted' | 'delivered') {
  server.use(
    http.get('*/api/assignments', () =>
      HttpResponse.json([assignment(4, { job_id: 12, state })], { headers: { 'X-Total-Count': '1' } }),
    ),
  );
}

describe('ReturnSegmentButton', () => {
  it('sends the confirmed segment back with the delivered job and a numbered note', async () => {
    listing('delivered');
    const returns: unknown[] = [];
    server.use(
      http.post('*/api/assignments/4/return', async ({ request }) => {
        returns.push(await request.json());
        return HttpResponse.json(assignment(4, { job_id: 12, state: 'returned' }));
      }),
    );
    const { user } = renderWithProviders(<ReturnSegmentButton jobId={12} segment={confirmed} />, {
      session: sessionFor(editorUser),
    });
    await user.click(await screen.findByRole('button', { name: 'Return segment 7 to tina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return segment 7' });
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText('This is required.')).toBeInTheDocument();
    expect(returns).toEqual([]);
    await user.type(within(dialog).getByLabelText(/What is to be fixed\?/), 'The price is wrong.');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(returns).toEqual([{ note: 'Segment 7: The price is wrong.', segment_ids: [501] }]));
    expect(await screen.findByText('Segment 7 returned to tina with the job.')).toBeInTheDocument();
  });

  it.each([
    ['before delivery', 'accepted', confirmed],
    ['for a segment the translator did not confirm', 'delivered', { ...confirmed, status: 'translated' }],
  ] as const)('offers nothing %s', async (_, state, segment) => {
    listing(state);
    const { queryClient } = renderWithProviders(<ReturnSegmentButton jobId={12} segment={segment} />, {
      session: sessionFor(editorUser),
    });
    // Once the job's assignments are read, the button is decided.
    await waitFor(() => expect(queryClient.getQueryState(assignmentKeys.ofJob(12))?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: /Return segment/ })).toBeNull();
  });
});
