// The personal lists of spec 000 §2.2: 我的待办, 待签收, 我发起的, 我的已办, 抄送我的 — search,
// paging (10/30/50/100/200), §4 status tags, 详情 (detail route with p) and 流程图 (the 流程图展示
// dialog); on the sent list both are gated by wf_process_send_detail / wf_process_send_follow.
import { useMemo, useRef, useState } from 'react';
import { message } from 'antd';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ResourceList, type ExtraAction, type ResourceColumn, type ResourceDescription } from '../../components/ResourceList';
import { FlowChartDialog } from '../../components/workflow/FlowChartDialog';
import { StatusTag } from '../../components/workflow/StatusTag';
import { targetOf } from '../../components/workflow/params';
import { wfApi, type ProcessRow } from './api';
import '../../components/workflow/workflow.css';

type Kind = 'todo' | 'claim' | 'send' | 'done' | 'mydone' | 'copy';
type Row = Record<string, unknown>;

const time = (k: string) => (row: Row) => (row[k] ? String(row[k]).replace('T', ' ').slice(0, 19) : '-');
const text = (k: string) => (row: Row) => (row[k] === null || row[k] === undefined || row[k] === '' ? '-' : String(row[k]));

const name: ResourceColumn<ProcessRow> = { title: 'wf.col.processName', dataIndex: 'processDefinitionName', search: 'plain', width: 200, ellipsis: true, render: text('processDefinitionName') };
const key: ResourceColumn<ProcessRow> = { title: 'wf.col.processKey', dataIndex: 'processDefKey', search: 'plain', hideInTable: true };
const node: ResourceColumn<ProcessRow> = { title: 'wf.col.taskName', dataIndex: 'taskName', width: 150, ellipsis: true, render: text('taskName') };
const starter: ResourceColumn<ProcessRow> = { title: 'wf.col.starter', dataIndex: 'startUsername', width: 120, render: text('startUsername') };
const status: ResourceColumn<ProcessRow> = { title: 'wf.col.status', dataIndex: 'status', width: 100, render: (r) => <StatusTag status={String(r.status ?? r.processIsFinished ?? '')} /> };
const created = (title: string): ResourceColumn<ProcessRow> => ({ title, dataIndex: 'createTime', search: 'daterange', width: 170, render: time('createTime') });

const COLUMNS: Record<Kind, ResourceColumn<ProcessRow>[]> = {
  todo: [name, key, node, starter, created('wf.col.arriveTime'), status],
  claim: [name, key, node, starter, created('wf.col.arriveTime'), status],
  send: [name, key, node, { title: 'wf.col.handler', dataIndex: 'assigneeName', width: 140, ellipsis: true, render: text('assigneeName') }, created('wf.col.applyTime'), status],
  done: [name, key, { ...node, title: 'wf.col.doneNode' }, starter, created('wf.col.arriveTime'), { title: 'wf.col.doneTime', dataIndex: 'endTime', width: 170, render: time('endTime') }, status],
  mydone: [name, key, { ...node, title: 'wf.col.doneNode' }, starter, created('wf.col.arriveTime'), { title: 'wf.col.doneTime', dataIndex: 'endTime', width: 170, render: time('endTime') }, status],
  copy: [name, key, node, starter, { title: 'wf.col.fromUser', dataIndex: 'fromUserName', width: 120, render: text('fromUserName') }, created('wf.col.applyTime'), status],
};
const TITLES: Record<Kind, string> = { todo: 'wf.list.todo', claim: 'wf.list.claim', send: 'wf.list.send', done: 'wf.list.done', mydone: 'wf.list.myDone', copy: 'wf.list.copy' };

function ProcessList({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const nav = useNavigate();
  const location = useLocation();
  const actionRef = useRef<ActionType | null>(null);
  const [chart, setChart] = useState<{ processInstanceId: string } | null>(null);
  const bare = location.pathname.startsWith('/page/');
  const resource = useMemo<ResourceDescription<ProcessRow>>(() => {
  const open = (row: Row) => {
    const r = row as unknown as ProcessRow;
    const to = targetOf('detail', r, { taskId: r.taskId ?? undefined, processInsId: r.processInstanceId, processId: r.processId, processDefKey: r.processDefKey, modelType: r.modelType }, bare);
    if (to.url) window.open(to.url, '_blank');
    else nav(to.path!);
  };
  const actions: ExtraAction[] = [];
  if (kind === 'claim') {
    actions.push({
      key: 'claim',
      label: 'wf.action.claim',
      placement: 'row',
      onClick: async ({ row, reload }) => {
        const r = await wfApi.action('claimTask', { taskId: String(row!.taskId ?? row!.id) });
        message.success(r.msg && r.msg !== '操作成功' ? r.msg : t('wf.msg.claimed'));
        reload();
      },
    });
  }
  actions.push(
    { key: 'detail', label: 'wf.action.detail', placement: 'row', permission: kind === 'send' ? 'wf_process_send_detail' : undefined, onClick: ({ row }) => open(row!) },
    {
      key: 'follow',
      label: 'wf.action.follow',
      placement: 'row',
      permission: kind === 'send' ? 'wf_process_send_follow' : undefined,
      onClick: ({ row }) => setChart({ processInstanceId: String(row!.processInstanceId) }),
    },
  );
  return {
    title: TITLES[kind],
    api: wfApi[kind],
    rowKey: 'id',
    readOnly: true,
    hideView: true,
    permissions: {},
    columns: COLUMNS[kind],
    extraActions: actions,
  };
  }, [kind, bare, nav, t]);
  return (
    <div className={`wf-list wf-list-${kind}`} data-testid={`wf-list-${kind}`}>
      <ResourceList resource={resource} actionRef={actionRef} />
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
    </div>
  );
}

/** /page/... variants are opened without the admin layout. */
function Framed({ kind }: { kind: Kind }) {
  const location = useLocation();
  const bare = location.pathname.startsWith('/page/');
  return bare ? (
    <div className="wf-page bare">
      <ProcessList kind={kind} />
    </div>
  ) : (
    <ProcessList kind={kind} />
  );
}

export const TodoList = () => <Framed kind="todo" />;
export const ClaimList = () => <Framed kind="claim" />;
export const SendList = () => <Framed kind="send" />;
export const DoneList = () => <Framed kind="done" />;
export const MyDoneList = () => <Framed kind="mydone" />;
export const CopyList = () => <Framed kind="copy" />;
