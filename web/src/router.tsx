import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, useLocation } from 'react-router-dom';
import { FullSpin, PublicOnly, RequireAuth } from './shell/guards';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { matchPage, type PageEntry } from './pages/registry';
import { siteTitle } from './shell/site';
import { useSession } from './shell/store';
import { findMenuForLocation } from './shell/menu';
import { useScreenAccess } from './shell/access';
import { Forbidden } from './shell/Forbidden';
import { registerNavigate } from './shell/nav';
import { website } from './website';

const Login = lazy(() => import('./pages/login'));
const LockPage = lazy(() => import('./pages/lock'));
const ErrorPage = lazy(() => import('./pages/error'));
const LoginError = lazy(() => import('./pages/error/loginError'));
const CasLogin = lazy(() => import('./pages/login/casLogin'));
const Layout = lazy(() => import('./shell/Layout'));
// the public portal (001 §2.1: of the portal pages only these three need no sign-in)
const PortalIndex = lazy(() => import('./pages/portal/index/index'));
const PortalHall = lazy(() => import('./pages/portal/hall/index'));
const PortalIntroduce = lazy(() => import('./pages/portal/service/introduce'));

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullSpin />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** A screen without the admin layout, behind the same menu gate as the others (shell/access.ts). */
function BareScreen({ entry }: { entry: PageEntry }) {
  const location = useLocation();
  const access = useScreenAccess(entry, location.pathname, location.search, true);
  const { t, i18n } = useTranslation();
  const forbidden = access.state === 'forbidden';
  useEffect(() => {
    if (forbidden) document.title = `${t('menu.forbidden')} - ${siteTitle(i18n.language)}`;
  }, [forbidden, t, i18n.language]);
  if (access.state === 'pending') return <FullSpin />;
  if (forbidden) {
    return (
      <div className="error-page">
        <Forbidden />
      </div>
    );
  }
  const Page = entry.component;
  return (
    <Lazy>
      <Page />
    </Lazy>
  );
}

/**
 * Every signed-in route: a registered screen (inside the layout unless it opts out; the 403 page
 * instead when the user's menu does not grant it), a menu path with no screen (404 inside the
 * layout), or an unknown path (/404).
 */
function DynamicRoute() {
  const location = useLocation();
  const menu = useSession((s) => s.menu);
  const entry = matchPage(location.pathname);
  const inMenu = findMenuForLocation(menu, location.pathname, location.search).length > 0;
  if (!entry && !inMenu) return <Navigate to="/404" replace />;
  if (entry && entry.layout === false) {
    return (
      <RequireAuth>
        <BareScreen entry={entry} />
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
  { path: '/portal', element: <Navigate to="/portal/index" replace /> },
  { path: '/portal/index', element: <Lazy><PortalIndex /></Lazy> },
  { path: '/portal/hall', element: <Lazy><PortalHall /></Lazy> },
  { path: '/portal/service/introduce', element: <Lazy><PortalIntroduce /></Lazy> },
  { path: '/loginError', element: <Lazy><LoginError /></Lazy> },
  { path: '/casLogin/index', element: <Lazy><CasLogin /></Lazy> },
  { path: '/403', element: <Lazy><ErrorPage code="403" /></Lazy> },
  { path: '/404', element: <Lazy><ErrorPage code="404" /></Lazy> },
  { path: '/500', element: <Lazy><ErrorPage code="500" /></Lazy> },
  { path: '*', element: <DynamicRoute /> },
]);

registerNavigate((to, opts) => void router.navigate(to, opts));
