// What both layouts of 办事中心 share (/portal/transaction/center and /oldCenter): the catalogue state
// (category, search, page) over listUnion, the favourite toggle, the handle button, and the list of
// the caller's own requests (getMySendList).
import { useState } from 'react';
import { App, Button, Pagination, Skeleton, Table, Tag, Tooltip } from 'antd';
import { FileSearchOutlined, HeartFilled, HeartOutlined, ReloadOutlined, SolutionOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StatusTag } from '../../../../components/workflow/StatusTag';
import { portalApi } from '../../public-api';
import { introduceRoute } from '../../service/ServiceCard';
import { handleService } from '../../service/handle';
import type { ServiceCard } from '../../types';
import { rallyRows, type CenterRow } from '../api';
import { EmptyState, Panel, openProcessDetail, shortTime, useFocusRefresh, usePhone } from '../shared';

/** The catalogue's state: the chosen category, the search, the page; and the services it lists. */
export function useCatalogue(size: number) {
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [page, setPage] = useState({ current: 1, size });
  const categories = useQuery({ queryKey: ['portal', 'categories'], queryFn: portalApi.categories, staleTime: 60_000 });
  const services = useQuery({
    queryKey: ['portal', 'catalogue', categoryId, name, page],
    queryFn: () => portalApi.services({ ...page, categoryId, name: name || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return {
    categories: categories.data ?? [],
    categoriesLoading: categories.isLoading,
    categoryId,
    name,
    page,
    services,
    /** all services of every category (none chosen) */
    total: (categories.data ?? []).reduce((n, c) => n + Number(c.serviceCount || 0), 0),
    choose: (id?: string) => { setCategoryId(id); setPage((p) => ({ ...p, current: 1 })); },
    search: (text: string) => { setName(text.trim()); setPage((p) => ({ ...p, current: 1 })); },
    turn: (current: number, s: number) => setPage((p) => ({ current: s !== p.size ? 1 : current, size: s })),
  };
}
export type Catalogue = ReturnType<typeof useCatalogue>;

/** The queries of the signed-in pages that show whether a service is a favourite. */
const FAVOURITE_LISTS = new Set(['catalogue', 'myCollects', 'serviceList', 'myStatus', 'online', 'visits']);

/** 收藏 / 已收藏: toggles the caller's favourite on the server (it follows them to any browser). */
export function FavouriteToggle({ card, compact }: { card: ServiceCard; compact?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const on = !!card.collected;
  const toggle = async () => {
    setBusy(true);
    try {
      const r = await portalApi.updateCollect(String(card.id));
      message.success(t(r.collected ? 'portalCenter.service.collectedNow' : 'portalCenter.service.uncollectedNow'));
      // the lists of these pages that show it (catalogue, favourites, counters) read it again
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'portal' && FAVOURITE_LISTS.has(String(q.queryKey[1])) });
    } finally {
      setBusy(false);
    }
  };
  const label = t(on ? 'portalCenter.service.collected' : 'portalCenter.service.collect');
  return (
    <Tooltip title={compact ? label : undefined}>
      <Button
        size="small"
        type="text"
        loading={busy}
        className={`pc-fav${on ? ' on' : ''}`}
        icon={on ? <HeartFilled style={{ color: '#f5222d' }} /> : <HeartOutlined />}
        onClick={(e) => { e.stopPropagation(); void toggle(); }}
        aria-label={label}
        aria-pressed={on}
        data-testid="service-collect"
      >
        {compact ? null : label}
      </Button>
    </Tooltip>
  );
}

/** 在线办理 for a service handled online (the refusal shown when the caller may not now); 办事指南 for one handled in person. */
export function HandleButton({ card }: { card: ServiceCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (Number(card.handleType) === 2) {
    return <Button size="small" icon={<FileSearchOutlined />} onClick={(e) => { e.stopPropagation(); navigate(introduceRoute(String(card.id))); }}>{t('portalCenter.service.guide')}</Button>;
  }
  const refused = card.canHandle === false;
  return (
    <Tooltip title={refused ? card.refusal : undefined}>
      <Button
        size="small"
        type={refused ? 'default' : 'primary'}
        loading={busy}
        data-testid="service-handle"
        onClick={async (e) => {
          e.stopPropagation();
          setBusy(true);
          try { await handleService(card); } finally { setBusy(false); }
        }}
      >
        {t('portalCenter.service.handle')}
      </Button>
    </Tooltip>
  );
}

/** 我的申请: the processes the caller started (the to-do centre's send list), with their state and a link to each. */
export function MyRequests({ size = 5 }: { size?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = usePhone();
  const [current, setCurrent] = useState(1);
  const rows = useQuery({ queryKey: ['portal', 'rallyRows', 'send', 'mine', current, size], queryFn: () => rallyRows.send({ current, size }), placeholderData: keepPreviousData, staleTime: 0 });
  useFocusRefresh(() => void rows.refetch());
  const list = rows.data?.records ?? [];
  const name = (r: CenterRow) => (
    <div className="pc-row-title">
      <a onClick={() => openProcessDetail(r)} className="pc-row-name">{r.serviceName || r.processDefinitionName || r.processDefKey}</a>
      {r.serviceName && r.processDefinitionName && <Tag bordered={false}>{r.processDefinitionName}</Tag>}
    </div>
  );
  return (
    <Panel
      title={t('portalCenter.transaction.myRequests')}
      icon={<SolutionOutlined />}
      testId="my-requests"
      extra={
        <>
          <Button type="text" icon={<ReloadOutlined />} onClick={() => void rows.refetch()} aria-label={t('portalCenter.refresh')} />
          <Button type="link" onClick={() => navigate('/portal/todo/center/sendRally')}>{t('portalCenter.transaction.allRequests')}</Button>
        </>
      }
    >
      {rows.isLoading ? <Skeleton active /> : !list.length ? (
        <EmptyState compact text={t('portalCenter.transaction.noRequests')} hint={t('portalCenter.transaction.noRequestsHint')} />
      ) : phone ? (
        <div className="pc-cards">
          {list.map((r) => (
            <div key={r.id ?? r.processInstanceId} className="pc-task-card" onClick={() => openProcessDetail(r)} role="button" data-testid="my-request">
              {name(r)}
              <div className="pc-task-meta"><span>{r.taskName || '-'}</span><StatusTag status={String(r.status ?? r.processIsFinished ?? '')} /></div>
              <div className="pc-task-meta"><span>{r.assigneeName || '-'}</span><span>{shortTime(r.createTime ?? r.startTime)}</span></div>
            </div>
          ))}
        </div>
      ) : (
        <Table<CenterRow>
          rowKey={(r) => String(r.id ?? r.processInstanceId)}
          size="small"
          pagination={false}
          dataSource={list}
          onRow={() => ({ 'data-testid': 'my-request' } as React.HTMLAttributes<HTMLElement>)}
          columns={[
            { title: t('portalCenter.transaction.col.request'), key: 'name', render: (_, r) => name(r) },
            { title: t('portalCenter.todo.col.node.send'), key: 'node', width: 140, ellipsis: true, render: (_, r) => r.taskName || '-' },
            { title: t('portalCenter.todo.col.handler'), key: 'who', width: 130, ellipsis: true, render: (_, r) => r.assigneeName || '-' },
            { title: t('portalCenter.todo.col.time.send'), key: 'time', width: 150, render: (_, r) => shortTime(r.createTime ?? r.startTime) },
            { title: t('portalCenter.todo.col.status'), key: 'status', width: 96, render: (_, r) => <StatusTag status={String(r.status ?? r.processIsFinished ?? '')} /> },
            { title: t('common.action'), key: 'action', width: 80, render: (_, r) => <Button size="small" onClick={() => openProcessDetail(r)}>{t('portalCenter.todo.view')}</Button> },
          ]}
        />
      )}
      {(rows.data?.total ?? 0) > size && (
        <Pagination className="pc-pager" size="small" current={current} pageSize={size} total={rows.data?.total ?? 0} onChange={setCurrent} showSizeChanger={false} />
      )}
    </Panel>
  );
}
