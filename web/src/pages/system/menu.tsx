import { useEffect, useMemo, useState } from 'react';
import { Modal, Segmented, Space, Spin, message } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { topMenuModel } from '@campus/schema';
import { ResourceList, statusColumn, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { CheckTree } from '../../components/CheckTree';
import { menuIcon } from '../../shell/icons';
import { localizeMenuTree } from '../../i18n';
import { grantTopMenus, grantTopTree, menuApi, menuTree, topMenuApi, topTreeKeys, type Menu, type TopMenu, type TreeNode } from '../../api/admin';

const iconCell = (row: Record<string, unknown>) =>
  row.source ? (
    <Space size={6}>
      {menuIcon(String(row.source))}
      <span className="text-secondary">{String(row.source)}</span>
    </Space>
  ) : (
    '-'
  );

/**
 * A menu's name as the sidebar shows it in the reader's language (English by code, buttons by
 * alias), with the stored name beside it when they differ: the form edits the stored one.
 */
const nameCell = (row: Record<string, unknown>) => {
  const stored = String(row.name ?? '');
  const shown = localizeMenuTree([{ title: stored, code: row.code, alias: row.alias, category: row.category }])[0]!.title;
  return shown === stored ? (
    stored
  ) : (
    <Space size={6}>
      <span>{shown}</span>
      <span className="text-secondary">{stored}</span>
    </Space>
  );
};

const menuResource: ResourceDescription<Menu> = {
  title: 'menuAdmin.title',
  api: menuApi,
  tree: true,
  formWidth: 760,
  permissions: { add: 'menu_add', edit: 'menu_edit', delete: 'menu_delete', view: 'menu_view' },
  columns: [
    { title: 'menuAdmin.name', dataIndex: 'name', search: 'plain', width: 200, render: nameCell, form: { required: true, span: 12 } },
    { title: 'menuAdmin.code', dataIndex: 'code', search: 'plain', width: 180, form: { required: true, span: 12 } },
    { title: 'menuAdmin.parent', dataIndex: 'parentId', hideInTable: true, inDetail: false, form: { type: 'treeSelect', span: 12, loadTree: menuTree, placeholder: 'common.topLevel' } },
    { title: 'menuAdmin.alias', dataIndex: 'alias', width: 120, form: { span: 12 } },
    { title: 'menuAdmin.path', dataIndex: 'path', width: 200, ellipsis: true, form: { span: 12 } },
    { title: 'menuAdmin.source', dataIndex: 'source', width: 200, render: iconCell, form: { span: 12, help: 'menuAdmin.sourceHelp' } },
    {
      title: 'menuAdmin.category',
      dataIndex: 'category',
      width: 90,
      options: [
        { label: 'menuAdmin.category1', value: 1, color: 'blue' },
        { label: 'menuAdmin.category2', value: 2, color: 'orange' },
      ],
      form: { type: 'radio', required: true, span: 12, default: 1 },
    },
    {
      title: 'menuAdmin.action',
      dataIndex: 'action',
      hideInTable: true,
      options: [
        { label: 'menuAdmin.action0', value: 0 },
        { label: 'menuAdmin.action1', value: 1 },
        { label: 'menuAdmin.action2', value: 2 },
        { label: 'menuAdmin.action3', value: 3 },
      ],
      form: { type: 'select', span: 12, default: 0 },
    },
    {
      title: 'menuAdmin.isOpen',
      dataIndex: 'isOpen',
      hideInTable: true,
      options: [
        { label: 'menuAdmin.isOpen1', value: 1 },
        { label: 'menuAdmin.isOpen2', value: 2 },
      ],
      form: { type: 'radio', span: 12, default: 1 },
    },
    { title: 'common.sort', dataIndex: 'sort', width: 70, form: { type: 'number', min: 0, span: 12, default: 1 } },
    { title: 'common.remark', dataIndex: 'remark', hideInTable: true, form: { type: 'textarea', rows: 2 } },
  ],
};

function topResource(openGrant: (id: string) => void): ResourceDescription<TopMenu> {
  return modelResource(topMenuModel, topMenuApi, {
    fields: {
      source: { render: iconCell, form: { help: 'menuAdmin.sourceHelp' } },
      status: statusColumn(),
    },
    extraActions: [
      { key: 'grant', label: 'menuAdmin.topGrant', permission: 'menu_edit', placement: 'row', icon: <ApartmentOutlined />, onClick: ({ row }) => openGrant(String(row!.id)) },
    ],
  });
}

/** 菜单配置 of a top menu: which sidebar menus it groups. */
function TopGrantDialog({ topMenuId, onClose }: { topMenuId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  const [keys, setKeys] = useState<string[]>([]);
  useEffect(() => {
    if (!topMenuId) return;
    setTree(null);
    void Promise.all([grantTopTree(), topTreeKeys([topMenuId])]).then(([g, k]) => {
      setTree(g.menu);
      setKeys(k.menu);
    });
  }, [topMenuId]);
  return (
    <Modal
      title={t('menuAdmin.topGrant')}
      open={!!topMenuId}
      width={480}
      destroyOnHidden
      onCancel={onClose}
      okText={t('common.save')}
      onOk={async () => {
        await grantTopMenus([topMenuId!], keys);
        message.success(t('common.success'));
        onClose();
      }}
    >
      {tree ? <CheckTree treeData={tree} value={keys} onChange={setKeys} height={400} /> : <Spin />}
    </Modal>
  );
}

export default function MenuPage() {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<'menu' | 'top'>('menu');
  const [grantId, setGrantId] = useState<string | null>(null);
  const top = useMemo(() => topResource(setGrantId), [i18n.language]);
  const switcher = (
    <Segmented
      key="tab"
      aria-label={t('menuAdmin.title')}
      value={tab}
      onChange={(v) => setTab(v as 'menu' | 'top')}
      options={[
        { label: t('menuAdmin.tabMenu'), value: 'menu' },
        { label: t('menuAdmin.tabTop'), value: 'top' },
      ]}
    />
  );
  return (
    <>
      {tab === 'menu' ? <ResourceList resource={menuResource} titleExtra={switcher} /> : <ResourceList resource={top} titleExtra={switcher} />}
      <TopGrantDialog topMenuId={grantId} onClose={() => setGrantId(null)} />
    </>
  );
}
