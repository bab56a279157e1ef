import type { Rule } from 'antd/es/form';
import { thirdOauthAppModel } from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import i18n from '../../i18n';
import { oauthAppApi, type OauthApp } from './api';

/** The secret is never sent back: a new app needs one, an edit left empty keeps it. */
const secretOnAdd: Rule = ({ getFieldValue }) => ({
  validator: async (_, value) => {
    if (!getFieldValue('id') && (value === undefined || value === null || String(value).trim() === '')) throw new Error(i18n.t('thirdparty.oauthAppSecretRequired'));
  },
});

// the columns, search fields and form come from the model (@campus/schema thirdOauthAppModel)
const resource: ResourceDescription<OauthApp> = modelResource(thirdOauthAppModel, oauthAppApi, {
  title: 'thirdparty.oauthTitle',
  sort: { descs: 'create_time' },
  formWidth: 720,
  fields: {
    appSecret: { form: { rules: [secretOnAdd], help: 'resource.secretHelp' } },
    tokenValidTime: { form: { help: 'thirdparty.tokenValidTimeHelp' } },
  },
  append: [{ title: 'thirdparty.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 }],
});

/** OAuth应用: apps that may ask this platform for a user's token (getThirdPartyToken). */
export default function OauthAppPage() {
  return <ResourceList resource={resource} />;
}
