import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Switch, Typography, message } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { quartzJobModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { usePermission } from '../../components/Permitted';
import { changeJobStatus, jobHandlers, quartzJobApi, runJob } from '../../api/admin';
import i18n from '../../i18n';

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
  const resource = useMemo(
    () => modelResource(quartzJobModel, quartzJobApi, {
      sort: { descs: 'create_time' },
      formWidth: 720,
      fields: {
        invokeTarget: { valueType: 'code', form: { type: 'custom', component: TargetInput, help: 'job.invokeTargetHelp' } },
        cronExpression: { valueType: 'code', form: { help: 'job.cronHelp' } },
        status: { render: (row, h) => <StatusSwitch row={row} canEdit={canEdit} reload={h.reload} /> },
      },
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
