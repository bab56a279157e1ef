import { message } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { ossModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { enableOss, ossApi } from '../../api/admin';
import i18n from '../../i18n';
import { enabledTag } from './EnabledTag';

// the columns, search fields and form come from the model (@campus/schema ossModel)
const resource = modelResource(ossModel, ossApi, {
  formWidth: 720,
  fields: {
    secretKey: { form: { help: 'resource.secretHelp' } },
    isEnabled: { render: enabledTag },
  },
  extraActions: [
    {
      key: 'enable',
      label: 'resource.enable',
      permission: 'oss_enable',
      placement: 'row',
      icon: <CheckCircleOutlined />,
      confirm: 'resource.enableConfirm',
      visible: (row) => Number(row.isEnabled) !== 1,
      onClick: async ({ row, reload }) => {
        await enableOss(String(row!.id));
        message.success(i18n.t('common.success'));
        reload();
      },
    },
  ],
});

export default function OssPage() {
  return <ResourceList resource={resource} />;
}
