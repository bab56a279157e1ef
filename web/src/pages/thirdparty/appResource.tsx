import { Tag, Tooltip, message } from 'antd';
import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import type { ResourceColumn, ResourceDescription } from '../../components/ResourceList';
import i18n from '../../i18n';
import { clearToken, fetchToken, serviceAppApi, type ServiceApp } from './api';
import { authTypes, backTypesApp, positions, requestTypes, statusOptions, validityUnits } from './options';

type Row = Record<string, unknown>;
const oauth2 = (v: Row) => v.authType === 'oauth2';

/**
 * Service apps (the thirdServiceAuth rows, 002 §3 "third-party service app"). The 服务应用 screen
 * lists every app; the 服务认证 screen the oauth2 ones with their token state and token actions.
 */
export function appResource(mode: 'app' | 'auth'): ResourceDescription<ServiceApp> {
  const code = mode === 'app' ? 'thirdApp' : 'thirdAuth';
  const columns: ResourceColumn<ServiceApp>[] = [
    { title: 'thirdparty.name', dataIndex: 'name', search: 'like', width: 160, form: { required: true, requiredMessage: 'thirdparty.nameRequired', span: 12 } },
    {
      title: 'thirdparty.authType', dataIndex: 'authType', search: mode === 'app' ? 'equal' : undefined, width: 100, options: authTypes,
      form: { type: 'radio', required: true, requiredMessage: 'thirdparty.authTypeRequired', span: 12, default: mode === 'auth' ? 'oauth2' : 'none' },
    },
    { title: 'thirdparty.authUrl', dataIndex: 'url', search: 'like', ellipsis: true, width: 240, form: { required: true, requiredMessage: 'thirdparty.authUrlRequired', visible: oauth2, dependencies: ['authType'], help: 'thirdparty.authUrlHelp' } },
    { title: 'thirdparty.appidKey', dataIndex: 'appidKey', hideInTable: true, form: { span: 12, help: 'thirdparty.appidKeyHelp' } },
    { title: 'thirdparty.appidValue', dataIndex: 'appidValue', hideInTable: true, form: { span: 12 } },
    { title: 'thirdparty.secretKey', dataIndex: 'secretKey', hideInTable: true, form: { span: 12 } },
    { title: 'thirdparty.secretValue', dataIndex: 'secretValue', hideInTable: true, inDetail: false, form: { type: 'password', span: 12 } },
    { title: 'thirdparty.requestType', dataIndex: 'requestType', width: 90, hideInTable: mode === 'app', options: requestTypes, form: { type: 'select', span: 8, default: 'POST', visible: oauth2, dependencies: ['authType'] } },
    { title: 'thirdparty.parameterPosition', dataIndex: 'parameterPosition', hideInTable: true, options: positions, form: { type: 'select', span: 8, default: 3, help: 'thirdparty.appPositionHelp' } },
    { title: 'thirdparty.backDataType', dataIndex: 'backDataType', hideInTable: true, options: backTypesApp, form: { type: 'select', span: 8, default: 'json', visible: oauth2, dependencies: ['authType'] } },
    { title: 'thirdparty.successKey', dataIndex: 'successKey', hideInTable: true, form: { span: 12, visible: oauth2, dependencies: ['authType'] } },
    { title: 'thirdparty.successValue', dataIndex: 'successValue', hideInTable: true, form: { span: 12, visible: oauth2, dependencies: ['authType'] } },
    { title: 'thirdparty.dataKey', dataIndex: 'dataKey', hideInTable: true, form: { span: 12, visible: oauth2, dependencies: ['authType'], help: 'thirdparty.appDataKeyHelp' } },
    { title: 'thirdparty.tokenKey', dataIndex: 'cacheKey', hideInTable: true, form: { span: 12, visible: oauth2, dependencies: ['authType'], placeholder: 'thirdparty.tokenKeyPlaceholder' } },
    { title: 'thirdparty.validityKey', dataIndex: 'validityKey', hideInTable: true, form: { span: 12, visible: oauth2, dependencies: ['authType'], help: 'thirdparty.validityKeyHelp' } },
    { title: 'thirdparty.validityUnit', dataIndex: 'validityUnit', hideInTable: true, options: validityUnits, form: { type: 'select', span: 12, default: 'second', visible: oauth2, dependencies: ['authType'] } },
  ];
  if (mode === 'auth') {
    columns.push({
      title: 'thirdparty.tokenState', dataIndex: 'tokenExpiresAt', width: 260, inDetail: true,
      render: (r) => r.tokenExpiresAt
        ? <Tooltip title={`${i18n.t('thirdparty.tokenFetchedAt')}: ${String(r.tokenFetchedAt)}`}><Tag color="green">{String(r.tokenPreview)}</Tag> {i18n.t('thirdparty.tokenUntil', { time: String(r.tokenExpiresAt) })}</Tooltip>
        : <Tag>{i18n.t('thirdparty.tokenNone')}</Tag>,
    });
  }
  columns.push(
    { title: 'thirdparty.status', dataIndex: 'status', search: 'equal', width: 90, options: statusOptions, form: { type: 'radio', default: 1, span: 12 } },
    { title: 'thirdparty.description', dataIndex: 'description', ellipsis: true, width: 200, form: { type: 'textarea', rows: 2 } },
    { title: 'thirdparty.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 },
  );
  return {
    title: mode === 'app' ? 'thirdparty.appTitle' : 'thirdparty.authTitle',
    api: serviceAppApi,
    sort: { descs: 'create_time' },
    formWidth: 820,
    params: mode === 'auth' ? { authType: 'oauth2' } : undefined,
    permissions: { add: `${code}_add`, edit: `${code}_edit`, delete: `${code}_delete`, view: `${code}_view` },
    columns,
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
  };
}
