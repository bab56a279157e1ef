// 特色服务 (/portal/special/service?id=, 001 §2.3): the special services (themes such as 迎新, 毕业) —
// one chosen (the id, else the first) with its picture and description and its columns of services;
// a search lists its services page by page.
import { useEffect, useState } from 'react';
import { Input, Skeleton } from 'antd';
import { StarOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PortalIcon } from '../frame/icons';
import { portalApi } from '../public-api';
import ServiceCard from '../service/ServiceCard';
import type { SpecialService as Special } from '../types';
import { specialDetail } from './api';
import { ServiceGrid } from './ServiceGrid';
import { CenterPage, EmptyState, Panel, useLocalName, usePhone } from './shared';

export default function SpecialService() {
  const { t } = useTranslation();
  return (
    <CenterPage active="/portal/special/service" title={t('portalCenter.special.title')} subtitle={t('portalCenter.special.subtitle')} icon={<StarOutlined />} testId="portal-special">
      <Body />
    </CenterPage>
  );
}

function Body() {
  const { t } = useTranslation();
  const local = useLocalName();
  const phone = usePhone();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const specials = useQuery({ queryKey: ['portal', 'specials'], queryFn: () => portalApi.specialServices(100), staleTime: 60_000 });
  const list = specials.data?.records ?? [];
  const chosen = list.find((s) => String(s.id) === params.get('id')) ?? list[0];
  const choose = (s: Special) => navigate(`/portal/special/service?id=${s.id}`, { replace: true });

  if (specials.isLoading) return <Panel><Skeleton active /></Panel>;
  if (!chosen) return <Panel><EmptyState text={t('portalCenter.special.none')} /></Panel>;
  return (
    <div className="pc-catalogue">
      {phone ? (
        <div className="pc-chips">
          {list.map((s) => <button key={s.id} className={`pc-chip${s.id === chosen.id ? ' active' : ''}`} onClick={() => choose(s)}>{local(s.name, s.nameEn)}</button>)}
        </div>
      ) : (
        <aside className="pc-cat-side" data-testid="special-list">
          <div className="pc-side-title">{t('portalCenter.special.list')}</div>
          {list.map((s) => (
            <button key={s.id} className={`pc-cat${s.id === chosen.id ? ' active' : ''}`} onClick={() => choose(s)}>
              <PortalIcon icon={s.icon} name={s.name} size={26} />
              <span className="pc-cat-name">{local(s.name, s.nameEn)}</span>
            </button>
          ))}
        </aside>
      )}
      <div className="pc-cat-main"><SpecialBody key={chosen.id} special={chosen} /></div>
    </div>
  );
}

function SpecialBody({ special }: { special: Special }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const [name, setName] = useState('');
  const [page, setPage] = useState({ current: 1, size: 12 });
  useEffect(() => setPage((p) => ({ ...p, current: 1 })), [name]);
  const detail = useQuery({ queryKey: ['portal', 'specialDetail', special.id], queryFn: () => specialDetail(String(special.id)), staleTime: 0 });
  // a search (and a special service without columns) lists its services page by page
  const columns = (detail.data?.columns ?? []).filter((c) => c.services?.length);
  const paged = !!name || (!detail.isLoading && !columns.length);
  const services = useQuery({
    queryKey: ['portal', 'specialServices', special.id, name, page],
    queryFn: () => portalApi.services({ ...page, specialServiceId: String(special.id), name: name || undefined }),
    enabled: paged,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <Panel testId="special-services">
      <div className="pc-special-hero">
        {special.imageUrl ? <img src={special.imageUrl} alt="" /> : <PortalIcon icon={special.icon} name={special.name} size={64} tone="solid" />}
        <div>
          <h2>{local(special.name, special.nameEn)}</h2>
          {special.description && <p>{special.description}</p>}
        </div>
      </div>
      <div className="pc-toolbar">
        <Input.Search allowClear className="pc-search" placeholder={t('portalCenter.service.searchPlaceholder')} onSearch={(v) => setName(v.trim())} onChange={(e) => { if (!e.target.value) setName(''); }} />
        {paged && <span className="pc-count">{t('portalCenter.total', { count: services.data?.total ?? 0 })}</span>}
      </div>
      {detail.isLoading ? <Skeleton active /> : paged ? (
        <ServiceGrid
          page={services.data}
          loading={services.isLoading}
          current={page.current}
          size={page.size}
          onChange={(current, size) => setPage({ current: size !== page.size ? 1 : current, size })}
          empty={<EmptyState text={t(name ? 'portalCenter.service.noMatch' : 'portalCenter.special.noServices')} />}
        />
      ) : columns.map((c) => (
        <div key={c.id} data-testid="special-column">
          <div className="pc-column-title">{local(c.name, c.nameEn)}</div>
          <div className="pc-service-grid">{c.services!.map((x) => <ServiceCard key={x.id} card={x} />)}</div>
        </div>
      ))}
    </Panel>
  );
}
