import { errorText } from '../../components/messages';

export const USER_SAVED = 'Account information updated';

/** Spec section 8, "Account and users": the texts for a failed account or user update. */
export function saveUserFailureText(error: unknown): string {
  return errorText(error, {
    fallback: 'Failed to update account information. Please try again later',
    exception: 'An unexpected error occurred. Please reload the page and try again',
  });
}
