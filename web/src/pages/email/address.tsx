import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { addressApi, type EmailAddress } from './api';

const resource: ResourceDescription<EmailAddress> = {
  title: 'email.address.title',
  api: addressApi,
  permissions: { add: 'emailAddress_add', edit: 'emailAddress_edit', delete: 'emailAddress_delete', view: 'emailAddress_view' },
  columns: [
    { title: 'email.address.name', dataIndex: 'name', search: 'like', width: 140, form: { required: true, span: 12 } },
    { title: 'email.address.email', dataIndex: 'email', search: 'like', width: 220, form: { required: true, span: 12, rules: [{ type: 'email', message: 'email.emailFormat' }] } },
    { title: 'email.address.groupName', dataIndex: 'groupName', search: 'like', width: 120, form: { span: 12 } },
    { title: 'email.address.phone', dataIndex: 'phone', width: 130, form: { span: 12 } },
    { title: 'email.address.sort', dataIndex: 'sort', width: 80, sortable: true, form: { type: 'number', span: 12, min: 0, max: 99999, default: 1 } },
    { title: 'email.remark', dataIndex: 'remark', ellipsis: true, width: 180, form: { type: 'textarea', rows: 2 } },
  ],
};

export default function EmailAddressPage() {
  return <ResourceList resource={resource} />;
}
