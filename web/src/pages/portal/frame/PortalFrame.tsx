// The frame of every portal page (§2.3, §2.4): header, footer, the optional category bar (menuPattern
// 2), mourning mode (subjectPattern 2: the whole page grey) and, while the site's openPortal is not
// 1, the "portal not open" page instead of the page. Public pages and signed-in ones share it.
import { useEffect, type ReactNode } from 'react';
import { Button, ConfigProvider, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../shell/queries';
import { siteTitle } from '../../../shell/site';
import { useSession } from '../../../shell/store';
import { website } from '../../../website';
import { useCategories, usePortalConfig, useTopMenu } from '../public-api';
import { PortalHeader, loginRoute } from './Header';
import { PortalFooter } from './Footer';
import { localName } from './links';
import type { PortalConfig } from '../types';
import './portal.css';

/** The site's name in the reader's language: the portal config's, else the platform's. */
export function portalTitle(config: PortalConfig | undefined, language: string): string {
  return localName(config?.siteName?.trim(), config?.siteNameEn?.trim(), language) || siteTitle(language);
}

/** The portal config's site name etc., for pages that show them (hero, titles). */
export { usePortalConfig };

/** Mourning mode greys the whole document (dialogs and drawers too), for as long as a portal page is shown. */
function useMourning(on: boolean) {
  useEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    root.classList.add('portal-mourning');
    return () => root.classList.remove('portal-mourning');
  }, [on]);
}

/** menuPattern 2: the service categories under the header, each opening the hall on it. */
function CategoryBar() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const categories = useCategories();
  const current = new URLSearchParams(location.search).get('categoryId');
  if (!categories.data?.length) return null;
  return (
    <div className="pt-category-bar" data-testid="portal-category-bar">
      <div className="pt-wrap pt-category-bar-inner">
        {categories.data.map((c) => (
          <button key={c.id} type="button" className={current === c.id && location.pathname === '/portal/hall' ? 'active' : ''}
            onClick={() => navigate(`/portal/hall?categoryId=${c.id}`)}>
            {localName(c.name, c.nameEn, i18n.language)}
          </button>
        ))}
      </div>
    </div>
  );
}

function ClosedPortal({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.token);
  return (
    <div className="pt-closed" data-testid="portal-closed">
      <Result
        icon={<span className="pt-closed-icon"><LockOutlined /></span>}
        title={t('portal.closed.title')}
        subTitle={t('portal.closed.text', { name: title })}
        extra={
          signedIn ? (
            <Button type="primary" size="large" onClick={() => navigate(website.firstPage.value)}>{t('portal.header.backOffice')}</Button>
          ) : (
            <Button type="primary" size="large" onClick={() => navigate(loginRoute('/portal/index'))} data-testid="portal-closed-login">{t('portal.closed.login')}</Button>
          )
        }
      />
    </div>
  );
}

function Frame({ children, active }: { children: ReactNode; active?: string }) {
  const { i18n } = useTranslation();
  const config = usePortalConfig();
  const cfg = config.data ?? {};
  const open = config.data ? cfg.openPortal === '1' : undefined;
  const menus = useTopMenu();
  const title = portalTitle(config.data, i18n.language);
  useMourning(cfg.subjectPattern === '2');
  // another page of the portal starts at its top (a change of the query, e.g. the hall's filters, does not)
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    if (open === false) document.title = title;
  }, [open, title]);

  return (
    <div className={`pt-root${open === false ? ' closed' : ''}`} data-testid="portal-frame" data-mourning={cfg.subjectPattern === '2' ? '1' : '0'}>
      <PortalHeader config={cfg} menus={open ? (menus.data ?? []) : []} title={title} active={active} />
      {open && cfg.menuPattern === '2' && <CategoryBar />}
      <main className="pt-main">{open === false ? <ClosedPortal title={title} /> : children}</main>
      <PortalFooter config={open === false ? {} : cfg} title={title} />
    </div>
  );
}

const PORTAL_THEME = { token: { colorPrimary: '#1d5bd8', colorLink: '#1d5bd8', borderRadius: 8 } };

/** The portal's header and footer around a page; props.active: the address whose menu entry is lit when no entry names the page's own address. */
export default function PortalFrame({ children, active }: { children: ReactNode; active?: string }) {
  return (
    <QueryProvider>
      {/* the public site keeps its own blue whatever colour a person chose for the back office */}
      <ConfigProvider theme={PORTAL_THEME}>
        <Frame active={active}>{children}</Frame>
      </ConfigProvider>
    </QueryProvider>
  );
}
