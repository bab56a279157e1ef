import { useState } from 'react';
import { Tag, message } from 'antd';
import { ApiOutlined, CheckCircleOutlined, CopyOutlined } from '@ant-design/icons';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import i18n from '../../i18n';
import { copyPlatform, enablePlatform, platformApi, testPlatform, type EmailPlatform } from './api';

export const enabledTag = (row: Record<string, unknown>) =>
  Number(row.isEnabled) === 1 ? <Tag color="green">{i18n.t('email.enabled')}</Tag> : <Tag>{i18n.t('email.notEnabled')}</Tag>;

const portRule = { type: 'number' as const, min: 1, max: 65535, message: 'email.portInvalid' };
const emailRule = { type: 'email' as const, message: 'email.emailFormat' };

const resource: ResourceDescription<EmailPlatform> = {
  title: 'email.platform.title',
  api: platformApi,
  formWidth: 720,
  sort: { descs: 'create_time' },
  permissions: { add: 'emailPlatform_add', edit: 'emailPlatform_edit', delete: 'emailPlatform_delete', view: 'emailPlatform_view' },
  columns: [
    { title: 'email.platform.platformName', dataIndex: 'platformName', search: 'like', width: 160, form: { required: true, span: 12 } },
    { title: 'email.isEnabled', dataIndex: 'isEnabled', width: 90, render: enabledTag },
    { title: 'email.platform.fromAddress', dataIndex: 'fromAddress', search: 'like', width: 200, form: { required: true, span: 12, rules: [emailRule] } },
    { title: 'email.platform.fromName', dataIndex: 'fromName', hideInTable: true, form: { span: 12 } },
    { title: 'email.host', dataIndex: 'host', search: 'like', width: 180, form: { required: true, span: 12, placeholder: 'email.smtpHostPlaceholder' } },
    { title: 'email.port', dataIndex: 'port', hideInTable: true, form: { type: 'number', required: true, span: 6, min: 1, max: 65535, default: 465, rules: [portRule] } },
    {
      title: 'email.secure',
      dataIndex: 'secure',
      hideInTable: true,
      options: [
        { label: 'email.secure1', value: 1, color: 'blue' },
        { label: 'email.secure0', value: 0 },
      ],
      form: { type: 'radio', span: 6, default: 1, help: 'email.secureHelp' },
    },
    { title: 'email.username', dataIndex: 'username', width: 160, hideInTable: true, form: { span: 12 } },
    { title: 'email.password', dataIndex: 'password', hideInTable: true, inDetail: false, form: { type: 'password', span: 12, help: 'email.passwordHelp' } },
    { title: 'email.remark', dataIndex: 'remark', hideInTable: true, form: { type: 'textarea', rows: 2 } },
    { title: 'email.createTime', dataIndex: 'createTime', hideInTable: true },
  ],
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
};

export default function EmailPlatformPage() {
  const [r] = useState(() => resource);
  return <ResourceList resource={r} />;
}
