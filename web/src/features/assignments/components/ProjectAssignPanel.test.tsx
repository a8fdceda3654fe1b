import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { editorUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { ProjectAssignPanel } from './ProjectAssignPanel';

describe('ProjectAssignPanel', () => {
  it("offers the project's jobs to one translator and says how many", async () => {
    const offers: unknown[] = [];
    server.use(
      http.get('*/api/translators', () =>
        HttpResponse.json([{ username: 'tina', first_name: 'Tina', last_name: 'T' }], { headers: { 'X-Total-Count': '1' } }),
      ),
      http.post('*/api/translation/5/assignments', async ({ request }) => {
        offers.push(await request.json());
        return HttpResponse.json({ ids: [7, 8, 9] }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ProjectAssignPanel projectId={5} />, { session: sessionFor(editorUser) });
    await user.click(screen.getByRole('button', { name: 'Assign all jobs' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /^Translator/ }));
    await user.click(await screen.findByRole('option', { name: 'Tina T (tina)' }));
    await user.type(within(dialog).getByLabelText(/Due/), '2030-01-31T17:00');
    await user.type(within(dialog).getByLabelText(/Fixed amount per job/), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(offers).toHaveLength(1));
    expect(offers[0]).toMatchObject({ username: 'tina', task: 'post_edit', amount: 4000 });
    expect(await screen.findByText('Offered 3 jobs to tina.')).toBeInTheDocument();
  });
});
