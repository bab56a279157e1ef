// /portal/index, the portal front desk (§2.3, issue 16): hero slideshow with the service search and hot
// searches, the statistics counters, shortcut entrances, the floors, hot services and departments, and
// a saying. Public: every call here is a noLogin one, cached (react-query) for PORTAL_STALE.
import { useEffect } from 'react';
import { Skeleton } from 'antd';
import { ApartmentOutlined, AppstoreOutlined, FireOutlined, RightOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import PortalFrame, { portalTitle } from '../frame/PortalFrame';
import { PortalIcon } from '../frame/icons';
import { localName, openAddress } from '../frame/links';
import { introduceRoute } from '../service/ServiceCard';
import ServiceCard from '../service/ServiceCard';
import { portalApi, rowsOf, usePortalConfig, usePortalQuery } from '../public-api';
import { Floors } from './Floors';
import { Hero, pickSlides } from './Hero';
import type { ShortcutEntrance } from '../types';
import './index.css';

const fmt = (n: number | undefined, language: string) => (n ?? 0).toLocaleString(language === 'en' ? 'en-US' : 'zh-CN');

function Stats() {
  const { t, i18n } = useTranslation();
  const count = usePortalQuery('serviceCount', [], () => portalApi.serviceCount());
  const sum = usePortalQuery('sumStatistics', ['all'], () => portalApi.sumStatistics('all'));
  const started = usePortalQuery('startedProcessCount', [], () => portalApi.startedProcessCount());
  const items = [
    { key: 'services', value: count.data?.serviceCount, label: t('portal.stats.services'), note: t('portal.stats.online', { n: fmt(count.data?.onlineCount, i18n.language) }) },
    { key: 'depts', value: count.data?.deptCount, label: t('portal.stats.depts'), note: t('portal.stats.categories', { n: fmt(count.data?.categoryCount, i18n.language) }) },
    { key: 'started', value: started.data?.total, label: t('portal.stats.started'), note: t('portal.stats.today', { n: fmt(started.data?.today, i18n.language) }) },
    { key: 'visits', value: sum.data?.visitCount, label: t('portal.stats.visits'), note: t('portal.stats.collects', { n: fmt(sum.data?.collectCount, i18n.language) }) },
  ];
  return (
    <div className="pt-wrap ix-stats-wrap">
      <div className="ix-stats" data-testid="portal-stats">
        {items.map((s) => (
          <div key={s.key} className="ix-stat" data-testid={`portal-stat-${s.key}`}>
            <b>{s.value === undefined ? '—' : fmt(s.value, i18n.language)}</b>
            <span className="ix-stat-label">{s.label}</span>
            <span className="ix-stat-note">{s.value === undefined ? '' : s.note}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function Shortcuts({ list }: { list: ShortcutEntrance[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const open = (s: ShortcutEntrance) => {
    if (s.serviceId) navigate(introduceRoute(s.serviceId));
    else openAddress(s.url, s.openWay);
  };
  if (!list.length) return null;
  return (
    <section className="pt-section ix-shortcuts-section">
      <div className="pt-wrap">
        <div className="pt-section-head">
          <h2 className="pt-section-title">{t('portal.index.shortcuts')}</h2>
        </div>
        <div className="ix-shortcuts" data-testid="portal-shortcuts">
          {list.map((s) => (
            <button key={s.id} type="button" className="ix-shortcut" onClick={() => open(s)}>
              <PortalIcon icon={s.icon} name={s.name} colour={s.color} size={52} tone="solid" />
              <span>{localName(s.name, s.nameEn, i18n.language)}</span>
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

function HotLists() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const hot = usePortalQuery('hotServices', [10], () => portalApi.hotServices(10));
  const depts = usePortalQuery('hotDepts', [8], () => portalApi.hotDepts(8));
  const services = hot.data?.records ?? [];
  const deptRows = depts.data?.records ?? [];
  const top = Math.max(1, ...deptRows.map((d) => d.hotCount || d.serviceCount || 0));
  return (
    <section className="pt-section">
      <div className="pt-wrap ix-hot">
        <div className="pt-panel ix-hot-services" data-testid="portal-hot-services">
          <div className="pt-panel-title">
            <span><FireOutlined /> {t('portal.index.hotServices')}</span>
            <button type="button" className="pt-more" onClick={() => navigate('/portal/hall')}>{t('portal.index.allServices')} <RightOutlined /></button>
          </div>
          {hot.isLoading ? <Skeleton active /> : (
            <div className="ix-hot-grid">
              {services.map((s, i) => <ServiceCard key={s.id} card={s} variant="mini" rank={i + 1} />)}
            </div>
          )}
        </div>
        <div className="pt-panel ix-hot-depts" data-testid="portal-hot-depts">
          <div className="pt-panel-title"><span><ApartmentOutlined /> {t('portal.index.hotDepts')}</span></div>
          {depts.isLoading ? <Skeleton active /> : (
            <ul className="ix-dept-list">
              {deptRows.map((d) => (
                <li key={d.deptId}>
                  <button type="button" onClick={() => navigate(`/portal/hall?deptId=${d.deptId}`)}>
                    <span className="ix-dept-name">{localName(d.deptName, d.deptNameEn, i18n.language)}</span>
                    <span className="ix-dept-count">{t('portal.index.deptServices', { n: d.serviceCount })}</span>
                  </button>
                  <span className="ix-dept-bar"><i style={{ width: `${Math.max(6, Math.round(((d.hotCount || d.serviceCount || 0) / top) * 100))}%` }} /></span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

function Saying() {
  const { i18n } = useTranslation();
  // a new saying on each visit of the page, not each render
  const saying = usePortalQuery('aphorism', [], () => portalApi.aphorism(), { staleTime: 0, gcTime: 0, refetchOnMount: true });
  const a = saying.data;
  if (!a) return null;
  const text = i18n.language === 'en' ? a.contentEn || a.content : a.content;
  return (
    <section className="ix-saying" data-testid="portal-aphorism">
      <div className="pt-wrap">
        <blockquote>
          <p>{text}</p>
          {a.author && <cite>— {a.author}</cite>}
        </blockquote>
      </div>
    </section>
  );
}

function IndexPage() {
  const { i18n, t } = useTranslation();
  const config = usePortalConfig();
  const title = portalTitle(config.data, i18n.language);
  const slides = usePortalQuery('slideshows', [], () => portalApi.slideshows());
  const shortcuts = usePortalQuery('shortcuts', [12], () => portalApi.shortcuts(12));
  const floors = usePortalQuery('floors', [], async () => rowsOf(await portalApi.floors()));
  useEffect(() => {
    document.title = `${t('portal.index.title')} - ${title}`;
  }, [t, title]);
  return (
    <div className="ix-page" data-testid="portal-index">
      <Hero config={config.data ?? {}} type={pickSlides(slides.data, 'index')} title={title} />
      <Stats />
      <Shortcuts list={shortcuts.data?.records ?? []} />
      {floors.isLoading && (
        <section className="pt-section"><div className="pt-wrap"><Skeleton active paragraph={{ rows: 6 }} /></div></section>
      )}
      {floors.data && <Floors floors={floors.data} />}
      {floors.data && !floors.data.length && (
        <section className="pt-section">
          <div className="pt-wrap ix-empty-floors">
            <AppstoreOutlined /> <span>{t('portal.index.noFloors')}</span>
            <button type="button" className="pt-more" onClick={() => openAddress('/portal/hall', 1)}>{t('portal.index.allServices')} <ThunderboltOutlined /></button>
          </div>
        </section>
      )}
      <HotLists />
      <Saying />
    </div>
  );
}

export default function PortalIndex() {
  return (
    <PortalFrame>
      <IndexPage />
    </PortalFrame>
  );
}
