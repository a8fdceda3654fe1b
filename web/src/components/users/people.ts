// People's names and e-mail addresses as the server checks them (its `services/people.rs`): the
// one check of each for every form that sends one (a user, an invitation, a review link's
// reviewer). The server checks again; these catch a mistake before the round trip.

/** The longest first, last or reviewer's name. */
export const NAME_MAX = 100;
/** The longest e-mail address. */
export const EMAIL_MAX = 254;
/** The longest username (the server's `accounts::check_username`). */
export const USERNAME_MAX = 64;

// Control characters (line breaks among them), the line and paragraph separators, and the
// characters that turn the direction of the text after them (U+202E and its kin).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Enough to catch a typo: one @ with text on both sides, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.][^\s@]*$/;

/** What is wrong with a name, or null; `label` names the field ("First name"). */
export function nameProblem(label: string, value: string): string | null {
  const name = value.trim();
  if (name === '') return `${label} is required`;
  if (name.length > NAME_MAX) return `${label} has at most ${NAME_MAX} characters`;
  if (UNSAFE.test(name)) return `${label} cannot contain line breaks or other control characters`;
  return null;
}

/** What is wrong with an e-mail address, or null. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email === '') return 'Email is required';
  if (email.length > EMAIL_MAX) return `An e-mail address has at most ${EMAIL_MAX} characters`;
  if (!EMAIL.test(email)) return 'Not an e-mail address';
  return null;
}
