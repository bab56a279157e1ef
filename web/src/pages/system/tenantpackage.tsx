import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { grantTree, tenantPackageApi, type TenantPackage } from '../../api/admin';

// Spec 002 §2: add, edit and delete, no view; a 600 wide dialog of three fields.
const resource: ResourceDescription<TenantPackage> = {
  title: 'tenantPackage.title',
  api: tenantPackageApi,
  hideView: true,
  formWidth: 600,
  permissions: { add: 'tenant_package_add', edit: 'tenant_package_edit', delete: 'tenant_package_delete' },
  columns: [
    { title: 'tenantPackage.packageName', dataIndex: 'packageName', search: 'like', width: 240, form: { required: true, requiredMessage: 'tenantPackage.nameRequired' } },
    {
      title: 'tenantPackage.menuId',
      dataIndex: 'menuId',
      hideInTable: true,
      form: { type: 'checkTree', csv: true, required: true, requiredMessage: 'tenantPackage.menuRequired', loadTree: async () => (await grantTree()).menu },
    },
    { title: 'common.remark', dataIndex: 'remark', ellipsis: true, width: 320, form: { type: 'textarea', rows: 2 } },
    { title: 'common.createTime', dataIndex: 'createTime', width: 170 },
  ],
};

export default function TenantPackagePage() {
  return <ResourceList resource={resource} />;
}
