// 草稿箱 (/workflow/process/draft): the start forms this user saved with 保存草稿, newest first;
// search by title and key, paging; 继续填写 opens the start page with the draft's values (starting
// from it removes the draft on the server), 删除 one or several after a confirm.
import { useMemo, useRef } from 'react';
import { message } from 'antd';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { wfDraftModel } from '@campus/schema';
import { ResourceList, type ResourceColumn, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { targetOf } from '../../components/workflow/params';
import { wfApi, type Draft } from './api';
import '../../components/workflow/workflow.css';

type Row = Record<string, unknown>;
const time = (k: string) => (row: Row) => (row[k] ? String(row[k]).replace('T', ' ').slice(0, 19) : '-');

// the model's title and key columns (searched by contains); the saved and created times after them
const APPEND: ResourceColumn<Draft>[] = [
  { title: 'wf.draft.savedAt', dataIndex: 'updateTime', width: 180, render: (r) => time('updateTime')(r) },
  { title: 'wf.draft.createdAt', dataIndex: 'createTime', search: 'daterange', width: 180, render: time('createTime') },
];

export default function DraftList() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const location = useLocation();
  const bare = location.pathname.startsWith('/page/');
  const actionRef = useRef<ActionType | null>(null);
  const resource = useMemo<ResourceDescription<Draft>>(
    () => modelResource(wfDraftModel, wfApi.draft, {
      title: 'wf.list.draft',
      rowKey: 'id',
      readOnly: true,
      hideView: true,
      selectable: true,
      // every user on their own drafts (the model has no permission code): no add / edit, the row actions below
      permissions: {},
      fields: { title: { render: (r) => String(r.title || r.processDefKey || '-') } },
      append: APPEND,
      extraActions: [
        {
          key: 'resume',
          label: 'wf.draft.resume',
          placement: 'row',
          onClick: ({ row }) => {
            const d = row as unknown as Draft;
            // the newest version of the key: a redeployed process starts with its current diagram
            const to = targetOf('start', d, { processDefKey: d.processDefKey ?? undefined, processId: d.processDefKey ? undefined : d.processDefId ?? undefined, draftId: String(d.id) }, bare);
            if (to.url) window.open(to.url, '_blank');
            else nav(to.path!);
          },
        },
        {
          key: 'remove',
          label: 'common.delete',
          placement: 'row',
          danger: true,
          confirm: 'common.confirmDelete',
          onClick: async ({ row, reload }) => {
            await wfApi.draft.remove([String(row!.id)]);
            message.success(t('common.success'));
            reload();
          },
        },
        {
          key: 'removeMany',
          label: 'common.delete',
          placement: 'toolbar',
          danger: true,
          needSelection: true,
          confirm: 'common.confirmDelete',
          onClick: async ({ selected, reload }) => {
            await wfApi.draft.remove(selected);
            message.success(t('common.success'));
            reload();
          },
        },
      ],
    }),
    [bare, nav, t],
  );
  const list = (
    <div className="wf-list wf-list-draft" data-testid="wf-list-draft">
      <ResourceList resource={resource} actionRef={actionRef} />
    </div>
  );
  return bare ? <div className="wf-page bare">{list}</div> : list;
}
