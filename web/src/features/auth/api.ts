import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { clearSession, setSession } from '../../api/session';

export interface Credentials {
  username: string;
  password: string;
}

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: Credentials) => unwrap(api.POST('/auth/login', { body: credentials })),
    onSuccess: (answer) => {
      setSession({ token: answer.token, user_object: answer.user_object });
    },
  });
}

/** Revokes the token on the server, then forgets the session (the app then drops its cache). */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await api.POST('/auth/logout');
      } catch (error) {
        // Signing out locally must work even when the server is unreachable.
        console.error(error);
      }
    },
    onSettled: () => {
      clearSession();
    },
  });
}
