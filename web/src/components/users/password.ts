export const PASSWORD_MISMATCH = 'Passwords do not match';
export const MIN_PASSWORD_LENGTH = 8;

export type PasswordChange =
  | { kind: 'keep' }
  | { kind: 'set'; password: string }
  | { kind: 'mismatch' }
  | { kind: 'tooShort' };

/**
 * What to do with a password and its confirmation on an edit form. Both empty keeps the current
 * password; otherwise they must match (dropping a mismatched pair silently would lose what the
 * user meant to set, so the form warns instead) and meet the server's minimum length.
 */
export function passwordChange(password: string, confirm: string): PasswordChange {
  if (password === '' && confirm === '') return { kind: 'keep' };
  if (password !== confirm) return { kind: 'mismatch' };
  if (password.length < MIN_PASSWORD_LENGTH) return { kind: 'tooShort' };
  return { kind: 'set', password };
}

export const PASSWORD_TOO_SHORT = `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`;
