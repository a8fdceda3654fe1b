// Accounts by e-mail, signed out: the password reset (ask for a link, use it) and accepting an
// invitation. The links' tokens come from the mails' paths.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** Whether the server mails reset links (it does when it sends mail at all). */
export function useResetAvailability() {
  return useQuery({
    queryKey: ['password-reset', 'availability'],
    queryFn: () => unwrap(api.GET('/api/password-reset')),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/api/password-reset', { body: { email } })),
  });
}

export interface NewPassword {
  password: string;
  confirm_password: string;
}

export function useCompleteReset(token: string) {
  return useMutation({
    mutationFn: (body: NewPassword) =>
      unwrap(api.POST('/api/password-reset/{token}', { params: { path: { token } }, body })),
  });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => unwrap(api.GET('/api/invite/{token}', { params: { path: { token } } })),
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: NewPassword & { username?: string }) =>
      unwrap(api.POST('/api/invite/{token}/accept', { params: { path: { token } }, body })),
  });
}

/** The link mailed to a new e-mail address: makes it the account's. */
export function useConfirmEmail(token: string) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/email-change/{token}', { params: { path: { token } } })),
  });
}
