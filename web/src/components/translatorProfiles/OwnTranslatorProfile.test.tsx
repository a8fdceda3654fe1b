import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { sessionFor, translatorUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { OwnTranslatorProfile } from './OwnTranslatorProfile';

describe('OwnTranslatorProfile', () => {
  it('shows the terms staff set and saves the translator’s availability', async () => {
    const saved: unknown[] = [];
    const profile = {
      username: translatorUser.username,
      currency: 'GBP',
      default_rate: 0.1,
      availability: 'Weekdays',
      pairs: [
        { source_lang: 'en', target_lang: 'de', rate: null },
        { source_lang: 'en', target_lang: 'pt-br', rate: 0.125 },
      ],
      updated_at: '2030-01-01T00:00:00Z',
    };
    server.use(
      http.get('*/api/account/translator-profile', () => HttpResponse.json(profile)),
      http.put('*/api/account/translator-profile', async ({ request }) => {
        const body = (await request.json()) as { availability: string | null };
        saved.push(body);
        return HttpResponse.json({ ...profile, ...body, updated_at: '2030-01-02T00:00:00Z' });
      }),
    );
    const { user } = renderWithProviders(<OwnTranslatorProfile />, { session: sessionFor(translatorUser) });
    const pairs = await screen.findByRole('table', { name: 'Your language pairs' });
    expect(within(pairs).getByRole('row', { name: /en → de/ })).toHaveTextContent('GBP 0.10');
    expect(within(pairs).getByRole('row', { name: /en → pt-br/ })).toHaveTextContent('GBP 0.125');
    const note = screen.getByRole('textbox', { name: /^Availability/ });
    await user.clear(note);
    await user.type(note, 'From 3 March');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(saved).toEqual([{ availability: 'From 3 March' }]));
    expect(await screen.findByText('Your availability was saved.')).toBeInTheDocument();
  });
});
