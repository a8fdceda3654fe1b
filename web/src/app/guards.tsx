import { Navigate, Outlet } from 'react-router';
import { useSession } from '../api/session';

/** Signed-in screens only; without a session (none yet, logged out, any 401) → /login. */
export function RequireSession() {
  const session = useSession();
  if (session === null) return <Navigate to="/login" replace />;
  return <Outlet />;
}
