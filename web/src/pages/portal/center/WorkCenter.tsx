// 工作中心 (/portal/work/center, 001 §2.3): the caller's counters (to-do, done, sent, copied,
// favourites, messages) leading to the to-do centre; their favourites and recent visits; the services
// they may handle online now; their pinned micro-apps and the way to the app center.
import { useMemo, useState } from 'react';
import { Button, Input, Pagination, Skeleton } from 'antd';
import {
  AppstoreOutlined, AuditOutlined, BellOutlined, CheckCircleOutlined, CopyOutlined, DesktopOutlined, HistoryOutlined, SendOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '../../../shell/messages/store';
import { appIconUrl } from '../../miniApp/api';
import { getMyAppList } from '../../miniApp/center/api';
import { encodeParams as appParams } from '../../miniApp/params';
import { portalApi } from '../public-api';
import { myCollects, myStatusList, onlineServices, serviceList, visitedServices, type MyStatus, type StatusKey } from './api';
import { ServiceLine } from './ServiceLine';
import { CenterPage, EmptyState, Panel, shortTime, useFocusRefresh, useLocalName } from './shared';
import { RALLY_KINDS, rallyPath } from './todo/TodoCenter';

const STATUS_LOOK: Record<StatusKey, { icon: React.ReactNode; colour: string }> = {
  todo: { icon: <AuditOutlined />, colour: '#1d5bd8' },
  done: { icon: <CheckCircleOutlined />, colour: '#13a8a8' },
  send: { icon: <SendOutlined />, colour: '#722ed1' },
  copy: { icon: <CopyOutlined />, colour: '#fa8c16' },
  collect: { icon: <StarOutlined />, colour: '#eb2f96' },
  message: { icon: <BellOutlined />, colour: '#52c41a' },
};
const LIST_SIZE = 6;

export default function WorkCenter() {
  const { t } = useTranslation();
  return (
    <CenterPage active="/portal/work/center" title={t('portalCenter.work.title')} subtitle={t('portalCenter.work.subtitle')} icon={<DesktopOutlined />} testId="portal-work-center">
      <WorkBody />
    </CenterPage>
  );
}

function WorkBody() {
  const navigate = useNavigate();
  const local = useLocalName();
  const status = useQuery({ queryKey: ['portal', 'myStatus'], queryFn: myStatusList, staleTime: 0 });
  useFocusRefresh(() => void status.refetch());

  // a counter of the to-do centre opens its tab; favourites scroll to the list below; the rest go where the server says
  const go = (s: MyStatus) => {
    if ((RALLY_KINDS as string[]).includes(s.key)) navigate(rallyPath(s.key as (typeof RALLY_KINDS)[number]));
    else if (s.key === 'collect') document.getElementById('pc-favourites')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // the header's bell holds the message drawer (我的消息)
    else if (s.key === 'message') useMessages.getState().setDrawerOpen(true);
    else if (s.path) navigate(s.path);
  };
  return (
    <>
      <div className="pc-status-grid" data-testid="work-status">
        {status.isLoading
          ? Array.from({ length: 6 }, (_, i) => <div key={i} className="pc-status"><Skeleton active paragraph={false} /></div>)
          : (status.data ?? []).map((s) => {
            const look = STATUS_LOOK[s.key] ?? STATUS_LOOK.todo;
            return (
              <button key={s.key} className="pc-status" data-testid={`work-status-${s.key}`} onClick={() => go(s)}>
                <span className="pc-status-top">
                  {local(s.name, s.nameEn)}
                  <span className="pc-status-icon" style={{ background: `color-mix(in srgb, ${look.colour} 12%, #fff)`, color: look.colour }}>{look.icon}</span>
                </span>
                <span className="pc-status-count" style={{ color: look.colour }}>{s.count}</span>
              </button>
            );
          })}
      </div>
      <div className="pc-grid-2" style={{ marginBottom: 16 }}>
        <Favourites />
        <Visits />
      </div>
      <OnlineHandling />
      <MyApps />
    </>
  );
}

/** 我的收藏: the caller's favourites, newest first, as the services they are. */
function Favourites() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState(1);
  const collects = useQuery({ queryKey: ['portal', 'myCollects', current], queryFn: () => myCollects({ current, size: LIST_SIZE }), staleTime: 0 });
  // the services themselves (with canHandle) come from the one list of enabled services
  const services = useQuery({ queryKey: ['portal', 'serviceList'], queryFn: () => serviceList(), staleTime: 0 });
  useFocusRefresh(() => { void collects.refetch(); void services.refetch(); });
  const byId = useMemo(() => new Map((services.data ?? []).map((s) => [String(s.id), s])), [services.data]);
  const cards = (collects.data?.records ?? []).map((c) => byId.get(String(c.serviceId))).filter((s): s is NonNullable<typeof s> => !!s);
  return (
    <Panel title={t('portalCenter.work.favourites')} icon={<StarOutlined />} testId="work-favourites" className="pc-favourites">
      <div id="pc-favourites" />
      {collects.isLoading || services.isLoading ? <Skeleton active /> : cards.length ? (
        <ul className="pc-line-list">{cards.map((c) => <ServiceLine key={c.id} card={c} />)}</ul>
      ) : (
        <EmptyState compact text={t('portalCenter.work.noFavourites')} hint={t('portalCenter.work.noFavouritesHint')} action={{ label: t('portalCenter.work.browse'), onClick: () => navigate('/portal/transaction/center') }} />
      )}
      {(collects.data?.total ?? 0) > LIST_SIZE && (
        <Pagination className="pc-pager" size="small" simple current={current} pageSize={LIST_SIZE} total={collects.data?.total ?? 0} onChange={setCurrent} />
      )}
    </Panel>
  );
}

/** 最近访问: the services the caller opened or started lately. */
function Visits() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState(1);
  const visits = useQuery({ queryKey: ['portal', 'visits', current], queryFn: () => visitedServices({ current, size: LIST_SIZE }), staleTime: 0 });
  useFocusRefresh(() => void visits.refetch());
  const rows = visits.data?.records ?? [];
  return (
    <Panel title={t('portalCenter.work.visits')} icon={<HistoryOutlined />} testId="work-visits">
      {visits.isLoading ? <Skeleton active /> : rows.length ? (
        <ul className="pc-line-list">{rows.map((c) => <ServiceLine key={c.id} card={c} end={<span className="pc-line-time">{shortTime(c.lastVisitTime)}</span>} />)}</ul>
      ) : (
        <EmptyState compact text={t('portalCenter.work.noVisits')} hint={t('portalCenter.work.noVisitsHint')} action={{ label: t('portalCenter.work.toHall'), onClick: () => navigate('/portal/hall') }} />
      )}
      {(visits.data?.total ?? 0) > LIST_SIZE && (
        <Pagination className="pc-pager" size="small" simple current={current} pageSize={LIST_SIZE} total={visits.data?.total ?? 0} onChange={setCurrent} />
      )}
    </Panel>
  );
}

/** 在线办理: services handled online that the caller may start now, by category, searched by name. */
function OnlineHandling() {
  const { t } = useTranslation();
  const local = useLocalName();
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(1);
  const size = 8;
  const cats = useQuery({ queryKey: ['portal', 'categories'], queryFn: portalApi.categories, staleTime: 60_000 });
  const list = useQuery({ queryKey: ['portal', 'online', categoryId, query], queryFn: () => onlineServices({ categoryId, name: query || undefined }), staleTime: 0 });
  const rows = list.data ?? [];
  const shown = rows.slice((current - 1) * size, current * size);
  const pick = (id?: string) => { setCategoryId(id); setCurrent(1); };
  return (
    <Panel
      title={t('portalCenter.work.online')}
      icon={<DesktopOutlined />}
      testId="work-online"
      extra={<Input.Search allowClear size="middle" className="pc-search" placeholder={t('portalCenter.service.searchPlaceholder')} value={name}
        onChange={(e) => { setName(e.target.value); if (!e.target.value) { setQuery(''); setCurrent(1); } }} onSearch={(v) => { setQuery(v.trim()); setCurrent(1); }} />}
    >
      <div className="pc-chips">
        <button className={`pc-chip${!categoryId ? ' active' : ''}`} onClick={() => pick(undefined)}>{t('portalCenter.service.allCategories')}</button>
        {(cats.data ?? []).map((c) => (
          <button key={c.id} className={`pc-chip${categoryId === String(c.id) ? ' active' : ''}`} onClick={() => pick(String(c.id))}>{local(c.name, c.nameEn)}</button>
        ))}
      </div>
      {list.isLoading ? <Skeleton active /> : shown.length ? (
        <ul className="pc-line-list pc-grid-2" style={{ columnGap: 24, rowGap: 0 }}>{shown.map((c) => <ServiceLine key={c.id} card={c} />)}</ul>
      ) : (
        <EmptyState compact text={t(query || categoryId ? 'portalCenter.service.noMatch' : 'portalCenter.work.noOnline')} />
      )}
      {rows.length > size && <Pagination className="pc-pager" size="small" current={current} pageSize={size} total={rows.length} onChange={setCurrent} showSizeChanger={false} />}
    </Panel>
  );
}

/** 我的应用: the micro-apps the caller pinned in the app center; each opens its data screen in the portal. */
function MyApps() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apps = useQuery({ queryKey: ['portal', 'myApps'], queryFn: getMyAppList, staleTime: 0 });
  const rows = apps.data ?? [];
  return (
    <Panel title={t('portalCenter.work.apps')} icon={<AppstoreOutlined />} testId="work-apps"
      extra={<Button type="link" onClick={() => navigate('/portal/webapp/appCenter')}>{t('portalCenter.work.appCenter')}</Button>}>
      {apps.isLoading ? <Skeleton active /> : rows.length ? (
        <div className="pc-apps">
          {rows.map((a) => (
            <button key={a.id} className="pc-app" data-testid="work-app" onClick={() => navigate(`/portal/webapp/myApp/${appParams({ appId: String(a.appId), appName: a.appName })}`)}>
              <img src={a.iconUrl || appIconUrl(a.appIcon)} alt="" />
              <span title={a.appName}>{a.appName}</span>
            </button>
          ))}
        </div>
      ) : (
        <EmptyState compact text={t('portalCenter.work.noApps')} hint={t('portalCenter.work.noAppsHint')} action={{ label: t('portalCenter.work.appCenter'), onClick: () => navigate('/portal/webapp/appCenter') }} />
      )}
    </Panel>
  );
}
