// The signed-in session, kept in localStorage under `loggedUser` so that a reload keeps the user
// signed in. A tiny external store: the API client reads the token without React,
// and components subscribe through `useSession`.
import { useSyncExternalStore } from 'react';
import type { LoggedUser } from './types';

export interface Session {
  token: string;
  user_object: LoggedUser;
}

export const SESSION_KEY = 'loggedUser';

type Listener = () => void;
const listeners = new Set<Listener>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// A session stored before the sign-in answered the user's permissions and clients does not say
// what they may do and see: it counts as signed out, and the user signs in once more.
function isSession(value: unknown): value is Session {
  return (
    isRecord(value) &&
    typeof value.token === 'string' &&
    isRecord(value.user_object) &&
    typeof value.user_object.username === 'string' &&
    Array.isArray(value.user_object.permissions) &&
    Array.isArray(value.user_object.clients)
  );
}

function read(): Session | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    // A hand-edited or truncated entry is treated as signed out rather than crashing the app.
    return null;
  }
}

let current: Session | null = read();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session) {
  current = session;
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  emit();
}

/** Updates the stored user (e.g. after the account page saved new names) keeping the token. */
export function updateSessionUser(changes: Partial<Omit<LoggedUser, 'token' | 'username'>>) {
  if (current === null) return;
  setSession({ ...current, user_object: { ...current.user_object, ...changes } });
}

export function clearSession() {
  if (current === null && localStorage.getItem(SESSION_KEY) === null) return;
  current = null;
  localStorage.removeItem(SESSION_KEY);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads localStorage; tests and other tabs change it behind the store's back. */
export function reloadSession() {
  current = read();
  emit();
}

// Signing out in one tab signs out the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) reloadSession();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useCurrentUser(): LoggedUser | null {
  return useSession()?.user_object ?? null;
}
