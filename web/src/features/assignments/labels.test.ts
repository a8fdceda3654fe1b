import { movesFor } from './components/AssignmentActions';
import { byDueDate, deliveryBlocker, formatAmount, formatRate, isOverdue, priceBasis } from './labels';
import { assignment } from './testAssignments';

describe('assignment labels', () => {
  const now = new Date('2030-02-01T00:00:00Z');

  it('marks work overdue only while it is still to be done', () => {
    expect(isOverdue(assignment(1, { state: 'accepted' }), now)).toBe(true);
    expect(isOverdue(assignment(1, { state: 'offered' }), now)).toBe(true);
    expect(isOverdue(assignment(1, { state: 'delivered' }), now)).toBe(false);
    expect(isOverdue(assignment(1, { state: 'accepted', due_at: '2030-03-01T00:00:00Z' }), now)).toBe(false);
  });

  it('names how many segments hold a delivery back', () => {
    expect(deliveryBlocker(assignment(1))).toBeNull();
    expect(deliveryBlocker(assignment(1, { unconfirmed_segments: 1 }))).toBe('1 segment is not confirmed yet.');
    expect(deliveryBlocker(assignment(1, { unconfirmed_segments: 12 }))).toBe('12 segments are not confirmed yet.');
  });

  it('sorts by due date, then id', () => {
    const rows = [
      assignment(3, { due_at: '2030-05-01T00:00:00Z' }),
      assignment(2, { due_at: '2030-01-01T00:00:00Z' }),
      assignment(1, { due_at: '2030-05-01T00:00:00Z' }),
    ];
    expect(byDueDate(rows).map((row) => row.id)).toEqual([2, 1, 3]);
  });

  it('shows cents as the amount, and a dash for none', () => {
    expect(formatAmount(1250)).toBe('12.50');
    expect(formatAmount(null)).toBe('—');
    expect(formatAmount(1250, 'GBP')).toBe('£12.50');
    expect(formatAmount(null, 'EUR')).toBe('—');
  });

  it('offers each side the moves of the state machine', () => {
    expect(movesFor('translator', 'offered')).toEqual(['accept', 'decline']);
    expect(movesFor('translator', 'returned')).toEqual(['deliver']);
    expect(movesFor('translator', 'delivered')).toEqual([]);
    expect(movesFor('staff', 'delivered')).toEqual(['return', 'close']);
    expect(movesFor('staff', 'accepted')).toEqual(['withdraw']);
    expect(movesFor('staff', 'closed')).toEqual([]);
  });
});

describe('priceBasis', () => {
  it('shows the weighted words, the rate and the amount of a price from the rate', () => {
    expect(priceBasis({ rate: 0.08, weighted_words: 1234.5, amount: 9876, currency: 'EUR' })).toBe(
      '1,234.5 weighted words × EUR 0.08 = €98.76',
    );
    expect(formatRate(0.125, 'GBP')).toBe('GBP 0.125');
    expect(formatRate(2, 'EUR')).toBe('EUR 2.00');
  });

  it('is null for a fixed amount', () => {
    expect(priceBasis({ rate: null, weighted_words: null, amount: 5000, currency: 'EUR' })).toBeNull();
  });
});
