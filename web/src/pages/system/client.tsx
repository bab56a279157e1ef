import { Space, Tag } from 'antd';
import { ResourceList, type FieldOption, type ResourceDescription } from '../../components/ResourceList';
import { clientApi, type Client } from '../../api/admin';

const grantTypes: FieldOption[] = ['password', 'captcha', 'refresh_token', 'sms_code', 'social', 'authorization_code'].map((g) => ({
  label: `client.grant.${g}`,
  value: g,
}));

const resource: ResourceDescription<Client> = {
  title: 'client.title',
  api: clientApi,
  formWidth: 760,
  permissions: { add: 'client_add', edit: 'client_edit', delete: 'client_delete', view: 'client_view' },
  columns: [
    { title: 'client.clientId', dataIndex: 'clientId', search: 'like', width: 140, form: { required: true, span: 12 } },
    { title: 'client.clientSecret', dataIndex: 'clientSecret', hideInTable: true, form: { required: true, span: 12, rules: [{ min: 6, message: 'client.secretLength' }] } },
    { title: 'client.scope', dataIndex: 'scope', width: 90, form: { required: true, span: 12, default: 'all' } },
    {
      title: 'client.authorizedGrantTypes',
      dataIndex: 'authorizedGrantTypes',
      width: 320,
      render: (row) => (
        <Space size={[4, 4]} wrap>
          {String(row.authorizedGrantTypes ?? '')
            .split(',')
            .filter(Boolean)
            .map((g) => (
              <Tag key={g}>{g}</Tag>
            ))}
        </Space>
      ),
      options: grantTypes,
      form: { type: 'select', multiple: true, csv: true, required: true, span: 12, default: ['password', 'refresh_token'] },
    },
    { title: 'client.accessTokenValidity', dataIndex: 'accessTokenValidity', width: 130, form: { type: 'number', required: true, min: 60, span: 12, default: 3600 } },
    { title: 'client.refreshTokenValidity', dataIndex: 'refreshTokenValidity', width: 130, form: { type: 'number', required: true, min: 60, span: 12, default: 604800 } },
    { title: 'client.webServerRedirectUri', dataIndex: 'webServerRedirectUri', hideInTable: true, form: { span: 12 } },
    { title: 'client.resourceIds', dataIndex: 'resourceIds', hideInTable: true, form: { span: 12 } },
    { title: 'client.authorities', dataIndex: 'authorities', hideInTable: true, form: { span: 12 } },
    { title: 'client.autoapprove', dataIndex: 'autoapprove', hideInTable: true, form: { span: 12 } },
    { title: 'client.additionalInformation', dataIndex: 'additionalInformation', hideInTable: true, form: { type: 'json', rows: 3 } },
  ],
};

export default function ClientPage() {
  return <ResourceList resource={resource} />;
}
