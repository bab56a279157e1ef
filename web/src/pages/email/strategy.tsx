import { Tag, message } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { emailStrategyModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import i18n from '../../i18n';
import { platformOptions, sendStrategy, strategyApi, templateOptions, type EmailStrategy } from './api';
import { RecipientSelect } from './RecipientSelect';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

// address lists are picked as chips (typed or from the address book), kept as comma lists
const recipients = { form: { type: 'custom' as const, component: RecipientSelect, csv: true } };

const resource = modelResource<EmailStrategy>(emailStrategyModel, strategyApi, {
  formWidth: 760,
  sort: { descs: 'create_time' },
  fields: {
    cronExpression: { valueType: 'code', form: { help: 'email.strategy.cronHelp', placeholder: 'email.strategy.cronPlaceholder' } },
    templateId: { form: { type: 'select', loadOptions: templateOptions } },
    platformId: { form: { type: 'select', loadOptions: platformOptions, help: 'email.strategy.platformHelp' } },
    toUser: recipients,
    ccUser: recipients,
    params: { valueType: 'code', form: { help: 'email.paramsHelp' } },
    lastSendStatus: {
      render: (row) =>
        row.lastSendStatus === null || row.lastSendStatus === undefined ? '-' : Number(row.lastSendStatus) === 1 ? <Tag color="green">{t('email.status1')}</Tag> : <Tag color="red">{t('email.status2')}</Tag>,
    },
  },
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
});

export default function EmailStrategyPage() {
  return <ResourceList resource={resource} />;
}
