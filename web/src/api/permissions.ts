// What the signed-in user may do: the permissions the server's policy gives their role, answered
// with the sign-in (`user_object.permissions`), so the app keeps no copy of the role table. The
// app offers only the actions these allow; the server refuses the others anyway (403).
import { useCurrentUser } from './session';
import type { LoggedUser } from './types';

export type Permission = LoggedUser['permissions'][number];

/** Whether `user` (signed in or not) may do what `permission` names. */
export function can(user: LoggedUser | null, permission: Permission): boolean {
  return user?.permissions.includes(permission) ?? false;
}

/** `can` for the signed-in user, in a component. */
export function useCan(permission: Permission): boolean {
  return can(useCurrentUser(), permission);
}
