// The checks of a customer's request for pages of their site, run before it is sent (the server
// checks the same).

import { requestDetailErrors } from '../../components/requestDetails';

export interface SiteRequestFields {
  siteId: number | null;
  title: string;
  items: readonly number[];
  languages: readonly string[];
  /** `YYYY-MM-DD` or empty. */
  dueDate: string;
  note: string;
}

export type SiteRequestErrors = Partial<Record<keyof SiteRequestFields, string>>;

/** `today` as `YYYY-MM-DD`: a due date before it is refused. */
export function siteRequestErrors(fields: SiteRequestFields, today: string): SiteRequestErrors {
  const errors: SiteRequestErrors = requestDetailErrors(fields, today);
  if (fields.siteId === null) errors.siteId = 'Choose the site.';
  if (fields.items.length === 0) errors.items = 'Pick at least one page.';
  if (fields.languages.length === 0) errors.languages = 'Pick at least one language.';
  return errors;
}

/** The request as the server takes it: trimmed, an empty due date and note left out. */
export function siteRequestBody(fields: SiteRequestFields) {
  return {
    title: fields.title.trim(),
    items: [...fields.items],
    target_langs: [...fields.languages],
    ...(fields.dueDate === '' ? {} : { due_date: fields.dueDate }),
    ...(fields.note.trim() === '' ? {} : { note: fields.note.trim() }),
  };
}
