// The portal header (§2.4): logo and site name, the top menu (its active item by jump address; entries
// with sub-entries open a dropdown), the menu search, the language, and the sign-in button or the
// signed-in area. On a phone the menu, search and language move into a drawer.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Drawer, Menu } from 'antd';
import { CloseOutlined, GlobalOutlined, LoginOutlined, MenuOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languages } from '../../../i18n';
import { useSession } from '../../../shell/store';
import { isActive, localName, openAddress } from './links';
import { TopSearch } from './TopSearch';
import { PortalIcon } from './icons';
import type { PortalConfig, TopMenu } from '../types';

const UserArea = lazy(() => import('./UserArea'));

/** The sign-in page for the portal, coming back to where the visitor is. */
export function loginRoute(back: string): string {
  return `/login?loginSource=portal&redirect=${encodeURIComponent(back)}`;
}

/** The menu entry of the page shown: the most specific jump address that matches. */
function activeId(menus: TopMenu[], pathname: string, search: string): string | undefined {
  let best: { id: string; weight: number } | undefined;
  for (const m of menus) {
    if (!isActive(m, pathname, search)) continue;
    const weight = (m.jumpAddress ?? '').length;
    if (!best || weight > best.weight) best = { id: m.id, weight };
  }
  return best?.id;
}

function Brand({ config, title }: { config: PortalConfig; title: string }) {
  const navigate = useNavigate();
  const logo = config.logo?.trim();
  return (
    <a className="pt-brand" href="#/portal/index" onClick={(e) => { e.preventDefault(); navigate('/portal/index'); }} data-testid="portal-brand">
      {logo ? <img className="pt-logo" src={logo} alt="" /> : <span className="pt-logo-mark" aria-hidden>{[...title][0]}</span>}
      <span className="pt-site-name">{title}</span>
    </a>
  );
}

function LanguageSwitch({ block = false }: { block?: boolean }) {
  const { i18n, t } = useTranslation();
  return (
    <span className={`pt-lang${block ? ' block' : ''}`} role="group" aria-label={t('top.language')}>
      <GlobalOutlined />
      {languages.map((l) => (
        <button key={l.value} type="button" aria-pressed={i18n.language === l.value} lang={l.value === 'zh' ? 'zh-CN' : 'en'}
          onClick={() => { if (i18n.language !== l.value) void changeLanguage(l.value); }}>
          {l.value === 'zh' ? '中' : 'EN'}
        </button>
      ))}
    </span>
  );
}

export function PortalHeader({ config, menus, title, active }: { config: PortalConfig; menus: TopMenu[]; title: string; active?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.token);
  const [drawer, setDrawer] = useState(false);
  // the entry of the page's own address; else (a page no entry names, e.g. one guide) the entry of `active`
  const [path, query] = useMemo(() => {
    if (!active || activeId(menus, location.pathname, location.search)) return [location.pathname, location.search];
    const [p, q] = active.split('?');
    return [p, q ? `?${q}` : ''];
  }, [active, menus, location.pathname, location.search]);
  const current = useMemo(() => activeId(menus, path, query), [menus, path, query]);
  const byId = useMemo(() => new Map(menus.flatMap((m) => [m, ...(m.children ?? [])]).map((m) => [m.id, m])), [menus]);
  const back = `${location.pathname}${location.search}`;
  const name = (m: TopMenu) => localName(m.name, m.nameEn, i18n.language);
  const open = (m: TopMenu) => {
    setDrawer(false);
    openAddress(m.jumpAddress, m.openWay);
  };
  const login = () => {
    setDrawer(false);
    navigate(loginRoute(back));
  };

  return (
    <header className="pt-header" data-testid="portal-header">
      <div className="pt-wrap pt-header-inner">
        <Brand config={config} title={title} />
        {/* antd's horizontal menu folds the entries that do not fit into a "…" entry (up to 10 top entries) */}
        <Menu
          mode="horizontal"
          className="pt-nav"
          aria-label={t('portal.header.menu')}
          data-testid="portal-menu"
          selectedKeys={current ? [current, ...(menus.find((m) => m.id === current)?.children ?? []).filter((c) => isActive(c, path, query)).map((c) => c.id)] : []}
          items={menus.map((m) => ({
            key: m.id,
            label: name(m),
            popupClassName: 'pt-nav-popup',
            children: m.children?.length ? m.children.map((c) => ({ key: c.id, label: name(c), icon: c.icon ? <PortalIcon icon={c.icon} name={c.name} size={18} tone="plain" /> : undefined })) : undefined,
          }))}
          onClick={({ key }) => { const m = byId.get(key); if (m) open(m); }}
        />
        <div className="pt-header-tools">
          <TopSearch menus={menus} className="pt-desktop-only" collapsible />
          <span className="pt-desktop-only"><LanguageSwitch /></span>
          {signedIn ? (
            <span className="pt-desktop-only"><Suspense fallback={null}><UserArea /></Suspense></span>
          ) : (
            <Button className="pt-login pt-desktop-only" type="primary" icon={<LoginOutlined />} onClick={login} data-testid="portal-login">{t('portal.header.login')}</Button>
          )}
          <button type="button" className="pt-drawer-toggle" aria-label={t('portal.header.menu')} onClick={() => setDrawer(true)} data-testid="portal-drawer-toggle">
            <MenuOutlined />
          </button>
        </div>
      </div>
      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        placement="right"
        width="86%"
        closable={false}
        className="pt-drawer"
        rootClassName="pt-drawer-root"
        styles={{ body: { padding: 0 } }}
        data-testid="portal-drawer"
      >
        <div className="pt-drawer-head">
          <span className="pt-drawer-title">{title}</span>
          <button type="button" className="pt-drawer-close" aria-label={t('common.close', { defaultValue: 'Close' })} onClick={() => setDrawer(false)}><CloseOutlined /></button>
        </div>
        <div className="pt-drawer-search"><TopSearch menus={menus} onDone={() => setDrawer(false)} /></div>
        <nav className="pt-drawer-nav" aria-label={t('portal.header.menu')} data-testid="portal-drawer-menu">
          {menus.map((m) => (
            <div key={m.id} className="pt-drawer-group">
              {m.children?.length ? (
                <div className="pt-drawer-heading">{m.icon && <PortalIcon icon={m.icon} name={m.name} size={20} tone="plain" />} {name(m)}</div>
              ) : (
                <button type="button" className={`pt-drawer-item${current === m.id ? ' active' : ''}`} onClick={() => open(m)}>
                  {m.icon && <PortalIcon icon={m.icon} name={m.name} size={22} tone="plain" />} {name(m)}
                </button>
              )}
              {m.children?.map((c) => (
                <button key={c.id} type="button" className={`pt-drawer-item sub${isActive(c, path, query) ? ' active' : ''}`} onClick={() => open(c)}>{name(c)}</button>
              ))}
            </div>
          ))}
        </nav>
        <div className="pt-drawer-foot">
          <LanguageSwitch block />
          {signedIn ? (
            <Suspense fallback={null}><UserArea inDrawer onAction={() => setDrawer(false)} /></Suspense>
          ) : (
            <Button type="primary" block size="large" icon={<LoginOutlined />} onClick={login} data-testid="portal-drawer-login">{t('portal.header.login')}</Button>
          )}
        </div>
      </Drawer>
    </header>
  );
}
