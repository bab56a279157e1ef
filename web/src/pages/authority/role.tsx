import { useEffect, useMemo, useRef, useState } from 'react';
import { Modal, Spin, Tabs, message } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { roleModel } from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { CheckTree, allKeys } from '../../components/CheckTree';
import { grantRoles, grantTree, roleApi, roleTree, roleTreeKeys, type GrantTree, type Role } from '../../api/admin';

// The columns and form come from the model (@campus/schema roleModel). The list answers the whole
// tree; its filters go as the tree route reads them (plain); grants are this screen's own.
function roleResource(openGrant: (ids: string[]) => void): ResourceDescription<Role> {
  return modelResource(roleModel, roleApi, {
    tree: true,
    selectable: true,
    fields: {
      roleName: { search: 'plain' },
      roleAlias: { search: 'plain', form: { help: 'role.roleAliasHelp' } },
      // (no starting value: empty is the top, which the placeholder says)
      parentId: { form: { type: 'treeSelect', loadTree: roleTree, placeholder: 'common.topLevel', default: undefined } },
      // the tree comes in the stored order (no column sorting)
      sort: { sortable: false },
    },
    extraActions: [
      {
        key: 'grantRow',
        label: 'role.grant',
        permission: 'role_grant',
        placement: 'row',
        icon: <SafetyCertificateOutlined />,
        onClick: ({ row }) => openGrant([String(row!.id)]),
      },
      {
        key: 'grant',
        label: 'role.grant',
        permission: 'role_grant',
        placement: 'toolbar',
        icon: <SafetyCertificateOutlined />,
        needSelection: true,
        onClick: ({ selected }) => openGrant(selected),
      },
    ],
  });
}

/** 权限设置: menus (with buttons), data scopes and API scopes as three checkable trees. */
export function RoleGrantDialog({ roleIds, onClose }: { roleIds: string[] | null; onClose(): void }) {
  const { t } = useTranslation();
  const [trees, setTrees] = useState<GrantTree | null>(null);
  const [menu, setMenu] = useState<string[]>([]);
  const [dataScope, setDataScope] = useState<string[]>([]);
  const [apiScope, setApiScope] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!roleIds) return;
    setTrees(null);
    void Promise.all([grantTree(), roleTreeKeys(roleIds)]).then(([tree, keys]) => {
      setTrees(tree);
      setMenu(keys.menu);
      setDataScope(keys.dataScope);
      setApiScope(keys.apiScope);
    });
  }, [roleIds]);
  // scope trees hang scopes under their menus: only the scope nodes are scope ids
  const menuIds = useMemo(() => new Set(trees ? allKeys(trees.menu) : []), [trees]);
  const onlyScopes = (keys: string[]) => keys.filter((k) => !menuIds.has(k));
  return (
    <Modal
      title={t('role.grant')}
      open={!!roleIds}
      width={560}
      destroyOnHidden
      confirmLoading={saving}
      okText={t('common.save')}
      onCancel={onClose}
      onOk={async () => {
        setSaving(true);
        try {
          await grantRoles({ roleIds: roleIds ?? [], menuIds: menu, dataScopeIds: onlyScopes(dataScope), apiScopeIds: onlyScopes(apiScope) });
          message.success(t('common.success'));
          onClose();
        } finally {
          setSaving(false);
        }
      }}
      className="role-grant"
    >
      {!trees ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            { key: 'menu', label: t('role.menuTab'), children: <CheckTree treeData={trees.menu} value={menu} onChange={setMenu} height={380} /> },
            { key: 'data', label: t('role.dataTab'), children: <CheckTree treeData={trees.dataScope} value={dataScope} onChange={setDataScope} height={380} /> },
            { key: 'api', label: t('role.apiTab'), children: <CheckTree treeData={trees.apiScope} value={apiScope} onChange={setApiScope} height={380} /> },
          ]}
        />
      )}
    </Modal>
  );
}

export default function RolePage() {
  const { i18n } = useTranslation();
  const [grantIds, setGrantIds] = useState<string[] | null>(null);
  const ref = useRef<ActionType | null>(null);
  const resource = useMemo(() => roleResource(setGrantIds), [i18n.language]);
  return (
    <>
      <ResourceList resource={resource} actionRef={ref} />
      <RoleGrantDialog roleIds={grantIds} onClose={() => setGrantIds(null)} />
    </>
  );
}
