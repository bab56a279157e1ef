import { useState } from 'react';
import { App, Input, Modal, Table, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
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
  const resource: ResourceDescription<FormSource> = {
    title: 'tool.formSource.title',
    // this family removes with GET (as the original)
    api: { ...formSourceApi, remove: removeFormSources },
    sort: { descs: 'create_time' },
    permissions: { add: 'formSource_add', edit: 'formSource_edit', delete: 'formSource_delete', view: 'formSource_view' },
    columns: [
      { title: 'tool.formSource.name', dataIndex: 'name', search: 'like', width: 180, form: { required: true } },
      { title: 'tool.code.datasource', dataIndex: 'datasourceId', hideInTable: true, form: { type: 'select', required: true, loadOptions: datasourceOptions } },
      { title: 'tool.formSource.sqlContent', dataIndex: 'sqlContent', valueType: 'code', ellipsis: true, form: { type: 'textarea', rows: 6, required: true, help: 'tool.formSource.sqlHelp' } },
      { title: 'tool.formSource.requestParams', dataIndex: 'requestParams', hideInTable: true, form: { type: 'json', rows: 3, help: 'tool.formSource.paramsHelp' } },
      { title: 'tool.remark', dataIndex: 'remark', ellipsis: true, width: 160, form: { type: 'textarea', rows: 2 } },
      { title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false },
    ],
    extraActions: [
      { key: 'run', label: 'tool.formSource.execute', placement: 'row', permission: 'formSource_execute', icon: <PlayCircleOutlined />, onClick: ({ row }) => setRunning(row as unknown as FormSource) },
    ],
  };
  return (
    <>
      <ResourceList resource={resource} />
      {running && <ExecuteDialog source={running} onClose={() => setRunning(null)} />}
    </>
  );
}
