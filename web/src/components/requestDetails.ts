// What a customer's request says of itself (title, due date, note), checked alike whether its
// content comes as a zip or as pages of their site. The server checks the same, counting
// characters as code points, as these checks do.

export interface RequestDetails {
  title: string;
  /** `YYYY-MM-DD` or empty. */
  dueDate: string;
  note: string;
}

/** `today` as `YYYY-MM-DD`: a due date before it is refused. */
export function requestDetailErrors(fields: RequestDetails, today: string): Partial<Record<keyof RequestDetails, string>> {
  const errors: Partial<Record<keyof RequestDetails, string>> = {};
  const title = fields.title.trim();
  if (title === '') errors.title = 'Enter a title.';
  else if (Array.from(title).length > 200) errors.title = 'At most 200 characters.';
  if (fields.dueDate !== '' && fields.dueDate < today) errors.dueDate = 'The due date is in the past.';
  if (Array.from(fields.note.trim()).length > 4000) errors.note = 'At most 4,000 characters.';
  return errors;
}
