import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { paramApi, type Param } from '../../api/admin';

const resource: ResourceDescription<Param> = {
  title: 'param.title',
  api: paramApi,
  sort: { descs: 'create_time' },
  permissions: { add: 'param_add', edit: 'param_edit', delete: 'param_delete', view: 'param_view' },
  columns: [
    { title: 'param.paramName', dataIndex: 'paramName', search: 'like', width: 200, form: { required: true, requiredMessage: 'param.nameRequired' } },
    { title: 'param.paramKey', dataIndex: 'paramKey', search: 'like', width: 220, form: { required: true, requiredMessage: 'param.keyRequired' } },
    {
      title: 'param.paramValue',
      dataIndex: 'paramValue',
      ellipsis: true,
      width: 280,
      form: { type: 'textarea', rows: 4, required: true, requiredMessage: 'param.valueRequired' },
    },
    { title: 'common.remark', dataIndex: 'remark', ellipsis: true, width: 200, form: { type: 'textarea', rows: 2 } },
  ],
};

export default function ParamPage() {
  return <ResourceList resource={resource} />;
}
