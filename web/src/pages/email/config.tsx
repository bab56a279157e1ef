import { useState } from 'react';
import { message } from 'antd';
import { ApiOutlined, CheckCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { emailConfigModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import i18n from '../../i18n';
import { configApi, enableConfig, platformOptions, syncConfig, testConfig } from './api';
import { enabledTag } from './platform';

const resource = modelResource(emailConfigModel, configApi, {
  formWidth: 720,
  sort: { descs: 'create_time' },
  fields: {
    isEnabled: { render: enabledTag },
    protocol: { form: { help: 'email.config.protocolHelp' } },
    host: { form: { placeholder: 'email.config.hostPlaceholder' } },
    port: { form: { type: 'number', default: 995, rules: [{ type: 'number', min: 1, max: 65535, message: 'email.portInvalid' }] } },
    secure: { form: { required: false } },
    password: { form: { help: 'email.passwordHelp' } },
    platformId: { form: { type: 'select', loadOptions: platformOptions, help: 'email.config.platformHelp' } },
  },
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
});

export default function EmailConfigPage() {
  const [r] = useState(() => resource);
  return <ResourceList resource={r} />;
}
