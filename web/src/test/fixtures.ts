import type { Session } from '../api/session';
import type { LoggedUser, User } from '../api/types';

export const adminUser: LoggedUser = {
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  role: 'admin',
  token: 'admin-token',
};

export const editorUser: LoggedUser = {
  username: 'ed',
  first_name: 'Ed',
  last_name: 'Itor',
  email: 'ed@example.com',
  role: 'editor',
  token: 'editor-token',
};

export function sessionFor(user: LoggedUser): Session {
  return { token: user.token, user_object: user };
}

export function userRecord(user: LoggedUser, id: number): User {
  return {
    id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    date_created: '2026-01-15T10:00:00Z',
  };
}
