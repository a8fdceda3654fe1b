import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { NotFoundPage } from './NotFoundPage';

/** Signed-in screens only; without a session (none yet, logged out, any 401) → /login. */
export function RequireSession() {
  const session = useSession();
  if (session === null) return <Navigate to="/login" replace />;
  return <Outlet />;
}

const isCustomer = (session: ReturnType<typeof useSession>) => session?.user_object.role === 'customer';

/** The staff's screens: a customer gets the 404 page (in the portal), and at `/` the portal; a
 * translator's home is "My work" (the server shows them their assigned jobs only). */
export function StaffOnly() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session?.user_object.role === 'translator' && pathname === '/') return <Navigate to="/work" replace />;
  if (!isCustomer(session)) return <Outlet />;
  if (pathname === '/') return <Navigate to="/portal" replace />;
  return <NotFoundPage />;
}

/** The customer portal's screens: staff get the 404 page, as before the portal existed. */
export function CustomerOnly() {
  return isCustomer(useSession()) ? <Outlet /> : <NotFoundPage />;
}
