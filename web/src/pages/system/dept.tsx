import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { deptApi, deptTree, type Dept } from '../../api/admin';

// The list answers the whole tree: expandable rows, and 新增下级 on each row.
const resource: ResourceDescription<Dept> = {
  title: 'dept.title',
  api: deptApi,
  tree: true,
  permissions: { add: 'dept_add', edit: 'dept_edit', delete: 'dept_delete', view: 'dept_view' },
  columns: [
    { title: 'dept.deptName', dataIndex: 'deptName', search: 'plain', width: 220, form: { required: true, span: 12 } },
    { title: 'dept.fullName', dataIndex: 'fullName', search: 'plain', width: 260, form: { span: 12 } },
    {
      title: 'dept.parent',
      dataIndex: 'parentId',
      hideInTable: true,
      inDetail: false,
      form: { type: 'treeSelect', span: 12, loadTree: deptTree, placeholder: 'common.topLevel' },
    },
    {
      title: 'dept.deptCategory',
      dataIndex: 'deptCategory',
      width: 110,
      options: [
        { label: 'dept.category1', value: 1, color: 'blue' },
        { label: 'dept.category2', value: 2, color: 'green' },
        { label: 'dept.category3', value: 3, color: 'orange' },
      ],
      form: { type: 'select', span: 12, default: 2 },
    },
    { title: 'common.sort', dataIndex: 'sort', width: 80, form: { type: 'number', min: 0, span: 12, default: 1 } },
    { title: 'common.remark', dataIndex: 'remark', hideInTable: true, form: { type: 'textarea', rows: 2 } },
  ],
};

export default function DeptPage() {
  return <ResourceList resource={resource} />;
}
