import { useEffect, useMemo, useState } from 'react';
import { Modal, Segmented, Space, Spin, message } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { menuModel, topMenuModel } from '@campus/schema';
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

// The columns, search fields and form come from the model (@campus/schema menuModel). The list answers
// the whole tree: expandable rows, and 新增下级 on each row; its filters go as the tree route reads them (plain).
const menuResource: ResourceDescription<Menu> = modelResource(menuModel, menuApi, {
  tree: true,
  formWidth: 760,
  fields: {
    name: { search: 'plain', render: nameCell },
    code: { search: 'plain' },
    // (no starting value: empty is the top, which the placeholder says)
    parentId: { form: { type: 'treeSelect', loadTree: menuTree, placeholder: 'common.topLevel', default: undefined } },
    source: { render: iconCell, form: { help: 'menuAdmin.sourceHelp' } },
    // the four positions the screen offers (the server takes 0-9)
    action: {
      options: [
        { label: 'menuAdmin.action0', value: 0 },
        { label: 'menuAdmin.action1', value: 1 },
        { label: 'menuAdmin.action2', value: 2 },
        { label: 'menuAdmin.action3', value: 3 },
      ],
      form: { required: false },
    },
    // (always filled in: the form starts with the defaults, the server fills them when left out)
    isOpen: { form: { required: false } },
    // the tree comes in the stored order (no column sorting)
    sort: { sortable: false, form: { required: false } },
  },
});

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
