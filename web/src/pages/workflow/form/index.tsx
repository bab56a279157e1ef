// 表单设计 list (/workflow/design/form, menu wf_design_form): categories with their form counts
// beside a searchable, paged list of forms; add/edit of key, name, category and remark, delete and
// multi-delete, and the way into the designer and the version history (spec 000 §2.2, §7).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Card, Menu, Spin, Typography } from 'antd';
import { FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ResourceList, type ResourceDescription } from '../../../components/ResourceList';
import type { TreeNode } from '../../../api/crud';
import { formApi, optionOf, type FormCategoryCount, type WfForm } from './api';
import { columnsOf } from '../../../components/workflow/form-schema';
import '../../../components/form-designer/designer.css';

const ALL = '__all';
const NONE = '__none';

function flatten(nodes: TreeNode[], out = new Map<string, string>()): Map<string, string> {
  for (const n of nodes) {
    out.set(String(n.id), String(n.title));
    if (n.children) flatten(n.children, out);
  }
  return out;
}

export default function FormListPage() {
  const { t, i18n } = useTranslation();
  const nav = useNavigate();
  const ref = useRef<ActionType | null>(null);
  const [counts, setCounts] = useState<FormCategoryCount[] | null>(null);
  const [tree, setTree] = useState<TreeNode[]>([]);
  const [category, setCategory] = useState<string>(ALL);

  const loadCounts = useCallback(() => {
    formApi.listType().then(setCounts, () => setCounts([]));
  }, []);
  useEffect(() => {
    loadCounts();
    formApi.categoryTree().then(setTree, () => setTree([]));
  }, [loadCounts]);
  const names = useMemo(() => flatten(tree), [tree]);

  const resource = useMemo<ResourceDescription<WfForm>>(
    () => ({
      title: 'fd.list.title',
      // every reload of the table also refreshes the category counts (add, delete, move)
      api: {
        ...formApi,
        list: (params) => {
          loadCounts();
          return formApi.list(params);
        },
      },
      permissions: { add: 'wf_design_form_add', edit: 'wf_design_form_edit', delete: 'wf_design_form_delete', view: 'wf_design_form_view' },
      params: category === ALL ? {} : category === NONE ? { categoryId_null: '1' } : { categoryId_equal: category },
      sort: { descs: 'create_time' },
      formWidth: 640,
      columns: [
        {
          title: 'fd.list.formKey',
          dataIndex: 'formKey',
          search: 'like',
          width: 160,
          form: { required: true, addOnly: true, span: 12, rules: [{ pattern: /^[A-Za-z_][\w-]*$/, message: t('fd.list.formKeyPattern') }], help: 'fd.list.formKeyHelp' },
          render: (row) => <Typography.Text code>{String(row.formKey)}</Typography.Text>,
        },
        { title: 'fd.list.name', dataIndex: 'name', search: 'like', width: 180, form: { required: true, span: 12 } },
        {
          title: 'fd.list.category',
          dataIndex: 'categoryId',
          width: 120,
          form: { type: 'treeSelect', span: 12, loadTree: formApi.categoryTree, placeholder: 'fd.list.categoryNone' },
          render: (row) => (row.categoryId ? (names.get(String(row.categoryId)) ?? String(row.categoryId)) : <Typography.Text type="secondary">{t('fd.list.uncategorised')}</Typography.Text>),
        },
        { title: 'fd.list.version', dataIndex: 'version', width: 80, render: (row) => <Badge color="blue" text={`v${row.version ?? 1}`} /> },
        {
          title: 'fd.list.fields',
          dataIndex: 'content',
          width: 70,
          inDetail: false,
          render: (row) => columnsOf(optionOf(row.content)).length,
        },
        { title: 'common.remark', dataIndex: 'remark', hideInTable: true, form: { type: 'textarea', rows: 3 } },
        { title: 'fd.list.updateTime', dataIndex: 'updateTime', width: 160, valueType: 'dateTime', render: (row) => String(row.updateTime ?? row.createTime ?? '').slice(0, 19).replace('T', ' ') },
      ],
      extraActions: [
        { key: 'design', label: 'fd.list.design', permission: 'wf_design_form_edit', placement: 'row', onClick: ({ row }) => nav(`/workflow/design/form/design/${row!.id}`) },
        { key: 'history', label: 'fd.list.history', permission: 'wf_design_form_view', placement: 'row', onClick: ({ row }) => nav(`/workflow/design/form/history/${row!.id}`) },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [category, names, i18n.language],
  );

  const total = (counts ?? []).reduce((n, c) => n + c.count, 0);
  const items = [
    { key: ALL, icon: <FolderOpenOutlined />, label: <CategoryLabel name={t('fd.list.all')} count={total} /> },
    ...(counts ?? []).map((c) => ({
      key: c.categoryId ?? NONE,
      icon: <FolderOutlined />,
      label: <CategoryLabel name={c.categoryId ? (c.categoryName ?? names.get(c.categoryId) ?? c.categoryId) : t('fd.list.uncategorised')} count={c.count} />,
    })),
  ];
  return (
    <div className="side-tree-layout fd-list">
      <Card size="small" title={t('fd.list.categories')} className="side-tree fd-categories">
        {counts === null ? <Spin size="small" /> : <Menu mode="inline" selectedKeys={[category]} items={items} onClick={(e) => setCategory(e.key)} className="fd-category-menu" />}
      </Card>
      <div className="side-main">
        <ResourceList resource={resource} actionRef={ref} />
      </div>
    </div>
  );
}

function CategoryLabel({ name, count }: { name: string; count: number }) {
  return (
    <span className="fd-category">
      <span className="fd-category-name">{name}</span>
      <Badge count={count} showZero color="#bfbfbf" size="small" />
    </span>
  );
}
