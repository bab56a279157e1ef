import { message } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { emailTemplateModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import i18n from '../../i18n';
import { copyTemplate, templateApi } from './api';
import { SafeHtml } from './SafeHtml';

const resource = modelResource(emailTemplateModel, templateApi, {
  formWidth: 820,
  sort: { descs: 'create_time' },
  fields: {
    subject: { form: { help: 'email.template.placeholderHelp' } },
    content: { render: (row) => <SafeHtml html={String(row.content ?? '')} />, form: { help: 'email.template.contentHelp' } },
    paramsExample: { valueType: 'code', form: { help: 'email.template.paramsExampleHelp' } },
  },
  append: [{ title: 'email.createTime', dataIndex: 'createTime', width: 170, sortable: true }],
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
});

export default function EmailTemplatePage() {
  return <ResourceList resource={resource} />;
}
