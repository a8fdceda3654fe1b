import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { builtInScheme, paged } from '../../../test/handlers';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import type { MtSettings } from '../api';

const settings: MtSettings = {
  provider: 'deepl',
  api_key_set: true,
  api_key_hint: '1234',
  base_url: null,
  model: null,
  formality: null,
  glossary_id: null,
  english_variant: 'en-gb',
  source: 'settings',
};

async function openSettings() {
  const puts: unknown[] = [];
  server.use(
    http.get('*/api/user', () => HttpResponse.json([])),
    // The users tab's client filter and the default rate scheme beside the MT settings.
    http.get('*/api/client', ({ request }) => paged(request, [])),
    http.get('*/api/settings/rate-scheme', () => HttpResponse.json(builtInScheme)),
    http.get('*/api/settings/mt', () => HttpResponse.json(settings)),
    http.put('*/api/settings/mt', async ({ request }) => {
      puts.push(await request.json());
      return HttpResponse.json(settings);
    }),
    http.post('*/api/settings/mt/test', () =>
      HttpResponse.json({ ok: true, message: 'DeepL answered', usage: { characters_used: 1200, characters_limit: 500000 } }),
    ),
  );
  const view = renderApp('/admin', { session: sessionFor(adminUser) });
  await view.user.click(await screen.findByRole('tab', { name: 'Settings' }));
  await screen.findByRole('heading', { name: 'Machine translation' });
  return { ...view, puts };
}

describe('MT settings', () => {
  it('never shows the key, only that one is set and how it ends', async () => {
    const { container } = await openSettings();
    expect(screen.getByText(/A key is set, ends with …1234/)).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveValue('');
    expect(container.innerHTML).not.toMatch(/secret/);
  });

  it('keeps the stored key unless a new one is typed', async () => {
    const { user, puts } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).not.toHaveProperty('api_key');
    expect(puts[0]).toMatchObject({ provider: 'deepl', english_variant: 'en-gb' });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();

    await user.type(screen.getByLabelText('API key'), 'new-secret:fx');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ api_key: 'new-secret:fx' });
  });

  it('tests the connection and shows the usage', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('DeepL answered')).toBeInTheDocument();
    expect(screen.getByText('Usage: 1,200 of 500,000 characters this period')).toBeInTheDocument();
  });
});
