// /portal/hall, the service hall (§2.3, issue 16): the banner (the slides of the 'hall' slideshow
// type) with the search (listUnion with name, which the server writes to the hot-search log), the
// category tabs (serviceCategory/noLogin/listNoPage), the "one
// thing" packages, the services found with paging, the recommendations and the through-departments.
// What is chosen lives in the address (categoryId, deptId, packageId, handleType, name, current), so a
// menu entry can point at a category and the browser's back button goes back a choice.
import { useEffect, useMemo } from 'react';
import { Empty, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { ApartmentOutlined, AppstoreOutlined, GiftOutlined, LikeOutlined, PhoneOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import PortalFrame, { portalTitle } from '../frame/PortalFrame';
import { PortalIcon } from '../frame/icons';
import { SearchBox } from '../frame/SearchBox';
import { Slides, pickSlides } from '../index/Hero';
import { localName } from '../frame/links';
import ServiceCard, { optionLabel } from '../service/ServiceCard';
import { portalApi, rowsOf, useCategories, usePortalConfig, usePortalQuery, useServices } from '../public-api';
import type { ServiceQuery } from '../types';
import './hall.css';

const PAGE_SIZE = 12;
const FILTER_KEYS = ['categoryId', 'deptId', 'packageId', 'handleType', 'name'] as const;

function HallPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const config = usePortalConfig();
  const site = portalTitle(config.data, i18n.language);
  const categories = useCategories();
  const packages = usePortalQuery('packages', [20], () => portalApi.packages(20));
  const recommends = usePortalQuery('recommends', [], async () => rowsOf(await portalApi.recommends()));
  const depts = usePortalQuery('throughDepts', [], () => portalApi.throughDepts());
  // the same query as the index's (one request for both pages): the hall shows the 'hall' type
  const slides = usePortalQuery('slideshows', [], () => portalApi.slideshows());
  const L = (zh?: string | null, en?: string | null) => localName(zh, en, i18n.language);

  const query: ServiceQuery = useMemo(() => {
    const q: ServiceQuery = { current: Math.max(1, Number(params.get('current')) || 1), size: PAGE_SIZE };
    for (const k of FILTER_KEYS) {
      const v = params.get(k)?.trim();
      if (!v) continue;
      if (k === 'handleType') q.handleType = Number(v) || undefined;
      else q[k] = v;
    }
    return q;
  }, [params]);
  const services = useServices(query);

  useEffect(() => {
    document.title = `${t('portal.hall.title')} - ${site}`;
  }, [t, site]);

  /** Changes some choices; any change but the page goes back to page 1. */
  const choose = (next: Partial<Record<(typeof FILTER_KEYS)[number] | 'current', string | undefined>>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    if (!('current' in next)) p.delete('current');
    setParams(p);
    if ('current' in next) document.getElementById('hall-results')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const allCount = (categories.data ?? []).reduce((n, c) => n + (c.serviceCount ?? 0), 0);
  const pkg = packages.data?.records.find((p) => p.id === query.packageId);
  const dept = depts.data?.find((d) => d.deptId === query.deptId);
  const chips = [
    query.name && { key: 'name', label: t('portal.hall.chipName', { name: query.name }) },
    query.deptId && { key: 'deptId', label: t('portal.hall.chipDept', { name: dept ? L(dept.name, dept.nameEn) : query.deptId }) },
    query.packageId && { key: 'packageId', label: t('portal.hall.chipPackage', { name: pkg ? L(pkg.name, pkg.nameEn) : query.packageId }) },
  ].filter((x): x is { key: 'name' | 'deptId' | 'packageId'; label: string } => !!x);
  const records = services.data?.records ?? [];
  const total = services.data?.total ?? 0;

  return (
    <div className="hl-page" data-testid="portal-hall">
      <section className="hl-banner" data-testid="hall-banner">
        <Slides type={pickSlides(slides.data, 'hall', false)} />
        <div className="pt-wrap hl-banner-content">
          <h1>{t('portal.hall.title')}</h1>
          <p>{t('portal.hall.subtitle')}</p>
          <SearchBox initial={query.name ?? ''} onSearch={(w) => choose({ name: w || undefined })} testId="hall-search" />
        </div>
      </section>

      <div className="pt-wrap hl-cats-wrap">
        <div className="hl-cats" role="tablist" data-testid="hall-categories">
          <button type="button" role="tab" aria-selected={!query.categoryId} className={!query.categoryId ? 'active' : ''} onClick={() => choose({ categoryId: undefined })} data-testid="hall-category-all">
            <PortalIcon icon="AppstoreOutlined" name="*" colour="#1d5bd8" size={40} tone={!query.categoryId ? 'solid' : 'soft'} />
            <span className="hl-cat-name">{t('portal.hall.all')}</span>
            <span className="hl-cat-count">{allCount}</span>
          </button>
          {(categories.data ?? []).map((c) => {
            const on = query.categoryId === c.id;
            return (
              <button key={c.id} type="button" role="tab" aria-selected={on} className={on ? 'active' : ''} onClick={() => choose({ categoryId: c.id })} data-testid="hall-category" data-id={c.id}>
                <PortalIcon icon={c.icon} name={c.name} colour={c.color} size={40} tone={on ? 'solid' : 'soft'} />
                <span className="hl-cat-name">{L(c.name, c.nameEn)}</span>
                <span className="hl-cat-count">{c.serviceCount ?? 0}</span>
              </button>
            );
          })}
          {categories.isLoading && <Skeleton.Button active block style={{ height: 76 }} />}
        </div>
      </div>

      {!!packages.data?.records.length && (
        <section className="pt-wrap hl-packages-wrap">
          <h2 className="hl-side-title"><GiftOutlined /> {t('portal.hall.packages')}</h2>
          <div className="hl-packages" data-testid="hall-packages">
            {packages.data.records.map((p, i) => {
              const on = query.packageId === p.id;
              return (
                <button key={p.id} type="button" className={`hl-package tone${i % 4}${on ? ' active' : ''}`} onClick={() => choose({ packageId: on ? undefined : p.id })} aria-pressed={on}>
                  <PortalIcon icon={p.icon} name={p.name} size={40} tone="plain" />
                  <span className="hl-package-text">
                    <b>{L(p.name, p.nameEn)}</b>
                    <span className="hl-package-count">{t('portal.hall.packageServices', { n: p.services?.length ?? 0 })}</span>
                    {L(p.description, p.descriptionEn) && <span className="hl-package-desc" title={L(p.description, p.descriptionEn)}>{L(p.description, p.descriptionEn)}</span>}
                  </span>
                </button>
              );
            })}
          </div>
        </section>
      )}

      <div className="pt-wrap hl-body">
        <main className="hl-results" id="hall-results">
          <div className="hl-toolbar">
            <div className="hl-found" data-testid="hall-total">
              {services.isFetching && !services.data ? t('common.loading') : t('portal.hall.found', { n: total })}
              {chips.map((c) => (
                <Tag key={c.key} closable onClose={(e) => { e.preventDefault(); choose({ [c.key]: undefined }); }} color="blue" className="hl-chip">{c.label}</Tag>
              ))}
            </div>
            <Segmented
              size="middle"
              value={String(query.handleType ?? '')}
              onChange={(v) => choose({ handleType: String(v) || undefined })}
              options={[{ value: '', label: t('portal.hall.allWays') }, ...[1, 2, 3].map((n) => ({ value: String(n), label: optionLabel('handleType', n, i18n.language) }))]}
              data-testid="hall-handle-type"
            />
          </div>
          {services.isLoading ? (
            <div className="hl-grid">{Array.from({ length: 6 }, (_, i) => <Skeleton key={i} active avatar paragraph={{ rows: 2 }} className="hl-skeleton" />)}</div>
          ) : services.isError ? (
            <div className="pt-error">{services.error.message || t('portal.loadFailed')}</div>
          ) : records.length ? (
            <div className={`hl-grid${services.isFetching ? ' fetching' : ''}`} data-testid="hall-services">
              {records.map((s) => <ServiceCard key={s.id} card={s} />)}
            </div>
          ) : (
            <Empty className="hl-empty" description={query.name ? t('portal.hall.noneFor', { name: query.name }) : t('portal.hall.none')} data-testid="hall-empty" />
          )}
          {total > PAGE_SIZE && (
            <Pagination className="hl-pager" current={query.current} pageSize={PAGE_SIZE} total={total} showSizeChanger={false}
              onChange={(n) => choose({ current: String(n) })} showTotal={(n) => t('portal.hall.total', { n })} responsive />
          )}
        </main>
        <aside className="hl-side">
          {!!recommends.data?.length && (
            <section className="pt-panel" data-testid="hall-recommends">
              <h2 className="pt-panel-title"><span><LikeOutlined /> {t('portal.hall.recommends')}</span></h2>
              {recommends.data.filter((r) => r.service).map((r) => (
                <div key={r.id} className="hl-recommend">
                  <ServiceCard card={r.service!} variant="mini" />
                  {r.reason && <p className="hl-reason">{r.reason}</p>}
                </div>
              ))}
            </section>
          )}
          {!!depts.data?.length && (
            <section className="pt-panel" data-testid="hall-depts">
              <h2 className="pt-panel-title"><span><ApartmentOutlined /> {t('portal.hall.depts')}</span></h2>
              <ul className="hl-depts">
                {depts.data.map((d) => {
                  const on = query.deptId === d.deptId;
                  return (
                    <li key={d.id}>
                      <button type="button" className={on ? 'active' : ''} onClick={() => choose({ deptId: on ? undefined : d.deptId })} aria-pressed={on}>
                        <PortalIcon icon={d.icon} name={d.name} size={34} />
                        <span className="hl-dept-text">
                          <b>{L(d.name, d.nameEn)}</b>
                          {d.contactPhone && <span><PhoneOutlined /> {d.contactPhone}</span>}
                        </span>
                        <span className="hl-dept-count">{d.serviceCount}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          {!recommends.data?.length && !depts.data?.length && !recommends.isLoading && !depts.isLoading && (
            <section className="pt-panel hl-side-empty"><AppstoreOutlined /> {t('portal.hall.sideEmpty')}</section>
          )}
        </aside>
      </div>
    </div>
  );
}

export default function PortalHall() {
  return (
    <PortalFrame>
      <HallPage />
    </PortalFrame>
  );
}
