import { useMemo, useState } from 'react';
import { App, Input, Modal, Table, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formSourceModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { datasourceOptions, executeSource, formSourceApi, removeFormSources, type FormSource } from './api';

/** Runs the source's SQL with parameters typed as JSON and shows the rows. */
function ExecuteDialog({ source, onClose }: { source: FormSource; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useState(source.requestParams || '{}');
  const [rows, setRows] = useState<Record<string, unknown>[] | null>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    try { JSON.parse(params || '{}'); } catch { message.error(t('tool.formSource.paramsInvalid')); return; }
    setRunning(true);
    try { setRows(await executeSource(source.datasourceId, source.sqlContent, params)); } finally { setRunning(false); }
  };
  const keys = rows?.length ? Object.keys(rows[0]) : [];
  return (
    <Modal open width={900} title={`${t('tool.formSource.execute')} · ${source.name}`} onCancel={onClose} onOk={run} okText={t('tool.formSource.run')} confirmLoading={running} cancelText={t('tool.close')}>
      <Typography.Paragraph><pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{source.sqlContent}</pre></Typography.Paragraph>
      <Typography.Text type="secondary">{t('tool.formSource.requestParams')}</Typography.Text>
      <Input.TextArea rows={3} value={params} onChange={(e) => setParams(e.target.value)} style={{ fontFamily: 'monospace', margin: '4px 0 12px' }} />
      {rows && (
        <Table size="small" rowKey={(_, i) => String(i)} dataSource={rows} scroll={{ x: true, y: 320 }} pagination={{ pageSize: 10 }}
          columns={keys.map((k) => ({ title: k, dataIndex: k, render: (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)) }))}
          locale={{ emptyText: t('tool.formSource.noRows') }} />
      )}
    </Modal>
  );
}

export default function FormSourcePage() {
  const [running, setRunning] = useState<FormSource | null>(null);
  const resource = useMemo(() => modelResource(formSourceModel, { ...formSourceApi, remove: removeFormSources }, {
    // this family removes with GET (as the original): the api's remove above
    sort: { descs: 'create_time' },
    fields: {
      datasourceId: { form: { type: 'select', loadOptions: datasourceOptions } },
      sqlContent: { valueType: 'code', form: { help: 'tool.formSource.sqlHelp' } },
      requestParams: { form: { help: 'tool.formSource.paramsHelp' } },
    },
    append: [{ title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false }],
    extraActions: [
      { key: 'run', label: 'tool.formSource.execute', placement: 'row', permission: 'formSource_execute', icon: <PlayCircleOutlined />, onClick: ({ row }) => setRunning(row as unknown as FormSource) },
    ],
  }), []);
  return (
    <>
      <ResourceList resource={resource} />
      {running && <ExecuteDialog source={running} onClose={() => setRunning(null)} />}
    </>
  );
}
