import { message } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import i18n from '../../i18n';
import { copyTemplate, templateApi, type EmailTemplate } from './api';
import { SafeHtml } from './SafeHtml';

const resource: ResourceDescription<EmailTemplate> = {
  title: 'email.template.title',
  api: templateApi,
  formWidth: 820,
  sort: { descs: 'create_time' },
  permissions: { add: 'emailTemplate_add', edit: 'emailTemplate_edit', delete: 'emailTemplate_delete', view: 'emailTemplate_view' },
  columns: [
    { title: 'email.template.templateName', dataIndex: 'templateName', search: 'like', width: 160, form: { required: true, span: 12 } },
    {
      title: 'email.template.templateCode',
      dataIndex: 'templateCode',
      search: 'like',
      width: 150,
      form: { required: true, span: 12, rules: [{ pattern: /^[A-Za-z][\w-]*$/, message: 'email.template.codeFormat' }] },
    },
    { title: 'email.subject', dataIndex: 'subject', search: 'like', ellipsis: true, width: 240, form: { required: true, help: 'email.template.placeholderHelp' } },
    {
      title: 'email.content',
      dataIndex: 'content',
      hideInTable: true,
      render: (row) => <SafeHtml html={String(row.content ?? '')} />,
      form: { type: 'textarea', required: true, rows: 10, help: 'email.template.contentHelp' },
    },
    { title: 'email.template.paramsExample', dataIndex: 'paramsExample', hideInTable: true, valueType: 'code', form: { type: 'json', rows: 4, help: 'email.template.paramsExampleHelp' } },
    { title: 'email.remark', dataIndex: 'remark', ellipsis: true, width: 160, form: { type: 'textarea', rows: 2 } },
    { title: 'email.createTime', dataIndex: 'createTime', width: 170, sortable: true },
  ],
  extraActions: [
    {
      key: 'copy',
      label: 'email.copy',
      permission: 'emailTemplate_copy',
      placement: 'row',
      icon: <CopyOutlined />,
      onClick: async ({ row, reload }) => {
        const copy = await copyTemplate(String(row!.id));
        message.success(i18n.t('email.copied', { name: copy?.templateName ?? '' }));
        reload();
      },
    },
  ],
};

export default function EmailTemplatePage() {
  return <ResourceList resource={resource} />;
}
