import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { editorUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import type { MemoryEntry } from '../api';
import { MemoryTable } from './MemoryTable';

const entry = (id: number, source: string, target: string): MemoryEntry => ({
  id,
  source,
  target,
  source_lang: 'en',
  target_lang: 'de',
  markup: 'html',
  origin: 'file',
  props: [],
  resname: null,
  updated_at: '2026-11-24T10:00:00Z',
});

describe('MemoryTable', () => {
  it('searches, refuses a blank target before sending, saves an edit and imports a TMX with its report', async () => {
    const searched: (string | null)[] = [];
    const saved: unknown[] = [];
    server.use(
      http.get('*/api/client/3/memory', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        searched.push(q);
        const rows = q === 'uns' ? [entry(2, 'About us', 'Über uns')] : [entry(1, 'Save', 'Speichern'), entry(2, 'About us', 'Über uns')];
        return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
      }),
      http.put('*/api/client/3/memory/2', async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return HttpResponse.json({ ...entry(2, 'About us', 'Über uns'), target: 'Wir über uns' });
      }),
      http.post('*/api/client/3/memory/import', () =>
        HttpResponse.json({
          units: 4,
          entries: 3,
          added: 1,
          updated: 1,
          merged: 1,
          merged_examples: ['Hello'],
          skipped: 1,
          empty_targets: 0,
        }),
      ),
    );
    const { user } = renderWithProviders(<MemoryTable clientId={3} />, { session: sessionFor(editorUser) });
    await screen.findByText('Speichern');

    await user.type(screen.getByRole('textbox', { name: 'Search sources and targets' }), 'uns');
    await waitFor(() => expect(screen.queryByText('Speichern')).not.toBeInTheDocument());
    expect(searched).toContain('uns');

    await user.click(screen.getByRole('button', { name: 'Edit entry About us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit memory entry' });
    const target = within(dialog).getByRole('textbox', { name: 'Target' });
    await user.clear(target);
    expect(within(dialog).getByText('The target must not be blank; delete the entry instead')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(target, 'Wir über uns');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ target: 'Wir über uns' }]));

    await user.click(screen.getByRole('button', { name: 'Import TMX' }));
    const modal = await screen.findByRole('dialog', { name: 'Import a TMX file' });
    const input = modal.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['<tmx/>'], 'memory.tmx', { type: 'application/x-tmx+xml' }));
    await user.click(within(modal).getByRole('button', { name: 'Import' }));
    expect(
      await within(modal).findByText(
        '4 units read, giving 3 entries: 1 added, 1 replacing an entry with the same source, 1 replaced by a later unit of the file with the same source.',
      ),
    ).toBeInTheDocument();
    expect(within(modal).getByText('Replaced within the file, for example: “Hello”.')).toBeInTheDocument();
  });
});
