import { useState } from 'react';
import { App, Checkbox, Modal, Select, Table } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { datasourceOptions, modelApi, prototypes, savePrototypes, type Model, type Prototype } from './api';

const COMPONENTS = ['input', 'textarea', 'number', 'select', 'radio', 'checkbox', 'date', 'datetime', 'switch', 'upload'];
const FLAGS = ['isList', 'isForm', 'isQuery', 'isRequired'] as const;

/** The column prototypes of a model: which columns list, form and search use, and how. */
function PrototypeDialog({ model, onClose }: { model: Model; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<Prototype[] | null>(null);
  const [saving, setSaving] = useState(false);
  if (rows === null) void prototypes(model.id).then(setRows, () => setRows([]));
  const patch = (i: number, p: Partial<Prototype>) => setRows((r) => (r ?? []).map((x, j) => (j === i ? { ...x, ...p } : x)));
  return (
    <Modal open width={960} title={`${t('tool.model.prototypes')} · ${model.modelName}`} onCancel={onClose} confirmLoading={saving}
      okText={t('tool.save')} onOk={async () => {
        setSaving(true);
        try { await savePrototypes(rows ?? []); message.success(t('tool.success')); onClose(); } finally { setSaving(false); }
      }}>
      <Table<Prototype> rowKey="jdbcName" size="small" loading={rows === null} dataSource={rows ?? []} pagination={false} scroll={{ y: 420 }}
        columns={[
          { title: t('tool.model.jdbcName'), dataIndex: 'jdbcName', width: 150 },
          { title: t('tool.model.jdbcType'), dataIndex: 'jdbcType', width: 130 },
          { title: t('tool.model.propertyName'), dataIndex: 'propertyName', width: 140 },
          ...FLAGS.map((f) => ({
            title: t(`tool.model.${f}`), dataIndex: f, width: 80, align: 'center' as const,
            render: (_: unknown, r: Prototype, i: number) => <Checkbox checked={r[f] === 1} onChange={(e) => patch(i, { [f]: e.target.checked ? 1 : 0 })} />,
          })),
          {
            title: t('tool.model.componentType'), dataIndex: 'componentType', width: 140,
            render: (_: unknown, r: Prototype, i: number) => (
              <Select size="small" style={{ width: 120 }} value={r.componentType} onChange={(v) => patch(i, { componentType: v })}
                options={COMPONENTS.map((c) => ({ value: c, label: t(`tool.model.component.${c}`) }))} />
            ),
          },
        ]} />
    </Modal>
  );
}

export default function ModelPage() {
  const [editing, setEditing] = useState<Model | null>(null);
  const resource: ResourceDescription<Model> = {
    title: 'tool.model.title',
    api: modelApi,
    sort: { descs: 'create_time' },
    permissions: { add: 'model_add', edit: 'model_edit', delete: 'model_delete', view: 'model_view' },
    columns: [
      { title: 'tool.model.modelName', dataIndex: 'modelName', search: 'like', width: 160, form: { required: true } },
      { title: 'tool.model.modelCode', dataIndex: 'modelCode', search: 'like', width: 160, form: { required: true } },
      { title: 'tool.model.modelTable', dataIndex: 'modelTable', search: 'like', width: 180, form: { required: true } },
      { title: 'tool.code.datasource', dataIndex: 'datasourceId', hideInTable: true, form: { type: 'select', required: true, loadOptions: datasourceOptions } },
      { title: 'tool.model.modelRemark', dataIndex: 'modelRemark', ellipsis: true, form: { type: 'textarea', rows: 2 } },
      { title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false },
    ],
    extraActions: [
      { key: 'proto', label: 'tool.model.prototypes', placement: 'row', permission: 'model_edit', icon: <SettingOutlined />, onClick: ({ row }) => setEditing(row as unknown as Model) },
    ],
  };
  return (
    <>
      <ResourceList resource={resource} />
      {editing && <PrototypeDialog model={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
