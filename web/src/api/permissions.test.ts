import { adminUser, customerUser, editorUser, sessionFor, translatorUser } from '../test/fixtures';
import { can } from './permissions';
import { getSession, reloadSession, SESSION_KEY } from './session';

describe('can', () => {
  it('reads the permissions the server answered for the user', () => {
    expect(can(adminUser, 'users.manage')).toBe(true);
    expect(can(editorUser, 'memory.write')).toBe(true);
    expect(can(editorUser, 'users.manage')).toBe(false);
    expect(can(translatorUser, 'segments.write')).toBe(true);
    expect(can(translatorUser, 'memory.write')).toBe(false);
    expect(can(customerUser, 'clients.read')).toBe(true);
    expect(can(customerUser, 'clients.delete')).toBe(false);
  });

  it('allows nothing without a user', () => {
    expect(can(null, 'clients.read')).toBe(false);
  });
});

describe('a stored session', () => {
  afterEach(() => localStorage.clear());

  it('is kept with its permissions', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(sessionFor(editorUser)));
    reloadSession();
    expect(getSession()?.user_object.permissions).toContain('clients.delete');
  });

  it('from before the sign-in answered permissions counts as signed out', () => {
    const older: Record<string, unknown> = { ...editorUser };
    delete older.permissions;
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: editorUser.token, user_object: older }));
    reloadSession();
    expect(getSession()).toBeNull();
  });
});
