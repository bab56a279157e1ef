// 待办中心 (/portal/todo/center/{todo,done,send,copy}Rally, 001 §2.3): four tabs with the caller's
// counts; the groups (one per process, with their counts) beside the list of the chosen group. A row
// opens the portal's task page in a new window, where the approver handles it; the lists refresh when
// this window gets the focus back.
import { useState } from 'react';
import { Badge, Button, Input, Pagination, Skeleton, Table, Tag, Tooltip } from 'antd';
import { AuditOutlined, CheckCircleOutlined, CopyOutlined, InboxOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { StatusTag } from '../../../../components/workflow/StatusTag';
import { myStatusList, rallies, rallyRows, type CenterRow, type Rally, type RallyKind } from '../api';
import { CenterPage, EmptyState, openProcessDetail, shortTime, useFocusRefresh, usePhone } from '../shared';

export const RALLY_KINDS: RallyKind[] = ['todo', 'done', 'send', 'copy'];
const ICONS: Record<RallyKind, React.ReactNode> = { todo: <AuditOutlined />, done: <CheckCircleOutlined />, send: <SendOutlined />, copy: <CopyOutlined /> };
export const rallyPath = (kind: RallyKind) => `/portal/todo/center/${kind}Rally`;
const kindOf = (pathname: string): RallyKind => (RALLY_KINDS.find((k) => pathname.startsWith(rallyPath(k))) ?? 'todo');
const GROUP_SIZE = 20;

export default function TodoCenter() {
  const { t } = useTranslation();
  const kind = kindOf(useLocation().pathname);
  return (
    <CenterPage active={rallyPath('todo')} title={t('portalCenter.todo.title')} subtitle={t('portalCenter.todo.subtitle')} icon={<InboxOutlined />} testId="portal-todo-center">
      {/* a tab of its own per kind: the chosen group and page start afresh */}
      <RallyBoard key={kind} kind={kind} />
    </CenterPage>
  );
}

function RallyBoard({ kind }: { kind: RallyKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = usePhone();
  const [group, setGroup] = useState<string | undefined>();
  const [groupPage, setGroupPage] = useState(1);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const status = useQuery({ queryKey: ['portal', 'myStatus'], queryFn: myStatusList, staleTime: 0 });
  const groups = useQuery({ queryKey: ['portal', 'rally', kind, groupPage], queryFn: () => rallies[kind]({ current: groupPage, size: GROUP_SIZE }), placeholderData: keepPreviousData, staleTime: 0 });
  // tasks are searched by their node's name, instances by their process's
  const nameFilter = kind === 'todo' || kind === 'done' ? 'taskName' : 'processDefinitionName';
  const rows = useQuery({
    queryKey: ['portal', 'rallyRows', kind, group, query, page],
    queryFn: () => rallyRows[kind]({ ...page, processDefKey: group, [nameFilter]: query || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => { void status.refetch(); void groups.refetch(); void rows.refetch(); };
  useFocusRefresh(refresh);

  const counts = new Map((status.data ?? []).map((s) => [s.key, s.count]));
  const total = (groups.data?.records ?? []).reduce((n, g) => n + Number(g.count || 0), 0);
  const choose = (key?: string) => { setGroup(key); setPage((p) => ({ ...p, current: 1 })); };
  const search = (v: string) => { setQuery(v.trim()); setPage((p) => ({ ...p, current: 1 })); };

  const tabs = (
    <div className="pc-tabs" role="tablist">
      {RALLY_KINDS.map((k) => (
        <button key={k} role="tab" aria-selected={k === kind} className={`pc-tab${k === kind ? ' active' : ''}`} data-testid={`rally-tab-${k}`} onClick={() => k !== kind && navigate(rallyPath(k))}>
          <span className="pc-tab-icon">{ICONS[k]}</span>
          <span className="pc-tab-name">{t(`portalCenter.todo.tab.${k}`)}</span>
          {counts.has(k) && <span className="pc-tab-count">{counts.get(k)}</span>}
        </button>
      ))}
    </div>
  );

  const groupItem = (key: string | undefined, name: string, count: number, sub?: string | null) => (
    <button key={key ?? '__all'} className={`pc-group${group === key ? ' active' : ''}`} data-testid={`rally-group-${key ?? 'all'}`} onClick={() => choose(key)} title={name}>
      <span className="pc-group-text">
        <span className="pc-group-name">{name}</span>
        {sub && !phone && <span className="pc-group-sub">{sub}</span>}
      </span>
      <Badge count={count} showZero overflowCount={999} color={group === key ? '#1d5bd8' : '#a6b3c6'} />
    </button>
  );
  const groupList = (
    <div className={phone ? 'pc-groups-strip' : 'pc-groups'} data-testid="rally-groups">
      {groupItem(undefined, t('portalCenter.todo.allGroups'), total)}
      {(groups.data?.records ?? []).map((g: Rally) => groupItem(g.processDefKey, g.processDefinitionName || g.processDefKey, Number(g.count), g.latestTime ? t('portalCenter.todo.latest', { time: shortTime(g.latestTime) }) : null))}
      {!phone && (groups.data?.pages ?? 0) > 1 && (
        <Pagination simple size="small" current={groupPage} pageSize={GROUP_SIZE} total={groups.data?.total ?? 0} onChange={setGroupPage} className="pc-groups-pager" />
      )}
    </div>
  );

  const action = (r: CenterRow) => (
    <Button type={kind === 'todo' ? 'primary' : 'default'} size="small" data-testid="rally-open" onClick={(e) => { e.stopPropagation(); openProcessDetail(r); }}>
      {t(kind === 'todo' ? 'portalCenter.todo.handle' : 'portalCenter.todo.view')}
    </Button>
  );
  const title = (r: CenterRow) => (
    <div className="pc-row-title">
      <span className="pc-row-name">{r.processDefinitionName || r.processDefKey}</span>
      {r.serviceName && <Tag color="blue" bordered={false} className="pc-row-service">{r.serviceName}</Tag>}
    </div>
  );
  const timeOf = (r: CenterRow) => shortTime(kind === 'done' ? r.endTime ?? r.createTime : r.createTime ?? r.startTime);
  const columns = [
    { title: t('portalCenter.todo.col.name'), key: 'name', render: (_: unknown, r: CenterRow) => title(r) },
    { title: t(`portalCenter.todo.col.node.${kind}`), key: 'node', width: 150, ellipsis: true, render: (_: unknown, r: CenterRow) => r.taskName || '-' },
    kind === 'send'
      ? { title: t('portalCenter.todo.col.handler'), key: 'who', width: 140, ellipsis: true, render: (_: unknown, r: CenterRow) => r.assigneeName || '-' }
      : { title: t('portalCenter.todo.col.starter'), key: 'who', width: 110, ellipsis: true, render: (_: unknown, r: CenterRow) => r.startUsername || '-' },
    ...(kind === 'copy' ? [{ title: t('portalCenter.todo.col.fromUser'), key: 'from', width: 110, render: (_: unknown, r: CenterRow) => r.fromUserName || '-' }] : []),
    { title: t(`portalCenter.todo.col.time.${kind}`), key: 'time', width: 150, render: (_: unknown, r: CenterRow) => timeOf(r) },
    { title: t('portalCenter.todo.col.status'), key: 'status', width: 96, render: (_: unknown, r: CenterRow) => <StatusTag status={String(r.status ?? r.processIsFinished ?? '')} /> },
    { title: t('common.action'), key: 'action', width: 90, render: (_: unknown, r: CenterRow) => action(r) },
  ];
  const list = rows.data?.records ?? [];
  const rowKey = (r: CenterRow) => String(r.id ?? r.taskId ?? r.processInstanceId);
  const empty = (
    <EmptyState
      text={t(query ? 'portalCenter.todo.noMatch' : `portalCenter.todo.empty.${kind}`)}
      hint={query ? undefined : t(`portalCenter.todo.emptyHint.${kind}`)}
      action={kind === 'send' && !query ? { label: t('portalCenter.todo.goHandle'), onClick: () => navigate('/portal/transaction/center') } : undefined}
    />
  );

  return (
    <div className="pc-rally" data-testid={`rally-${kind}`}>
      {tabs}
      <div className="pc-rally-body">
        {phone ? groupList : <aside className="pc-rally-side"><div className="pc-side-title">{t('portalCenter.todo.groups')}</div>{groups.isLoading ? <Skeleton active /> : groupList}</aside>}
        <div className="pc-rally-main pc-panel">
          <div className="pc-toolbar">
            <Input.Search
              allowClear
              className="pc-search"
              placeholder={t(`portalCenter.todo.searchPlaceholder.${nameFilter}`)}
              value={keyword}
              onChange={(e) => { setKeyword(e.target.value); if (!e.target.value) search(''); }}
              onSearch={search}
              data-testid="rally-search"
            />
            <Tooltip title={t('portalCenter.refresh')}>
              <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('portalCenter.refresh')} />
            </Tooltip>
          </div>
          {phone ? (
            rows.isLoading ? <Skeleton active /> : list.length ? (
              <div className="pc-cards" data-testid="rally-rows">
                {list.map((r) => (
                  <div key={rowKey(r)} className="pc-task-card" data-testid="rally-row" onClick={() => openProcessDetail(r)} role="button">
                    {title(r)}
                    <div className="pc-task-meta">
                      <span>{r.taskName || '-'}</span>
                      <StatusTag status={String(r.status ?? r.processIsFinished ?? '')} />
                    </div>
                    <div className="pc-task-meta">
                      <span>{kind === 'send' ? r.assigneeName || '-' : r.startUsername || '-'}</span>
                      <span>{timeOf(r)}</span>
                    </div>
                    <div className="pc-task-action">{action(r)}</div>
                  </div>
                ))}
              </div>
            ) : empty
          ) : (
            <Table<CenterRow>
              data-testid="rally-rows"
              rowKey={rowKey}
              size="middle"
              loading={rows.isLoading}
              columns={columns}
              dataSource={list}
              pagination={false}
              onRow={(r) => ({ onDoubleClick: () => openProcessDetail(r), className: 'pc-table-row', 'data-testid': 'rally-row' } as React.HTMLAttributes<HTMLElement>)}
              locale={{ emptyText: empty }}
            />
          )}
          {(rows.data?.total ?? 0) > 0 && (
            <Pagination
              className="pc-pager"
              size={phone ? 'small' : undefined}
              current={page.current}
              pageSize={page.size}
              total={rows.data?.total ?? 0}
              showSizeChanger={!phone}
              pageSizeOptions={[10, 30, 50, 100, 200]}
              showTotal={phone ? undefined : (n) => t('portalCenter.total', { count: n })}
              onChange={(current, size) => setPage({ current: size !== page.size ? 1 : current, size })}
            />
          )}
        </div>
      </div>
    </div>
  );
}
