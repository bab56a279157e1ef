// The floors of the index (floor/noLogin/list, each drawn from floor/noLogin/detail): service columns
// (tabs of service cards), precincts (themed areas; one opens its services from precinct/noLogin/
// detail), news and links.
import { useState } from 'react';
import { Empty, Modal, Skeleton, Tabs } from 'antd';
import { LinkOutlined, NotificationOutlined, RightOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import ServiceCard from '../service/ServiceCard';
import { PortalIcon } from '../frame/icons';
import { isExternal, localName, openAddress, siteHref } from '../frame/links';
import { PORTAL_STALE, portalApi, usePortalKey, usePortalQuery } from '../public-api';
import type { Floor, FloorDetail, NewsItem, PortalColumn, Precinct, UrlLink } from '../types';

function ServiceGrid({ column }: { column: PortalColumn }) {
  const { t } = useTranslation();
  const services = column.services ?? [];
  if (Number(column.columnType) === 2) return <NewsList news={column.news ?? []} />;
  if (!services.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.index.noServices')} />;
  return (
    <div className="ix-service-grid">
      {services.map((s) => <ServiceCard key={s.id} card={s} />)}
    </div>
  );
}

function NewsList({ news }: { news: NewsItem[] }) {
  const { t } = useTranslation();
  if (!news.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.index.noNews')} />;
  return (
    <ul className="ix-news">
      {news.map((n) => (
        <li key={n.id}>
          <NotificationOutlined className="ix-news-icon" />
          <span className="ix-news-title" title={n.title}>{n.title}</span>
          {/* a category name is shown; a bare dictionary code would mean nothing to a reader */}
          {n.category && !/^\d+$/.test(n.category) && <span className="ix-news-cat">{n.category}</span>}
          <time>{(n.releaseTime ?? '').slice(0, 10)}</time>
        </li>
      ))}
    </ul>
  );
}

function Links({ links }: { links: UrlLink[] }) {
  const { i18n } = useTranslation();
  return (
    <div className="ix-links">
      {links.map((l) => (
        <a key={l.id} className="ix-link" href={isExternal(l.url) ? l.url : siteHref(l.url)} target={Number(l.openWay) === 3 ? '_blank' : undefined} rel="noreferrer"
          onClick={(e) => { e.preventDefault(); openAddress(l.url, l.openWay); }}>
          <PortalIcon icon={l.icon || 'LinkOutlined'} name={l.name} size={36} />
          <span className="ix-link-name">{localName(l.name, l.nameEn, i18n.language)}</span>
          <LinkOutlined className="ix-link-arrow" />
        </a>
      ))}
    </div>
  );
}

/** A precinct's services in a dialog (precinct/noLogin/detail: all of them, not only the floor's few). */
function PrecinctDialog({ precinct, onClose }: { precinct: Precinct | null; onClose: () => void }) {
  const { i18n, t } = useTranslation();
  const detail = usePortalQuery('precinct', [precinct?.id], () => portalApi.precinct(precinct!.id), { enabled: !!precinct });
  const services = detail.data?.services ?? precinct?.services ?? [];
  return (
    <Modal open={!!precinct} onCancel={onClose} footer={null} width={760} title={precinct ? localName(precinct.name, precinct.nameEn, i18n.language) : ''} destroyOnHidden>
      {precinct?.description && <p className="ix-precinct-desc">{precinct.description}</p>}
      {detail.isLoading ? <Skeleton active /> : services.length ? (
        <div className="ix-service-grid two">{services.map((s) => <ServiceCard key={s.id} card={s} />)}</div>
      ) : <Empty description={t('portal.index.noServices')} />}
    </Modal>
  );
}

function Precincts({ precincts }: { precincts: Precinct[] }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<Precinct | null>(null);
  return (
    <>
      <div className="ix-precincts">
        {precincts.map((p, i) => (
          <div key={p.id} className={`ix-precinct tone${i % 4}`} data-testid="portal-precinct">
            <div className="ix-precinct-cover" style={p.imageUrl ? { backgroundImage: `url("${p.imageUrl.replace(/"/g, '%22')}")` } : undefined}>
              <PortalIcon icon={p.icon} name={p.name} size={44} />
              <h3>{localName(p.name, p.nameEn, i18n.language)}</h3>
              {localName(p.description, (p as { descriptionEn?: string }).descriptionEn, i18n.language) && <p>{localName(p.description, (p as { descriptionEn?: string }).descriptionEn, i18n.language)}</p>}
            </div>
            <ul className="ix-precinct-services">
              {(p.services ?? []).slice(0, 4).map((s) => (
                <li key={s.id}><ServiceCard card={s} variant="mini" /></li>
              ))}
            </ul>
            <button type="button" className="ix-precinct-more" onClick={() => (p.linkUrl ? openAddress(p.linkUrl, 1) : setOpen(p))}>
              {t('portal.index.enterPrecinct')} <RightOutlined />
            </button>
          </div>
        ))}
      </div>
      <PrecinctDialog precinct={open} onClose={() => setOpen(null)} />
    </>
  );
}

function FloorBody({ floor }: { floor: FloorDetail }) {
  const { i18n, t } = useTranslation();
  const type = Number(floor.floorType) || 1;
  if (type === 2) return floor.precincts?.length ? <Precincts precincts={floor.precincts} /> : <Empty description={t('portal.index.noServices')} />;
  if (type === 3) return <div className="pt-panel"><NewsList news={floor.news ?? []} /></div>;
  if (type === 4) return <Links links={floor.links ?? []} />;
  const columns = floor.columns ?? [];
  if (!columns.length) return <Empty description={t('portal.index.noServices')} />;
  if (columns.length === 1) return <ServiceGrid column={columns[0]} />;
  return (
    <Tabs
      className="ix-floor-tabs"
      items={columns.map((c) => ({
        key: c.id,
        label: <span className="ix-tab-label">{c.icon && <PortalIcon icon={c.icon} name={c.name} size={20} tone="plain" />}{localName(c.name, c.nameEn, i18n.language)}</span>,
        children: <ServiceGrid column={c} />,
      }))}
    />
  );
}

export function Floors({ floors }: { floors: Floor[] }) {
  const { t, i18n } = useTranslation();
  const base = usePortalKey();
  const details = useQueries({
    queries: floors.map((f) => ({ queryKey: [...base, 'floor', f.id], queryFn: () => portalApi.floorDetail(f.id), staleTime: PORTAL_STALE })),
  });
  return (
    <>
      {floors.map((f, i) => {
        const d = details[i];
        const subtitle = i18n.language === 'en' ? f.subtitleEn || f.subtitle : f.subtitle;
        return (
          <section key={f.id} className={`pt-section ix-floor type${f.floorType}`} data-testid="portal-floor">
            <div className="pt-wrap">
              <div className="pt-section-head">
                <div>
                  <h2 className="pt-section-title">{localName(f.name, f.nameEn, i18n.language)}</h2>
                  {subtitle && <p className="pt-section-sub">{subtitle}</p>}
                </div>
                {f.moreUrl && <button type="button" className="pt-more" onClick={() => openAddress(f.moreUrl, 1)}>{t('portal.index.more')} <RightOutlined /></button>}
              </div>
              {d.data ? <FloorBody floor={{ ...f, ...d.data }} /> : d.isError ? <div className="pt-error">{t('portal.loadFailed')}</div> : <Skeleton active paragraph={{ rows: 4 }} />}
            </div>
          </section>
        );
      })}
    </>
  );
}
