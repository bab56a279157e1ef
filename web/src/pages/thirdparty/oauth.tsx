import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { oauthAppApi, type OauthApp } from './api';
import { statusOptions } from './options';

const resource: ResourceDescription<OauthApp> = {
  title: 'thirdparty.oauthTitle',
  api: oauthAppApi,
  sort: { descs: 'create_time' },
  formWidth: 720,
  permissions: { add: 'thirdOauth_add', edit: 'thirdOauth_edit', delete: 'thirdOauth_delete', view: 'thirdOauth_view' },
  columns: [
    { title: 'thirdparty.name', dataIndex: 'name', search: 'like', width: 180, form: { required: true, requiredMessage: 'thirdparty.oauthNameRequired', span: 12 } },
    { title: 'thirdparty.appId', dataIndex: 'appId', search: 'like', width: 180, form: { required: true, requiredMessage: 'thirdparty.oauthAppIdRequired', span: 12 } },
    { title: 'thirdparty.appSecret', dataIndex: 'appSecret', hideInTable: true, inDetail: false, form: { type: 'password', required: true, requiredMessage: 'thirdparty.oauthAppSecretRequired', span: 12 } },
    {
      title: 'thirdparty.tokenValidTime', dataIndex: 'tokenValidTime', width: 150,
      form: { type: 'number', span: 12, default: 7200, help: 'thirdparty.tokenValidTimeHelp', rules: [{ type: 'number', min: 100, message: 'thirdparty.oauthValidTimeMin' }] },
    },
    { title: 'thirdparty.validStartDate', dataIndex: 'validStartDate', width: 170, form: { type: 'datetime', span: 12 } },
    { title: 'thirdparty.validEntDate', dataIndex: 'validEntDate', width: 170, form: { type: 'datetime', span: 12 } },
    { title: 'thirdparty.status', dataIndex: 'status', search: 'equal', width: 90, options: statusOptions, form: { type: 'radio', default: 1, span: 12 } },
    { title: 'thirdparty.description', dataIndex: 'description', ellipsis: true, width: 200, form: { type: 'textarea', rows: 2 } },
    { title: 'thirdparty.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 },
  ],
};

/** OAuth应用: apps that may ask this platform for a user's token (getThirdPartyToken). */
export default function OauthAppPage() {
  return <ResourceList resource={resource} />;
}
