import { tenantPackageModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { grantTree, tenantPackageApi } from '../../api/admin';

// Spec 002 §2: add, edit and delete, no view; a 600 wide dialog of three fields.
const resource = modelResource(tenantPackageModel, tenantPackageApi, {
  hideView: true,
  formWidth: 600,
  permissions: { add: 'tenant_package_add', edit: 'tenant_package_edit', delete: 'tenant_package_delete' },
  fields: { menuId: { form: { type: 'checkTree', loadTree: async () => (await grantTree()).menu } } },
  append: [{ title: 'common.createTime', dataIndex: 'createTime', width: 170 }],
});

export default function TenantPackagePage() {
  return <ResourceList resource={resource} />;
}
