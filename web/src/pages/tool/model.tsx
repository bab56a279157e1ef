import { useMemo, useState } from 'react';
import { App, Checkbox, Modal, Select, Table } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { devModelModel, modelPrototypeModel, textOf } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { datasourceOptions, modelApi, prototypes, savePrototypes, type Model, type Prototype } from './api';

const FLAGS = ['isList', 'isForm', 'isQuery', 'isRequired'] as const;
const PROTO = modelPrototypeModel.fields;

/** The column prototypes of a model: which columns list, form and search use, and how. */
function PrototypeDialog({ model, onClose }: { model: Model; onClose(): void }) {
  const { t, i18n } = useTranslation();
  // the columns' labels and the component options from the model (@campus/schema modelPrototypeModel)
  const label = (text: readonly [string, string]) => textOf(text, i18n.language === 'en' ? 'en' : 'zh');
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
          { title: label(PROTO.jdbcName.label), dataIndex: 'jdbcName', width: PROTO.jdbcName.ui.width },
          { title: label(PROTO.jdbcType.label), dataIndex: 'jdbcType', width: PROTO.jdbcType.ui.width },
          { title: label(PROTO.propertyName.label), dataIndex: 'propertyName', width: PROTO.propertyName.ui.width },
          ...FLAGS.map((f) => ({
            title: label(PROTO[f].label), dataIndex: f, width: PROTO[f].ui.width, align: 'center' as const,
            render: (_: unknown, r: Prototype, i: number) => <Checkbox checked={r[f] === 1} onChange={(e) => patch(i, { [f]: e.target.checked ? 1 : 0 })} />,
          })),
          {
            title: label(PROTO.componentType.label), dataIndex: 'componentType', width: PROTO.componentType.ui.width,
            render: (_: unknown, r: Prototype, i: number) => (
              <Select size="small" style={{ width: 120 }} value={r.componentType} onChange={(v) => patch(i, { componentType: v })}
                options={PROTO.componentType.options.map((c) => ({ value: c.value, label: label(c.label) }))} />
            ),
          },
        ]} />
    </Modal>
  );
}

export default function ModelPage() {
  const [editing, setEditing] = useState<Model | null>(null);
  // one description for the page's life (its action only sets state)
  const resource = useMemo(() => modelResource(devModelModel, modelApi, {
    sort: { descs: 'create_time' },
    fields: { datasourceId: { form: { type: 'select', loadOptions: datasourceOptions } } },
    append: [{ title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false }],
    extraActions: [
      { key: 'proto', label: 'tool.model.prototypes', placement: 'row', permission: 'model_edit', icon: <SettingOutlined />, onClick: ({ row }) => setEditing(row as unknown as Model) },
    ],
  }), []);
  return (
    <>
      <ResourceList resource={resource} />
      {editing && <PrototypeDialog model={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
