import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate, useLocation } from 'react-router-dom';
import { FullSpin, PublicOnly, RequireAuth } from './shell/guards';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { matchPage } from './pages/registry';
import { useSession } from './shell/store';
import { findMenuForLocation } from './shell/menu';
import { registerNavigate } from './shell/nav';
import { website } from './website';

const Login = lazy(() => import('./pages/login'));
const LockPage = lazy(() => import('./pages/lock'));
const ErrorPage = lazy(() => import('./pages/error'));
const LoginError = lazy(() => import('./pages/error/loginError'));
const CasLogin = lazy(() => import('./pages/login/casLogin'));
const Layout = lazy(() => import('./shell/Layout'));

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullSpin />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * Every signed-in route: a registered screen (inside the layout unless it opts out), a menu path
 * with no screen (404 inside the layout), or an unknown path (/404).
 */
function DynamicRoute() {
  const location = useLocation();
  const menu = useSession((s) => s.menu);
  const entry = matchPage(location.pathname);
  const inMenu = findMenuForLocation(menu, location.pathname, location.search).length > 0;
  if (!entry && !inMenu) return <Navigate to="/404" replace />;
  if (entry && entry.layout === false) {
    const Page = entry.component;
    return (
      <RequireAuth>
        <Lazy>
          <Page />
        </Lazy>
      </RequireAuth>
    );
  }
  return (
    <RequireAuth>
      <Lazy>
        <Layout />
      </Lazy>
    </RequireAuth>
  );
}

export const router = createHashRouter([
  { path: '/', element: <Navigate to={website.firstPage.value} replace /> },
  { path: '/wel', element: <Navigate to={website.firstPage.value} replace /> },
  {
    path: '/login',
    element: (
      <PublicOnly>
        <Lazy>
          <Login />
        </Lazy>
      </PublicOnly>
    ),
  },
  { path: '/lock', element: <Lazy><LockPage /></Lazy> },
  { path: '/loginError', element: <Lazy><LoginError /></Lazy> },
  { path: '/casLogin/index', element: <Lazy><CasLogin /></Lazy> },
  { path: '/403', element: <Lazy><ErrorPage code="403" /></Lazy> },
  { path: '/404', element: <Lazy><ErrorPage code="404" /></Lazy> },
  { path: '/500', element: <Lazy><ErrorPage code="500" /></Lazy> },
  { path: '*', element: <DynamicRoute /> },
]);

registerNavigate((to, opts) => void router.navigate(to, opts));
