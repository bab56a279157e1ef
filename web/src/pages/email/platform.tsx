import { useState } from 'react';
import { Tag, message } from 'antd';
import { ApiOutlined, CheckCircleOutlined, CopyOutlined } from '@ant-design/icons';
import { emailPlatformModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import i18n from '../../i18n';
import { copyPlatform, enablePlatform, platformApi, testPlatform } from './api';

export const enabledTag = (row: Record<string, unknown>) =>
  Number(row.isEnabled) === 1 ? <Tag color="green">{i18n.t('email.enabled')}</Tag> : <Tag>{i18n.t('email.notEnabled')}</Tag>;

const portRule = { type: 'number' as const, min: 1, max: 65535, message: 'email.portInvalid' };

const resource = modelResource(emailPlatformModel, platformApi, {
  formWidth: 720,
  sort: { descs: 'create_time' },
  fields: {
    isEnabled: { render: enabledTag },
    host: { form: { placeholder: 'email.smtpHostPlaceholder' } },
    port: { form: { type: 'number', default: 465, rules: [portRule] } },
    // the form starts at SSL/TLS (port 465); a body without it is sent plain
    secure: { form: { required: false, default: 1, help: 'email.secureHelp' } },
    password: { form: { help: 'email.passwordHelp' } },
  },
  append: [{ title: 'email.createTime', dataIndex: 'createTime', hideInTable: true }],
  extraActions: [
    {
      key: 'enable',
      label: 'email.enable',
      permission: 'emailPlatform_enable',
      placement: 'row',
      icon: <CheckCircleOutlined />,
      confirm: 'email.platform.enableConfirm',
      visible: (row) => Number(row.isEnabled) !== 1,
      onClick: async ({ row, reload }) => {
        await enablePlatform(String(row!.id));
        message.success(i18n.t('common.success'));
        reload();
      },
    },
    {
      key: 'test',
      label: 'email.test',
      permission: 'emailPlatform_edit',
      placement: 'row',
      icon: <ApiOutlined />,
      onClick: async ({ row }) => {
        const hide = message.loading(i18n.t('email.testing'), 0);
        try {
          await testPlatform(String(row!.id));
          message.success(i18n.t('email.testOk'));
        } finally {
          hide();
        }
      },
    },
    {
      key: 'copy',
      label: 'email.copy',
      permission: 'emailPlatform_copy',
      placement: 'row',
      icon: <CopyOutlined />,
      onClick: async ({ row, reload }) => {
        const copy = await copyPlatform(String(row!.id));
        message.success(i18n.t('email.copied', { name: copy?.platformName ?? '' }));
        reload();
      },
    },
  ],
});

export default function EmailPlatformPage() {
  const [r] = useState(() => resource);
  return <ResourceList resource={r} />;
}
