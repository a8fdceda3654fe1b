import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { customerUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { quote } from '../testQuotes';
import { AcceptQuoteForm } from './AcceptQuoteForm';
import { validateAcceptance, validateReason } from './acceptance';

describe('validateAcceptance', () => {
  it('asks for a name, the terms accepted and a PO number of at most 100 characters', () => {
    expect(validateAcceptance({ name: ' ', poNumber: '', termsAccepted: false })).toEqual({
      name: 'Enter your name.',
      termsAccepted: 'Accept the terms to accept the quote.',
    });
    expect(validateAcceptance({ name: 'Ann', poNumber: 'x'.repeat(101), termsAccepted: true })).toEqual({
      poNumber: 'At most 100 characters.',
    });
    expect(validateAcceptance({ name: 'Ann', poNumber: '', termsAccepted: true })).toEqual({});
  });

  it('asks a decline for its reason', () => {
    expect(validateReason('  ')).toBe('Tell the agency why you decline.');
    expect(validateReason('Too dear')).toBeNull();
  });
});

describe('AcceptQuoteForm', () => {
  it('sends nothing until the name and the terms are given, then the acceptance', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/translation/1/quotes/2/accept', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(quote(2, { state: 'accepted', accepted_name: 'Ann Smith' }));
      }),
    );
    const done = vi.fn();
    const { user } = renderWithProviders(<AcceptQuoteForm quote={quote(2)} onDone={done} />, {
      session: sessionFor(customerUser),
    });
    expect(screen.getByText('Payment within 30 days.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Accept the terms to accept the quote.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Your name/ }), ' Ann Smith ');
    await user.type(screen.getByRole('textbox', { name: /Purchase order number/ }), 'PO-7');
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of this quote' }));
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(bodies).toEqual([{ name: 'Ann Smith', po_number: 'PO-7', terms_accepted: true }]);
  });

  it('shows why the server refused', async () => {
    server.use(
      http.post('*/api/translation/1/quotes/2/accept', () =>
        HttpResponse.json({ message: 'This quote expired after 2026-11-26: ask the agency for a new one.' }, { status: 410 }),
      ),
    );
    const { user } = renderWithProviders(<AcceptQuoteForm quote={quote(2)} onDone={vi.fn()} />, {
      session: sessionFor(customerUser),
    });
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Ann');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of this quote' }));
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This quote expired after 2026-11-26');
  });
});
