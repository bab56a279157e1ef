// 模型设计 (/workflow/design/model, menu wf_design_model): process models with search, paging,
// add / edit / delete, deploy, the designer and the version history; the category tree on the
// left filters the list and is maintained in place.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActionType } from '@ant-design/pro-components';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Spin, Tag, Tooltip, Tree, TreeSelect, message } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../api/crud';
import { ResourceList, type ResourceDescription } from '../../../components/ResourceList';
import { usePermission } from '../../../components/Permitted';
import i18n from '../../../i18n';
import { wfCategoryModel, wfModelModel } from '@campus/schema';
import { categoryApi, modelApi, type Model } from './api';
import { IconChooser, ModelIcon } from './icons';
import '../../../components/workflow/designer/designer.css';

// the limits the server checks (@campus/schema wfModelModel, wfCategoryModel)
const F = wfModelModel.fields;
const KEY = new RegExp(F.modelKey.pattern);

const findName = (nodes: TreeNode[], id: unknown): string | undefined => {
  for (const n of nodes) {
    if (n.id === String(id)) return n.title;
    const hit = findName(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
};

function modelResource(categories: TreeNode[], categoryId: string | undefined, go: (path: string) => void): ResourceDescription<Model> {
  return {
    title: 'wfd.model.title',
    api: modelApi,
    params: { categoryId_equal: categoryId },
    permissions: { add: 'wf_design_model_add', edit: 'wf_design_model_edit', delete: 'wf_design_model_delete', view: 'wf_design_model_view' },
    formWidth: 720,
    // 编辑 shows every field: a separate 查看 would only crowd the action column
    hideView: true,
    columns: [
      { title: 'wfd.model.icon', dataIndex: 'icon', width: 60, inDetail: false, render: (r) => <ModelIcon name={r.icon as string} />, form: { type: 'custom', component: IconChooser } },
      {
        title: 'wfd.model.modelKey',
        dataIndex: 'modelKey',
        search: 'like',
        width: 140,
        form: { required: true, span: 12, addOnly: true, help: 'wfd.model.modelKeyHelp', rules: [{ pattern: KEY, message: 'wfd.model.modelKeyInvalid' }, { max: F.modelKey.length, message: 'wfd.model.tooLong' }] },
      },
      { title: 'wfd.model.name', dataIndex: 'name', search: 'like', width: 150, form: { required: true, span: 12, rules: [{ max: F.name.length, message: 'wfd.model.tooLong' }] } },
      {
        title: 'wfd.model.version',
        dataIndex: 'version',
        width: 90,
        render: (r) => (Number(r.version) > 0 ? <Tag color="blue">v{String(r.version)}</Tag> : <Tag>{i18n.t('wfd.model.notDeployed')}</Tag>),
      },
      {
        title: 'wfd.model.category',
        dataIndex: 'categoryId',
        width: 120,
        render: (r) => findName(categories, r.categoryId) ?? '-',
        form: { type: 'treeSelect', span: 12, loadTree: async () => categories },
      },
      { title: 'wfd.model.description', dataIndex: 'description', hideInTable: true, form: { type: 'textarea', rows: 3, rules: [{ max: F.description.length, message: 'wfd.model.tooLong' }] } },
      { title: 'wfd.model.updateTime', dataIndex: 'updateTime', width: 160, render: (r) => String(r.updateTime ?? '').replace('T', ' ').slice(0, 19) },
    ],
    beforeSubmit: (values, { record }) => ({ ...values, categoryId: values.categoryId ?? null, ...(record ? { modelKey: record.modelKey } : {}) }),
    extraActions: [
      { key: 'design', label: 'wfd.action.design', permission: 'wf_design_model_edit', placement: 'row', onClick: ({ row }) => go(`/workflow/design/process/${String(row!.id)}`) },
      {
        key: 'deploy',
        label: 'wfd.action.deploy',
        permission: 'wf_design_model_edit',
        placement: 'row',
        onClick: ({ row, reload }) =>
          new Promise<void>((resolve) =>
            Modal.confirm({
              title: i18n.t('common.tip'),
              content: i18n.t('wfd.model.deployConfirm', { name: String(row!.name) }),
              onOk: async () => {
                const r = await modelApi.deploy(String(row!.id));
                message.success(i18n.t('wfd.model.deployed', { version: r.data.version }));
                reload();
              },
              afterClose: resolve,
            }),
          ),
      },
      { key: 'history', label: 'wfd.action.history', permission: 'wf_design_model_view', placement: 'row', onClick: ({ row }) => go(`/workflow/design/model/history/${String(row!.id)}`) },
    ],
  };
}

export default function ModelListPage() {
  const { i18n: inst } = useTranslation();
  const navigate = useNavigate();
  const [categories, setCategories] = useState<TreeNode[] | null>(null);
  const [categoryId, setCategoryId] = useState<string>();
  const ref = useRef<ActionType | null>(null);
  const loadCategories = () => categoryApi.tree().then(setCategories, () => setCategories([]));
  useEffect(() => {
    void loadCategories();
  }, []);
  const resource = useMemo(() => modelResource(categories ?? [], categoryId, (p) => navigate(p)), [categories, categoryId, navigate, inst.language]);
  return (
    <div className="side-tree-layout">
      <CategorySide nodes={categories} value={categoryId} onChange={setCategoryId} onChanged={() => void loadCategories().then(() => ref.current?.reload())} />
      <div className="side-main">{categories ? <ResourceList resource={resource} actionRef={ref} /> : <Spin />}</div>
    </div>
  );
}

/** 流程分类: the tree that filters the list, with add / rename / remove in place. */
function CategorySide({ nodes, value, onChange, onChanged }: { nodes: TreeNode[] | null; value?: string; onChange(id: string | undefined): void; onChanged(): void }) {
  const { t } = useTranslation();
  const canEdit = usePermission('wf_design_model_edit');
  const [editing, setEditing] = useState<{ id?: string; name?: string; parentId?: string; sort?: number } | null>(null);
  const [form] = Form.useForm();
  useEffect(() => {
    if (editing) form.setFieldsValue({ name: editing.name ?? '', parentId: editing.parentId && editing.parentId !== '0' ? editing.parentId : undefined, sort: editing.sort ?? 0 });
  }, [editing, form]);
  const remove = (n: TreeNode) =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('wfd.category.removeConfirm', { name: n.title }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await categoryApi.remove([n.id]);
        message.success(t('common.success'));
        if (value === n.id) onChange(undefined);
        onChanged();
      },
    });
  const render = (n: TreeNode) => (
    <span className="wf-cat-node">
      <span>{n.title}</span>
      {canEdit && (
        <span className="wf-cat-ops" onClick={(e) => e.stopPropagation()}>
          <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing({ id: n.id, name: n.title, parentId: n.parentId, sort: Number(n.sort ?? 0) })} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(n)} />
        </span>
      )}
    </span>
  );
  return (
    <Card
      size="small"
      className="side-tree wf-category-side"
      title={t('wfd.category.title')}
      extra={
        canEdit && (
          <Tooltip title={t('wfd.category.add')}>
            <Button size="small" type="text" icon={<PlusOutlined />} aria-label={t('wfd.category.add')} className="wf-category-add" onClick={() => setEditing({ parentId: value })} />
          </Tooltip>
        )
      }
    >
      {!nodes ? (
        <Spin size="small" />
      ) : (
        <>
          <Button type={value ? 'text' : 'link'} size="small" block style={{ justifyContent: 'flex-start' }} className="wf-category-all" onClick={() => onChange(undefined)}>
            {t('wfd.category.all')}
          </Button>
          {nodes.length ? (
            <Tree
              blockNode
              defaultExpandAll
              treeData={nodes as never}
              titleRender={(n) => render(n as unknown as TreeNode)}
              selectedKeys={value ? [value] : []}
              onSelect={(keys) => onChange(keys.length ? String(keys[0]) : undefined)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wfd.category.empty')} />
          )}
        </>
      )}
      <Modal
        open={!!editing}
        title={t(editing?.id ? 'wfd.category.edit' : 'wfd.category.add')}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        onOk={async () => {
          const v = (await form.validateFields()) as { name: string; parentId?: string; sort?: number };
          await categoryApi.submit({ id: editing?.id, name: v.name, parentId: v.parentId ?? '0', sort: v.sort ?? 0 });
          message.success(t('common.success'));
          setEditing(null);
          onChanged();
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('wfd.category.name')} rules={[{ required: true, whitespace: true, message: t('wfd.category.nameRequired') }, { max: wfCategoryModel.fields.name.length, message: t('wfd.model.tooLong') }]}>
            <Input id="wf-category-name" />
          </Form.Item>
          <Form.Item name="parentId" label={t('wfd.category.parent')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={(nodes ?? []) as never} placeholder={t('wfd.category.root')} />
          </Form.Item>
          <Form.Item name="sort" label={t('wfd.category.sort')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}


