// 栏目服务 (/portal/column/service?id=&floorId=, 001 §2.3): a column of the index with its services (or
// its news), beside the other columns of its floor; without floorId the floor holding the column is
// looked up among the enabled floors.
import { useState } from 'react';
import { Input, Pagination, Skeleton } from 'antd';
import { NotificationOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { portalApi, rowsOf } from '../public-api';
import ServiceCard from '../service/ServiceCard';
import type { PortalColumn } from '../types';
import { CenterPage, EmptyState, Panel, shortTime, useLocalName, usePhone } from './shared';

/** The column's floor and its columns (the floor given, else the first floor holding the column). */
async function floorOf(columnId: string, floorId: string | null): Promise<{ floorId: string; columns: PortalColumn[] } | null> {
  if (floorId) return { floorId, columns: await portalApi.columns(floorId) };
  for (const f of rowsOf(await portalApi.floors())) {
    const columns = await portalApi.columns(String(f.id));
    if (columns.some((c) => String(c.id) === columnId)) return { floorId: String(f.id), columns };
  }
  return null;
}

export default function ColumnService() {
  const { t } = useTranslation();
  return (
    <CenterPage active="/portal/column/service" title={t('portalCenter.column.title')} subtitle={t('portalCenter.column.subtitle')} icon={<UnorderedListOutlined />} testId="portal-column">
      <Body />
    </CenterPage>
  );
}

const SIZE = 12;

function Body() {
  const { t } = useTranslation();
  const local = useLocalName();
  const phone = usePhone();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const floor = useQuery({ queryKey: ['portal', 'columnFloor', id, params.get('floorId')], queryFn: () => floorOf(id, params.get('floorId')), enabled: !!id, staleTime: 60_000 });
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  // the floor's list shows each column's first showCount services; the page lists them all
  const detail = useQuery({ queryKey: ['portal', 'columnDetail', id], queryFn: () => portalApi.columnDetail(id), enabled: !!id, staleTime: 60_000 });
  const columns = floor.data?.columns ?? [];
  const listed = columns.find((c) => String(c.id) === id);
  const column = listed && detail.data ? { ...listed, ...detail.data } : listed;
  const choose = (c: PortalColumn) => { setKeyword(''); setCurrent(1); navigate(`/portal/column/service?id=${c.id}&floorId=${floor.data!.floorId}`, { replace: true }); };

  if (floor.isLoading || detail.isLoading) return <Panel><Skeleton active /></Panel>;
  if (!column) return <Panel><EmptyState text={t('portalCenter.column.missing')} action={{ label: t('portalCenter.column.home'), onClick: () => navigate('/portal/index') }} /></Panel>;
  const k = keyword.trim().toLowerCase();
  const services = (column.services ?? []).filter((s) => !k || [s.name, s.nameEn, s.summary].some((v) => v?.toLowerCase().includes(k)));
  const news = (column.news ?? []).filter((n) => !k || n.title.toLowerCase().includes(k));
  const isNews = Number(column.columnType) === 2;
  const total = isNews ? news.length : services.length;
  return (
    <div className="pc-catalogue">
      {columns.length > 1 && (phone ? (
        <div className="pc-chips">
          {columns.map((c) => <button key={c.id} className={`pc-chip${c.id === column.id ? ' active' : ''}`} onClick={() => choose(c)}>{local(c.name, c.nameEn)}</button>)}
        </div>
      ) : (
        <aside className="pc-cat-side">
          <div className="pc-side-title">{t('portalCenter.column.others')}</div>
          {columns.map((c) => (
            <button key={c.id} className={`pc-cat${c.id === column.id ? ' active' : ''}`} onClick={() => choose(c)}>
              <span className="pc-cat-name">{local(c.name, c.nameEn)}</span>
              <span className="pc-cat-count">{(Number(c.columnType) === 2 ? c.news : c.services)?.length ?? 0}</span>
            </button>
          ))}
        </aside>
      ))}
      <div className="pc-cat-main">
        <Panel
          title={local(column.name, column.nameEn)}
          testId="column-body"
          extra={<Input.Search allowClear className="pc-search" placeholder={t(isNews ? 'portalCenter.column.searchNews' : 'portalCenter.service.searchPlaceholder')}
            onSearch={(v) => { setKeyword(v); setCurrent(1); }} onChange={(e) => { if (!e.target.value) { setKeyword(''); setCurrent(1); } }} />}
        >
          {!total ? <EmptyState text={t(k ? 'portalCenter.service.noMatch' : isNews ? 'portalCenter.column.noNews' : 'portalCenter.column.noServices')} /> : isNews ? (
            <ul className="pc-line-list">
              {news.slice((current - 1) * SIZE, current * SIZE).map((n) => (
                <li key={n.id} className="pc-line" style={{ cursor: 'default' }}>
                  <NotificationOutlined style={{ color: 'var(--pc-primary)' }} />
                  <div className="pc-line-body"><div className="pc-line-name">{n.title}</div>{n.category && <div className="pc-line-sub">{n.category}</div>}</div>
                  <span className="pc-line-end">{shortTime(n.releaseTime).slice(0, 10)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <div className="pc-service-grid">{services.slice((current - 1) * SIZE, current * SIZE).map((s) => <ServiceCard key={s.id} card={s} />)}</div>
          )}
          {total > SIZE && <Pagination className="pc-pager" size="small" current={current} pageSize={SIZE} total={total} onChange={setCurrent} showSizeChanger={false} />}
        </Panel>
      </div>
    </div>
  );
}
