import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Switch, Typography, message } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { usePermission } from '../../components/Permitted';
import { changeJobStatus, jobHandlers, quartzJobApi, runJob, type QuartzJob } from '../../api/admin';
import i18n from '../../i18n';
import { jobPackets } from './options';

/** invokeTarget: a registered handler, optionally with arguments, e.g. logCleanup(30). */
function TargetInput({ id, value, onChange }: { id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const [handlers, setHandlers] = useState<{ name: string; description: string }[]>([]);
  useEffect(() => {
    void jobHandlers().then(setHandlers);
  }, []);
  const lang = i18n.language === 'en' ? 1 : 0;
  return (
    <AutoComplete
      id={id}
      value={value as string | undefined}
      onChange={onChange}
      placeholder={t('job.invokeTargetPlaceholder')}
      options={handlers.map((h) => ({
        value: h.name,
        label: (
          <div className="job-handler-option">
            <Typography.Text code>{h.name}</Typography.Text>
            <div className="text-secondary">{h.description.split(' / ')[lang] ?? h.description}</div>
          </div>
        ),
      }))}
      filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
    />
  );
}

function StatusSwitch({ row, canEdit, reload }: { row: Record<string, unknown>; canEdit: boolean; reload(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      size="small"
      checked={Number(row.status) === 1}
      loading={busy}
      disabled={!canEdit}
      checkedChildren={t('common.enabled')}
      unCheckedChildren={t('common.disabled')}
      onChange={async (on) => {
        setBusy(true);
        try {
          await changeJobStatus(String(row.id), on ? 1 : 0);
          message.success(t('common.success'));
          reload();
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

export default function QuartzJobPage() {
  const { i18n: inst } = useTranslation();
  const canEdit = usePermission('quartzJob_edit');
  const resource = useMemo<ResourceDescription<QuartzJob>>(
    () => ({
      title: 'job.title',
      api: quartzJobApi,
      sort: { descs: 'create_time' },
      formWidth: 720,
      permissions: { add: 'quartzJob_add', edit: 'quartzJob_edit', delete: 'quartzJob_delete', view: 'quartzJob_view' },
      columns: [
        { title: 'job.jobName', dataIndex: 'jobName', search: 'like', width: 160, form: { required: true, requiredMessage: 'job.jobNameRequired', span: 12 } },
        {
          title: 'job.jobPacket',
          dataIndex: 'jobPacket',
          search: 'equal',
          width: 100,
          options: jobPackets,
          form: { type: 'select', required: true, requiredMessage: 'job.jobPacketRequired', span: 12, default: 'sys' },
        },
        {
          title: 'job.invokeTarget',
          dataIndex: 'invokeTarget',
          search: 'like',
          valueType: 'code',
          width: 180,
          form: { type: 'custom', component: TargetInput, required: true, requiredMessage: 'job.invokeTargetRequired', help: 'job.invokeTargetHelp' },
        },
        {
          title: 'job.cronExpression',
          dataIndex: 'cronExpression',
          valueType: 'code',
          width: 150,
          form: { required: true, requiredMessage: 'job.cronRequired', help: 'job.cronHelp', span: 12 },
        },
        {
          title: 'job.misfirePolicy',
          dataIndex: 'misfirePolicy',
          hideInTable: true,
          options: [
            { label: 'job.misfire1', value: 1 },
            { label: 'job.misfire2', value: 2 },
            { label: 'job.misfire3', value: 3 },
          ],
          form: { type: 'select', required: true, requiredMessage: 'job.misfireRequired', span: 12, default: 1 },
        },
        {
          title: 'job.concurrent',
          dataIndex: 'concurrent',
          hideInTable: true,
          options: [
            { label: 'job.concurrent0', value: 0 },
            { label: 'job.concurrent1', value: 1 },
          ],
          form: { type: 'radio', required: true, requiredMessage: 'job.concurrentRequired', span: 12, default: 1 },
        },
        {
          title: 'job.status',
          dataIndex: 'status',
          width: 100,
          render: (row, h) => <StatusSwitch row={row} canEdit={canEdit} reload={h.reload} />,
        },
        { title: 'job.lastFireTime', dataIndex: 'lastFireTime', width: 170 },
        { title: 'job.nextFireTime', dataIndex: 'nextFireTime', width: 170 },
        { title: 'common.remark', dataIndex: 'remark', hideInTable: true, form: { type: 'textarea', rows: 2 } },
      ],
      extraActions: [
        {
          key: 'run',
          label: 'job.run',
          permission: 'quartzJob_run',
          placement: 'row',
          icon: <PlayCircleOutlined />,
          confirm: 'job.runConfirm',
          onClick: async ({ row, reload }) => {
            await runJob(String(row!.id));
            message.success(i18n.t('job.runDone'));
            reload();
          },
        },
      ],
    }),
    [canEdit, inst.language],
  );
  return <ResourceList resource={resource} />;
}
