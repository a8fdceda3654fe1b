// The request form's checks, run before anything is uploaded (the server checks the same).

export interface RequestFormFields {
  clientId: string | null;
  title: string;
  file: File | null;
  dueDate: string;
  note: string;
}

export type RequestErrors = Partial<Record<keyof RequestFormFields, string>>;

/** `today` as `YYYY-MM-DD`: a due date before it is refused. */
export function requestErrors(fields: RequestFormFields, today: string): RequestErrors {
  const errors: RequestErrors = {};
  if (fields.clientId === null) errors.clientId = 'Choose the client the translation is for.';
  const title = fields.title.trim();
  if (title === '') errors.title = 'Enter a title.';
  else if (title.length > 200) errors.title = 'At most 200 characters.';
  if (fields.file === null) errors.file = 'Choose the .zip archive of your WPML export.';
  else if (!fields.file.name.toLowerCase().endsWith('.zip')) errors.file = 'The files must be one .zip archive.';
  if (fields.dueDate !== '' && fields.dueDate < today) errors.dueDate = 'The due date is in the past.';
  if (fields.note.trim().length > 4000) errors.note = 'At most 4,000 characters.';
  return errors;
}
