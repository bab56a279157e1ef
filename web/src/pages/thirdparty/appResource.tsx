import { Tag, Tooltip, message } from 'antd';
import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import { thirdServiceAuthModel } from '@campus/schema';
import type { FieldSpec, ResourceColumn, ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import i18n from '../../i18n';
import { clearToken, fetchToken, serviceAppApi, type ServiceApp } from './api';

type Row = Record<string, unknown>;
const oauth2 = (v: Row) => v.authType === 'oauth2';
/** a field of the token request: shown for oauth2 apps only */
const forOauth2 = (form: Partial<FieldSpec> = {}): Partial<ResourceColumn<ServiceApp>> => ({ form: { visible: oauth2, dependencies: ['authType'], ...form } });

/**
 * Service apps (the thirdServiceAuth rows, 002 §3 "third-party service app"). The 服务应用 screen
 * lists every app; the 服务认证 screen the oauth2 ones with their token state and token actions.
 * Columns, search fields and form from the model (@campus/schema thirdServiceAuthModel).
 */
export function appResource(mode: 'app' | 'auth'): ResourceDescription<ServiceApp> {
  const code = mode === 'app' ? 'thirdApp' : 'thirdAuth';
  const resource = modelResource(thirdServiceAuthModel, serviceAppApi, {
    title: mode === 'app' ? 'thirdparty.appTitle' : 'thirdparty.authTitle',
    sort: { descs: 'create_time' },
    formWidth: 820,
    params: mode === 'auth' ? { authType: 'oauth2' } : undefined,
    permissions: { add: `${code}_add`, edit: `${code}_edit`, delete: `${code}_delete`, view: `${code}_view` },
    fields: {
      authType: { search: mode === 'app' ? 'equal' : undefined, form: { default: mode === 'auth' ? 'oauth2' : 'none' } },
      url: { form: { required: true, requiredMessage: 'thirdparty.authUrlRequired', visible: oauth2, dependencies: ['authType'], help: 'thirdparty.authUrlHelp' } },
      appidKey: { form: { help: 'thirdparty.appidKeyHelp' } },
      secretValue: { form: { help: 'resource.secretHelp' } },
      requestType: { hideInTable: mode === 'app', ...forOauth2() },
      parameterPosition: { form: { help: 'thirdparty.appPositionHelp' } },
      backDataType: forOauth2(),
      successKey: forOauth2(),
      successValue: forOauth2(),
      dataKey: forOauth2({ help: 'thirdparty.appDataKeyHelp' }),
      cacheKey: forOauth2({ placeholder: 'thirdparty.tokenKeyPlaceholder' }),
      validityKey: forOauth2({ help: 'thirdparty.validityKeyHelp' }),
      validityUnit: forOauth2(),
    },
    append: [{ title: 'thirdparty.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 }],
    extraActions: mode === 'auth'
      ? [
          {
            key: 'token', label: 'thirdparty.fetchToken', permission: 'thirdAuth_token', placement: 'row', icon: <KeyOutlined />,
            onClick: async ({ row, reload }) => {
              await fetchToken(String(row!.id));
              message.success(i18n.t('thirdparty.tokenFetched'));
              reload();
            },
          },
          {
            key: 'clear', label: 'thirdparty.clearToken', permission: 'thirdAuth_token', placement: 'row', icon: <StopOutlined />,
            visible: (row) => !!row.tokenExpiresAt, confirm: 'thirdparty.clearTokenConfirm',
            onClick: async ({ row, reload }) => {
              await clearToken([String(row!.id)]);
              message.success(i18n.t('common.success'));
              reload();
            },
          },
        ]
      : undefined,
  });
  if (mode === 'auth') {
    // the token state, before the status
    const at = resource.columns.findIndex((c) => c.dataIndex === 'status');
    resource.columns.splice(at, 0, {
      title: 'thirdparty.tokenState', dataIndex: 'tokenExpiresAt', width: 260, inDetail: true,
      render: (r) => r.tokenExpiresAt
        ? <Tooltip title={`${i18n.t('thirdparty.tokenFetchedAt')}: ${String(r.tokenFetchedAt)}`}><Tag color="green">{String(r.tokenPreview)}</Tag> {i18n.t('thirdparty.tokenUntil', { time: String(r.tokenExpiresAt) })}</Tooltip>
        : <Tag>{i18n.t('thirdparty.tokenNone')}</Tag>,
    });
  }
  return resource;
}
