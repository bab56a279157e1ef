import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { dataScopeApi, deptTree, menuTree, type DataScope } from '../../api/admin';
import { scopeColumns, scopeTypes } from './scopes';

const resource: ResourceDescription<DataScope> = {
  title: 'scope.dataTitle',
  api: dataScopeApi,
  permissions: { add: 'data_scope_add', edit: 'data_scope_edit', delete: 'data_scope_delete', view: 'data_scope_view' },
  formWidth: 720,
  columns: [
    { title: 'scope.scopeName', dataIndex: 'scopeName', search: 'like', width: 180, form: { required: true, span: 12 } },
    { title: 'scope.resourceCode', dataIndex: 'resourceCode', search: 'like', width: 160, form: { required: true, span: 12, help: 'scope.resourceCodeHelp' } },
    { title: 'scope.menu', dataIndex: 'menuId', hideInTable: true, inDetail: false, form: { type: 'treeSelect', required: true, span: 12, loadTree: menuTree } },
    { title: 'scope.scopeColumn', dataIndex: 'scopeColumn', width: 150, options: scopeColumns, form: { type: 'select', required: true, span: 12, default: 'create_dept' } },
    { title: 'scope.scopeType', dataIndex: 'scopeType', search: 'equal', width: 140, options: scopeTypes, form: { type: 'select', required: true, span: 12, default: 1 } },
    {
      title: 'scope.scopeValue',
      dataIndex: 'scopeValue',
      hideInTable: true,
      form: {
        type: 'treeSelect',
        multiple: true,
        csv: true,
        required: true,
        span: 12,
        loadTree: deptTree,
        dependencies: ['scopeType'],
        visible: (v) => Number(v.scopeType) === 5,
      },
    },
    { title: 'scope.scopeField', dataIndex: 'scopeField', hideInTable: true, form: { span: 12 } },
    { title: 'scope.scopeClass', dataIndex: 'scopeClass', hideInTable: true, form: { span: 12 } },
    { title: 'common.remark', dataIndex: 'remark', ellipsis: true, width: 200, form: { type: 'textarea', rows: 2 } },
  ],
};

export default function DataScopePage() {
  return <ResourceList resource={resource} />;
}
