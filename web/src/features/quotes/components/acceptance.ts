// The checks of a customer's answer, run before anything is sent (the server checks the same).

export interface AcceptanceFields {
  name: string;
  poNumber: string;
  termsAccepted: boolean;
}

export type AcceptanceErrors = Partial<Record<keyof AcceptanceFields, string>>;

export const NAME_MAX = 200;
export const PO_MAX = 100;
export const REASON_MAX = 2000;

export function validateAcceptance(fields: AcceptanceFields): AcceptanceErrors {
  const errors: AcceptanceErrors = {};
  const name = fields.name.trim();
  if (name === '') errors.name = 'Enter your name.';
  else if (name.length > NAME_MAX) errors.name = `At most ${NAME_MAX} characters.`;
  if (fields.poNumber.trim().length > PO_MAX) errors.poNumber = `At most ${PO_MAX} characters.`;
  if (!fields.termsAccepted) errors.termsAccepted = 'Accept the terms to accept the quote.';
  return errors;
}

export function validateReason(reason: string): string | null {
  const text = reason.trim();
  if (text === '') return 'Tell the agency why you decline.';
  if (text.length > REASON_MAX) return `At most ${REASON_MAX} characters.`;
  return null;
}
