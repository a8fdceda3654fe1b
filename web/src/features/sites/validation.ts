import type { SiteInput } from '../../api/types';

export interface SiteFormValues {
  name: string;
  url: string;
  username: string;
  application_password: string;
}

/** The server's rules, checked before sending (the server checks them again). */
export function validateSite(values: SiteFormValues, passwordRequired: boolean): Partial<Record<keyof SiteFormValues, string>> {
  const errors: Partial<Record<keyof SiteFormValues, string>> = {};
  if (Array.from(values.name.trim()).length > 200) errors.name = 'At most 200 characters';
  const url = values.url.trim();
  if (!/^https?:\/\/[^/?#\s]+/i.test(url)) errors.url = 'The site’s address, starting with https://';
  else if (/[?#]/.test(url)) errors.url = 'The home address, without ?… or #…';
  const username = values.username.trim();
  if (username === '') errors.username = 'The WordPress user Wordmark signs in as';
  else if (Array.from(username).length > 60) errors.username = 'At most 60 characters';
  const password = values.application_password.replace(/\s/g, '');
  if (password === '') {
    if (passwordRequired) errors.application_password = 'The user’s application password';
  } else if (!/^[A-Za-z0-9]{24}$/.test(password)) {
    errors.application_password = '24 letters and digits, as WordPress shows it (spaces may stay)';
  }
  return errors;
}

export function toBody(values: SiteFormValues): SiteInput {
  const password = values.application_password.trim();
  return {
    // Left empty, the server names the site after its host.
    name: values.name.trim() === '' ? null : values.name.trim(),
    url: values.url.trim(),
    username: values.username.trim(),
    application_password: password === '' ? null : password,
  };
}
