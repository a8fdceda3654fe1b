import { errorText } from '../messages';

export const USER_SAVED = 'Account information updated';

/**
 * The text for a failed account or user update (the account page and an admin editing a user
 * share it): the server's message, otherwise one text when the server gave no reason and another
 * when the call itself broke.
 */
export function saveUserFailureText(error: unknown): string {
  return errorText(error, {
    fallback: 'Failed to update account information. Please try again later',
    exception: 'An unexpected error occurred. Please reload the page and try again',
  });
}
