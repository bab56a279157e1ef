import { useState } from 'react';
import { message } from 'antd';
import { ApiOutlined, CheckCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import i18n from '../../i18n';
import { configApi, enableConfig, platformOptions, syncConfig, testConfig, type EmailConfig } from './api';
import { enabledTag } from './platform';

const resource: ResourceDescription<EmailConfig> = {
  title: 'email.config.title',
  api: configApi,
  formWidth: 720,
  sort: { descs: 'create_time' },
  permissions: { add: 'emailConfig_add', edit: 'emailConfig_edit', delete: 'emailConfig_delete', view: 'emailConfig_view' },
  columns: [
    { title: 'email.config.configName', dataIndex: 'configName', search: 'like', width: 150, form: { required: true, span: 12 } },
    { title: 'email.isEnabled', dataIndex: 'isEnabled', width: 90, render: enabledTag },
    { title: 'email.config.emailAddress', dataIndex: 'emailAddress', search: 'like', width: 200, form: { required: true, span: 12, rules: [{ type: 'email', message: 'email.emailFormat' }] } },
    {
      title: 'email.config.protocol',
      dataIndex: 'protocol',
      width: 90,
      options: [
        { label: 'email.config.pop3', value: 'pop3', color: 'blue' },
        { label: 'email.config.imap', value: 'imap', color: 'purple' },
      ],
      form: { type: 'radio', required: true, span: 12, default: 'pop3', help: 'email.config.protocolHelp' },
    },
    { title: 'email.config.host', dataIndex: 'host', hideInTable: true, form: { required: true, span: 12, placeholder: 'email.config.hostPlaceholder' } },
    { title: 'email.port', dataIndex: 'port', hideInTable: true, form: { type: 'number', required: true, span: 6, min: 1, max: 65535, default: 995, rules: [{ type: 'number', min: 1, max: 65535, message: 'email.portInvalid' }] } },
    {
      title: 'email.secure',
      dataIndex: 'secure',
      width: 100,
      hideInTable: true,
      options: [
        { label: 'email.secure1', value: 1 },
        { label: 'email.secure0', value: 0 },
      ],
      form: { type: 'radio', span: 6, default: 1 },
    },
    { title: 'email.username', dataIndex: 'username', hideInTable: true, form: { span: 12 } },
    { title: 'email.password', dataIndex: 'password', hideInTable: true, inDetail: false, form: { type: 'password', span: 12, help: 'email.passwordHelp' } },
    { title: 'email.config.platformId', dataIndex: 'platformId', hideInTable: true, form: { type: 'select', span: 12, loadOptions: platformOptions, help: 'email.config.platformHelp' } },
    { title: 'email.config.lastSyncTime', dataIndex: 'lastSyncTime', width: 170 },
    { title: 'email.config.lastSyncMessage', dataIndex: 'lastSyncMessage', hideInTable: true },
    { title: 'email.remark', dataIndex: 'remark', ellipsis: true, hideInTable: true, form: { type: 'textarea', rows: 2 } },
  ],
  extraActions: [
    {
      key: 'enable',
      label: 'email.enable',
      permission: 'emailConfig_enable',
      placement: 'row',
      icon: <CheckCircleOutlined />,
      confirm: 'email.config.enableConfirm',
      visible: (row) => Number(row.isEnabled) !== 1,
      onClick: async ({ row, reload }) => {
        await enableConfig(String(row!.id));
        message.success(i18n.t('common.success'));
        reload();
      },
    },
    {
      key: 'test',
      label: 'email.test',
      permission: 'emailConfig_edit',
      placement: 'row',
      icon: <ApiOutlined />,
      onClick: async ({ row }) => {
        const hide = message.loading(i18n.t('email.testing'), 0);
        try {
          const r = await testConfig(String(row!.id));
          message.success(i18n.t('email.config.testOk', { count: r?.count ?? 0 }));
        } finally {
          hide();
        }
      },
    },
    {
      key: 'sync',
      label: 'email.config.sync',
      permission: 'emailConfig_sync',
      placement: 'row',
      icon: <SyncOutlined />,
      onClick: async ({ row, reload }) => {
        const hide = message.loading(i18n.t('email.config.syncing'), 0);
        try {
          const r = await syncConfig(String(row!.id));
          message.success(i18n.t('email.config.synced', { count: r?.fetched ?? 0 }));
        } finally {
          hide();
          reload();
        }
      },
    },
  ],
};

export default function EmailConfigPage() {
  const [r] = useState(() => resource);
  return <ResourceList resource={r} />;
}
