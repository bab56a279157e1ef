import { Tag, message } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import i18n from '../../i18n';
import { platformOptions, sendStrategy, strategyApi, templateOptions, type EmailStrategy } from './api';
import { RecipientSelect, recipientsRule } from './RecipientSelect';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

const resource: ResourceDescription<EmailStrategy> = {
  title: 'email.strategy.title',
  api: strategyApi,
  formWidth: 760,
  sort: { descs: 'create_time' },
  permissions: { add: 'emailStrategy_add', edit: 'emailStrategy_edit', delete: 'emailStrategy_delete', view: 'emailStrategy_view' },
  columns: [
    { title: 'email.strategy.strategyName', dataIndex: 'strategyName', search: 'like', width: 160, form: { required: true, span: 12 } },
    { title: 'email.strategy.cronExpression', dataIndex: 'cronExpression', valueType: 'code', width: 150, form: { required: true, span: 12, help: 'email.strategy.cronHelp', placeholder: 'email.strategy.cronPlaceholder' } },
    { title: 'email.strategy.templateId', dataIndex: 'templateId', hideInTable: true, form: { type: 'select', required: true, span: 12, loadOptions: templateOptions } },
    { title: 'email.strategy.platformId', dataIndex: 'platformId', hideInTable: true, form: { type: 'select', span: 12, loadOptions: platformOptions, help: 'email.strategy.platformHelp' } },
    { title: 'email.toUser', dataIndex: 'toUser', ellipsis: true, width: 220, form: { type: 'custom', component: RecipientSelect, csv: true, required: true, rules: [recipientsRule(t, true)] } },
    { title: 'email.ccUser', dataIndex: 'ccUser', hideInTable: true, form: { type: 'custom', component: RecipientSelect, csv: true, rules: [recipientsRule(t, false)] } },
    { title: 'email.params', dataIndex: 'params', hideInTable: true, valueType: 'code', form: { type: 'json', rows: 4, help: 'email.paramsHelp' } },
    {
      title: 'email.strategy.status',
      dataIndex: 'status',
      width: 90,
      options: [
        { label: 'email.strategy.status1', value: 1, color: 'green' },
        { label: 'email.strategy.status0', value: 0 },
      ],
      search: 'equal',
      form: { type: 'radio', span: 12, default: 1 },
    },
    { title: 'email.strategy.lastSendTime', dataIndex: 'lastSendTime', width: 170 },
    {
      title: 'email.strategy.lastSendStatus',
      dataIndex: 'lastSendStatus',
      width: 100,
      render: (row) =>
        row.lastSendStatus === null || row.lastSendStatus === undefined ? '-' : Number(row.lastSendStatus) === 1 ? <Tag color="green">{t('email.status1')}</Tag> : <Tag color="red">{t('email.status2')}</Tag>,
    },
    { title: 'email.remark', dataIndex: 'remark', ellipsis: true, hideInTable: true, form: { type: 'textarea', rows: 2 } },
  ],
  extraActions: [
    {
      key: 'send',
      label: 'email.strategy.sendNow',
      permission: 'emailStrategy_send',
      placement: 'row',
      icon: <SendOutlined />,
      confirm: 'email.strategy.sendConfirm',
      onClick: async ({ row, reload }) => {
        try {
          await sendStrategy(String(row!.id));
          message.success(t('email.sent'));
        } finally {
          reload();
        }
      },
    },
  ],
};

export default function EmailStrategyPage() {
  return <ResourceList resource={resource} />;
}
