// The staff's draft form: its fields, their checks and the totals they come to, as the server
// computes them (the priced total plus the extra lines, less the discount, never below zero).
import type { DraftInput } from '../api';

export type DiscountChoice = 'none' | 'percent' | 'amount';

export interface LineFields {
  label: string;
  amount: number | string;
}

export interface ComposerFields {
  discountKind: DiscountChoice;
  discountValue: number | string;
  lines: LineFields[];
  dueDate: string;
  validityDays: number | string;
}

export const MAX_AMOUNT = 1_000_000;

const num = (value: number | string) => (typeof value === 'number' ? value : Number.parseFloat(value));
const cents = (value: number) => Math.round(value * 100) / 100;

/** What the discount takes off and the total. */
export function previewTotal(pricedTotal: number, fields: ComposerFields): { discount: number; total: number } {
  const extras = fields.lines.reduce((sum, line) => sum + (num(line.amount) || 0), 0);
  const before = pricedTotal + extras;
  const value = num(fields.discountValue) || 0;
  const off = fields.discountKind === 'percent' ? (before * value) / 100 : fields.discountKind === 'amount' ? value : 0;
  const discount = Math.min(off, Math.max(before, 0));
  return { discount: cents(discount), total: cents(Math.max(before - discount, 0)) };
}

/** The first problem of the fields, named, or null. */
export function composerProblem(fields: ComposerFields): string | null {
  if (fields.discountKind !== 'none') {
    const value = num(fields.discountValue);
    const max = fields.discountKind === 'percent' ? 100 : MAX_AMOUNT;
    if (!Number.isFinite(value) || value < 0 || value > max) return `The discount must be from 0 to ${max}.`;
  }
  for (const [index, line] of fields.lines.entries()) {
    if (line.label.trim() === '') return `Extra line ${index + 1} needs a label.`;
    const amount = num(line.amount);
    if (!Number.isFinite(amount) || amount < 0 || amount > MAX_AMOUNT)
      return `The amount of extra line ${index + 1} must be from 0 to ${MAX_AMOUNT}.`;
  }
  const days = num(fields.validityDays);
  if (!Number.isInteger(days) || days < 1 || days > 365) return 'The validity must be from 1 to 365 days.';
  return null;
}

export function draftInput(fields: ComposerFields): DraftInput {
  return {
    discount: fields.discountKind === 'none' ? null : { kind: fields.discountKind, value: num(fields.discountValue) },
    extra_lines: fields.lines.map((line) => ({ label: line.label.trim(), amount: num(line.amount) })),
    due_date: fields.dueDate === '' ? null : fields.dueDate,
    validity_days: num(fields.validityDays),
  };
}
