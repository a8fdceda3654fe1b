// The request form's checks, run before anything is uploaded (the server checks the same).

import { requestDetailErrors } from '../../../components/requestDetails';

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
  const errors: RequestErrors = requestDetailErrors(fields, today);
  if (fields.clientId === null) errors.clientId = 'Choose the client the translation is for.';
  if (fields.file === null) errors.file = 'Choose the .zip archive of your WPML export.';
  else if (!fields.file.name.toLowerCase().endsWith('.zip')) errors.file = 'The files must be one .zip archive.';
  return errors;
}
