import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spin } from 'antd';
import { useLock, useSession } from './store';
import { casEnabled, casLoginUrl, useSite } from './site';
import { website } from '../website';
import { navigate } from './nav';

export function FullSpin() {
  return (
    <div className="full-spin">
      <Spin size="large" />
    </div>
  );
}

/**
 * Guard of every isAuth route (spec 000 §2.3): locked → /lock; no token → clear the session and go
 * to /login, or to the single sign-on server when CAS is enabled.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const isLock = useLock((s) => s.isLock);
  const loaded = useSite((s) => s.loaded);
  const cas = useSite((s) => s.cas);
  const location = useLocation();
  const cameFrom = `${location.pathname}${location.search}`;
  const useCas = !token && loaded && casEnabled(cas);

  useEffect(() => {
    if (token) return;
    // An empty token forces logout: nothing of the previous user may stay behind.
    if (useSession.getState().userInfo) useSession.getState().clearSession();
    if (useCas) window.location.href = casLoginUrl(cameFrom);
    else if (loaded) {
      // a page of the portal signs in through the portal's sign-in and comes back (001 §2.4). Through the
      // router itself, not <Navigate>: reached by a change of the address (back button, a typed hash),
      // a <Navigate> rendered during that pop was once left undone, the page blank.
      navigate(cameFrom.startsWith('/portal/') ? `/login?loginSource=portal&redirect=${encodeURIComponent(cameFrom)}` : '/login', { replace: true });
    }
  }, [token, useCas, cameFrom, loaded]);

  if (!token) return <FullSpin />;
  if (isLock) return <Navigate to={website.lockPage} replace />;
  return <>{children}</>;
}

/**
 * /login while signed in goes to / (and on to the first page). Only a token present on arrival
 * counts: the token that appears during sign-in is followed by the login page's own navigation,
 * once menus and permissions are loaded.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const [token] = useState(() => useSession.getState().token);
  const isLock = useLock((s) => s.isLock);
  if (token) return <Navigate to={isLock ? website.lockPage : '/'} replace />;
  return <>{children}</>;
}
