import { Suspense, useEffect } from 'react';
import { Result, Button } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { matchPage } from '../pages/registry';
import { ErrorBoundary } from './ErrorBoundary';
import { FullSpin } from './guards';
import { QueryProvider } from './queries';
import { syncUserData } from './session';
import { useScreenAccess } from './access';
import { Forbidden } from './Forbidden';
import { Sidebar } from './Sidebar';
import { TagBar, useRouteTags } from './TagBar';
import { TopBar } from './TopBar';
import { useSession } from './store';
import { themeByName } from './themes';
import { screenSize, website } from '../website';

function NotFoundInLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('error.404')}
      extra={
        <Button type="primary" onClick={() => navigate(website.firstPage.value)}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}

/** The routed screen, once the user's menu grants it (shell/access.ts); else the 403 page, the screen unmounted. */
function PageHost() {
  const location = useLocation();
  const entry = matchPage(location.pathname);
  const access = useScreenAccess(entry, location.pathname, location.search);
  if (!entry) return <NotFoundInLayout />;
  if (access.state === 'pending') return <FullSpin />;
  if (access.state === 'forbidden') return <Forbidden />;
  const Page = entry.component;
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<FullSpin />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Admin layout: sidebar, top bar, tag bar and the routed screen. */
export default function Layout() {
  const collapse = useSession((s) => s.collapse);
  const setCollapse = useSession((s) => s.setCollapse);
  const theme = themeByName(useSession((s) => s.theme));
  useRouteTags();

  useEffect(() => {
    // Menus and permissions may have changed since the session was stored: reload them quietly
    // (once per page load: right after sign-in they are already fresh).
    syncUserData().catch(() => undefined);
    if (screenSize() === 0) setCollapse(true);
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (screenSize() === 0) setCollapse(true);
      }, 100);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setCollapse]);

  return (
    <QueryProvider>
      <div className={`layout${collapse ? ' collapsed' : ''}`} data-layout-theme={theme.name}>
        <aside className="layout-sider" style={{ background: theme.siderBg }}>
          <Sidebar />
        </aside>
        {!collapse && <div className="layout-mask" onClick={() => setCollapse(true)} />}
        <section className="layout-main">
          <header className="layout-header">
            <TopBar />
            <TagBar />
          </header>
          <main className="layout-content">
            <PageHost />
          </main>
        </section>
      </div>
    </QueryProvider>
  );
}
