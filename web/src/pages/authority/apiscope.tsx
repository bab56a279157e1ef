import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { apiScopeApi, menuTree, type ApiScope } from '../../api/admin';
import { apiScopeTypes } from './scopes';

const resource: ResourceDescription<ApiScope> = {
  title: 'scope.apiTitle',
  api: apiScopeApi,
  permissions: { add: 'api_scope_add', edit: 'api_scope_edit', delete: 'api_scope_delete', view: 'api_scope_view' },
  formWidth: 720,
  columns: [
    { title: 'scope.scopeName', dataIndex: 'scopeName', search: 'like', width: 180, form: { required: true, span: 12 } },
    { title: 'scope.resourceCode', dataIndex: 'resourceCode', search: 'like', width: 160, form: { required: true, span: 12, help: 'scope.resourceCodeHelp' } },
    { title: 'scope.menu', dataIndex: 'menuId', hideInTable: true, inDetail: false, form: { type: 'treeSelect', required: true, span: 12, loadTree: menuTree } },
    {
      title: 'scope.scopePath',
      dataIndex: 'scopePath',
      search: 'like',
      valueType: 'code',
      width: 260,
      form: { required: true, span: 12, help: 'scope.scopePathHelp', rules: [{ pattern: /^\/api\/[\w\-/*.{}]*$/, message: 'scope.scopePathFormat' }] },
    },
    { title: 'scope.apiScopeType', dataIndex: 'scopeType', search: 'equal', width: 120, options: apiScopeTypes, form: { type: 'select', required: true, span: 12, default: 1 } },
    { title: 'common.remark', dataIndex: 'remark', ellipsis: true, width: 220, form: { type: 'textarea', rows: 2 } },
  ],
};

export default function ApiScopePage() {
  return <ResourceList resource={resource} />;
}
