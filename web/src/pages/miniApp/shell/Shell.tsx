// The micro-app shell /miniApp/home and /miniApp/home/* (001 §2.2): opened in a window of its own,
// without the back office's layout. Its params (route index/{params} or ?params=) name the app; the
// shell gives the screens the app (MiniAppProvider), its sidebar and its tab bar. Managing is for the
// app's creator and the administrator role; anyone else gets the no-permission alert and the window
// closes; someone the server refuses altogether gets "no access to this application".
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Dropdown, Result, Space, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, ReloadOutlined, TranslationOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request';
import { changeLanguage, languages } from '../../../i18n';
import { ErrorBoundary } from '../../../shell/ErrorBoundary';
import { FullSpin } from '../../../shell/guards';
import { QueryProvider } from '../../../shell/queries';
import { siteTitle } from '../../../shell/site';
import { useSession, type Language } from '../../../shell/store';
import { MiniAppProvider, useMiniApp } from '../context';
import { decodeParams, encodeParams } from '../params';
import { SHELL_SCREENS, type ShellScreen } from '../screens';
import { NoAccess } from './NoAccess';
import { childHref, SHELL_BASE, shellScreenOf, tabKeyOf } from './nav';
import { ShellSidebar } from './ShellSidebar';
import { ShellTabs, tabTitle, WELCOME, type ShellTab } from './ShellTabs';
import './shell.css';

export default function Shell() {
  return (
    <QueryProvider>
      <ShellRoot />
    </QueryProvider>
  );
}

function ShellRoot() {
  const location = useLocation();
  const { screen, child } = shellScreenOf(location.pathname);
  const fromRoute = child.startsWith('index/') ? child.slice('index/'.length) : null;
  const raw = fromRoute || new URLSearchParams(location.search).get('params');
  const params = useMemo(() => decodeParams(raw), [raw]);
  // the app list: the bare shell, its admin child, or the shell without an app
  if (!child || child === 'admin' || (!raw && !params)) return <AdminFrame />;
  if (!params) {
    return (
      <div className="mini-frame">
        <NoAccess kind="badParams" />
      </div>
    );
  }
  const encoded = encodeParams(params);
  return (
    <MiniAppProvider key={params.appId} params={params} encoded={encoded}>
      <AppShell screen={screen} />
    </MiniAppProvider>
  );
}

/** /miniApp/home and /miniApp/home/admin: the apps the caller manages, on a page of their own. */
function AdminFrame() {
  const { t, i18n } = useTranslation();
  const admin = SHELL_SCREENS.find((s) => s.path === 'admin')!;
  useEffect(() => {
    document.title = `${t('miniApp.screen.admin')} - ${siteTitle(i18n.language)}`;
  }, [t, i18n.language]);
  const Page = admin.component;
  return (
    <div className="mini-frame">
      <header className="mini-frame-head">
        <span className="logo-mark">{siteTitle(i18n.language).slice(0, 1)}</span>
        <span className="mini-frame-title">{t('miniApp.screen.admin')}</span>
        <span className="mini-frame-site">{siteTitle(i18n.language)}</span>
        <span style={{ flex: 1 }} />
        <ShellUser />
      </header>
      <main className="mini-frame-body">
        <ErrorBoundary>
          <Suspense fallback={<FullSpin />}>
            <Page />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}

/** The signed-in person and the language switch, at the right of the shell's header. */
function ShellUser() {
  const { i18n } = useTranslation();
  const profile = useSession((s) => s.profile);
  const userInfo = useSession((s) => s.userInfo);
  const name = profile?.realName || userInfo?.real_name || userInfo?.account || '';
  return (
    <Space size={4} className="mini-head-right">
      <Dropdown
        menu={{
          items: languages.map((l) => ({ key: l.value, label: l.label })),
          selectedKeys: [i18n.language === 'en' ? 'en' : 'zh'],
          onClick: ({ key }) => void changeLanguage(key as Language),
        }}
      >
        <span className="mini-head-action" role="button" aria-label="language" data-testid="mini-lang">
          <TranslationOutlined />
        </span>
      </Dropdown>
      {name && (
        <span className="mini-head-user">
          <UserOutlined /> {name}
        </span>
      )}
    </Space>
  );
}

const tabsStore = (appId: string) => `miniApp-tabs-${appId}`;

function readTabs(appId: string): ShellTab[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(tabsStore(appId)) ?? '[]') as ShellTab[];
    return Array.isArray(v) ? v.filter((x) => x && typeof x.key === 'string' && typeof x.href === 'string') : [];
  } catch {
    return [];
  }
}

function AppShell({ screen }: { screen: ShellScreen | null }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const app = useMiniApp();
  const appId = app.params.appId;
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < 768);
  const [reloadKey, setReloadKey] = useState(0);
  const welcome: ShellTab = useMemo(() => ({ key: WELCOME, href: childHref('index', app.encoded), title: 'miniApp.screen.index', i18n: true }), [app.encoded]);
  const [tabs, setTabs] = useState<ShellTab[]>(() => {
    const stored = readTabs(appId).filter((x) => x.key !== WELCOME);
    return [welcome, ...stored];
  });
  const active = tabKeyOf(location.pathname, location.search);
  const appName = app.info?.appName || app.params.appName;

  // page title: the app's name and the site's
  useEffect(() => {
    document.title = `${appName} - ${siteTitle(i18n.language)}`;
  }, [appName, i18n.language]);

  // each visited child becomes a tab (the name of the app menu or button that leads there, else the screen's)
  const allowed = !!app.permission && (!screen?.manage || app.permission.manager);
  useEffect(() => {
    if (!screen || !allowed) return;
    const href = `${location.pathname}${location.search}`;
    let tab: ShellTab;
    if (active === WELCOME) tab = { ...welcome, href };
    else if (screen.path === 'urlPath') tab = { key: active, href, title: new URLSearchParams(location.search).get('name') || 'miniApp.screen.urlPath', i18n: !new URLSearchParams(location.search).get('name') };
    else {
      const menu = findMenu(app.permission?.appMenu ?? [], active);
      tab = menu ? { key: active, href, title: menu } : { key: active, href, title: screen.title, i18n: true };
    }
    setTabs((list) => {
      const at = list.findIndex((x) => x.key === tab.key);
      if (at < 0) return [...list, tab];
      if (list[at].href === tab.href && list[at].title === tab.title) return list;
      return list.map((x, i) => (i === at ? tab : x));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search, allowed, app.permission]);
  useEffect(() => {
    sessionStorage.setItem(tabsStore(appId), JSON.stringify(tabs.filter((x) => x.key !== WELCOME)));
  }, [tabs, appId]);

  if (app.loading) return <FullSpin />;
  if (app.error || !app.permission) {
    const code = app.error instanceof RequestError ? app.error.code : 0;
    return (
      <div className="mini-frame">
        {code === 403 ? <NoAccess kind="noAccess" /> : <NoAccess kind="noApp" detail={app.error instanceof Error ? app.error.message : undefined} />}
      </div>
    );
  }
  if (screen?.manage && !app.permission.manager) {
    return (
      <div className="mini-frame">
        <NoAccess kind="noManage" />
      </div>
    );
  }

  const open = (href: string) => navigate(href);
  const clearCache = async () => {
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey.some((k) => String(k) === appId) });
    queryClient.removeQueries({ predicate: (q) => q.queryKey.some((k) => String(k) === appId) && q.getObserversCount() === 0 });
    app.refresh();
    setReloadKey((k) => k + 1);
  };
  const Page = screen?.component;
  const current = tabs.find((x) => x.key === active);
  return (
    <div className={`mini-shell${collapsed ? ' collapsed' : ''}`} data-testid="mini-shell">
      <aside className="mini-sider">
        <ShellSidebar collapsed={collapsed} activeTab={active} onOpen={open} />
      </aside>
      <section className="mini-main">
        <header className="mini-head">
          <span className="mini-head-action" role="button" aria-label={t('miniApp.shell.toggle')} data-testid="mini-collapse" onClick={() => setCollapsed((c) => !c)}>
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </span>
          <span className="mini-head-title">
            <b>{appName}</b>
            {current && current.key !== WELCOME && <span className="mini-head-crumb"> / {tabTitle(current, t)}</span>}
          </span>
          <span style={{ flex: 1 }} />
          <Tooltip title={t('miniApp.shell.refresh')}>
            <span className="mini-head-action" role="button" aria-label={t('miniApp.shell.refresh')} onClick={() => { app.refresh(); setReloadKey((k) => k + 1); }}>
              <ReloadOutlined />
            </span>
          </Tooltip>
          <ShellUser />
        </header>
        <ShellTabs
          tabs={tabs}
          active={active}
          onOpen={(tab) => open(tab.href)}
          onChange={(rest, next) => {
            setTabs(rest.length ? rest : [welcome]);
            if (next) open(next.href);
          }}
          onClearCache={clearCache}
        />
        <main className="mini-content">
          {Page ? (
            <ErrorBoundary resetKey={`${location.pathname}${location.search}`}>
              <Suspense fallback={<FullSpin />}>
                <Page key={`${active}:${reloadKey}`} />
              </Suspense>
            </ErrorBoundary>
          ) : (
            <Result
              status="404"
              title="404"
              subTitle={t('miniApp.shell.notFound')}
              extra={<Button type="primary" onClick={() => open(welcome.href)}>{t('miniApp.shell.home')}</Button>}
            />
          )}
        </main>
      </section>
      {!collapsed && <div className="mini-mask" onClick={() => setCollapsed(true)} />}
    </div>
  );
}

/** The name of the app menu whose route is this child (its tab then carries the menu's name). */
function findMenu(list: { menuName: string; menuRouter: string; children?: { menuName: string; menuRouter: string; children?: unknown[] }[] }[], child: string): string | null {
  for (const m of list) {
    const route = m.menuRouter.trim().replace(/^\/+/, '').replace(new RegExp(`^${SHELL_BASE.slice(1)}/?`), '').split('?')[0];
    if (route === child) return m.menuName;
    const inner = m.children?.length ? findMenu(m.children as typeof list, child) : null;
    if (inner) return inner;
  }
  return null;
}
