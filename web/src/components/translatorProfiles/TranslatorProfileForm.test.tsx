import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { TranslatorProfileSection } from './TranslatorProfileForm';

const profile = {
  username: 'tina',
  currency: 'EUR',
  default_rate: 0.08,
  availability: null,
  pairs: [{ source_lang: 'en', target_lang: 'de', rate: null }],
  updated_at: '2030-01-01T00:00:00Z',
};

function setup() {
  const saved: unknown[] = [];
  server.use(
    http.get('*/api/user/tina/translator-profile', () => HttpResponse.json(profile)),
    http.put('*/api/user/tina/translator-profile', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json({ ...profile, ...body, updated_at: '2030-01-02T00:00:00Z' });
    }),
  );
  const view = renderWithProviders(<TranslatorProfileSection username="tina" />, { session: sessionFor(adminUser) });
  return { ...view, saved };
}

describe('TranslatorProfileSection', () => {
  it('adds a pair with its own rate, changes the currency and saves the whole profile', async () => {
    const { user, saved } = setup();
    const pairs = await screen.findByRole('table', { name: 'Language pairs' });
    expect(within(pairs).getAllByRole('row')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Add pair' }));
    // Typed first: the list of every language is long to render whole.
    await user.type(screen.getByRole('combobox', { name: 'Source language of pair 2' }), 'Engl');
    await user.click(await screen.findByRole('option', { name: 'English (en)' }));
    await user.type(screen.getByRole('combobox', { name: 'Target language of pair 2' }), 'Brazil');
    await user.click(await screen.findByRole('option', { name: 'Portuguese (Brazil) (pt-br)' }));
    await user.type(screen.getByRole('textbox', { name: 'Rate of pair 2' }), '0.125');
    const currency = screen.getByRole('textbox', { name: /^Currency/ });
    await user.clear(currency);
    await user.type(currency, 'gbp');
    await user.type(screen.getByRole('textbox', { name: /^Availability/ }), 'Weekdays');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      currency: 'GBP',
      default_rate: 0.08,
      availability: 'Weekdays',
      pairs: [
        { source_lang: 'en', target_lang: 'de', rate: null },
        { source_lang: 'en', target_lang: 'pt-br', rate: 0.125 },
      ],
    });
  });

  it('names what is wrong before sending anything, and removes a pair', async () => {
    const { user, saved } = setup();
    await screen.findByRole('table', { name: 'Language pairs' });
    await user.click(screen.getByRole('button', { name: 'Add pair' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Choose the source language.')).toBeInTheDocument();
    expect(screen.getByText('Choose the target language.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove pair 2 (source → target)' }));
    await user.click(screen.getByRole('button', { name: 'Remove pair 1 (en → de)' }));
    expect(screen.getByText('No pairs yet: the translator is suggested for no job.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ pairs: [] });
  });

  it('shows the server’s refusal naming the field', async () => {
    const { user } = setup();
    server.use(
      http.put('*/api/user/tina/translator-profile', () =>
        HttpResponse.json({ message: 'The field currency must be an ISO 4217 code such as EUR or GBP, not "XYZ".' }, { status: 422 }),
      ),
    );
    const currency = await screen.findByRole('textbox', { name: /^Currency/ });
    await user.clear(currency);
    await user.type(currency, 'XYZ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The field currency must be an ISO 4217 code');
  });
});
