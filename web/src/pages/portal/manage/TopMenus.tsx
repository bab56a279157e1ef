// 顶部菜单 (/portalManage/topMenu, portal_topMenu): the portal header's menu, a tree by parentId (0 =
// top level; the header shows the top level with their children, the search the leaves), each a
// page of the site or an external link opened per its open way.
import { useState } from 'react';
import { portalTopMenuModel } from '@campus/schema';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import type { TreeNode } from '../../../api/crud';
import { nameOf, topMenuApi, topMenuTree, type PortalTopMenu } from './api';
import { iconColumn, nameColumn } from './fieldColumns';
import './manage.css';

const asNodes = (rows: PortalTopMenu[]): TreeNode[] =>
  rows.map((r) => ({ id: r.id, parentId: String(r.parentId ?? '0'), title: nameOf(r), value: String(r.id), key: String(r.id), children: r.children?.length ? asNodes(r.children) : undefined }));

export default function TopMenuPage() {
  const [resource] = useState(() =>
    modelResource<PortalTopMenu>(portalTopMenuModel, topMenuApi, {
      tree: true,
      fields: {
        parentId: { search: undefined, form: { type: 'treeSelect', loadTree: async () => asNodes(await topMenuTree()), placeholder: 'portalManage.topMenu.topLevel', span: 12 } },
        name: nameColumn,
        icon: iconColumn,
        jumpAddress: { form: { help: 'portalManage.topMenu.addressHelp' } },
      },
      beforeSubmit: (v) => ({ ...v, parentId: v.parentId || '0' }),
    }),
  );
  return (
    <div className="pm-page" data-testid="pm-top-menu">
      <ResourceList resource={resource} />
    </div>
  );
}
