import { useMemo } from 'react';
import { App } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { datasourceModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { datasourceApi, testDatasource } from './api';

export default function DatasourcePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resource = useMemo(() => modelResource(datasourceModel, datasourceApi, {
    sort: { descs: 'create_time' },
    fields: {
      url: { form: { help: 'tool.datasource.urlHelp', placeholder: 'tool.datasource.urlPlaceholder' } },
      password: { form: { help: 'tool.datasource.passwordHelp' } },
    },
    append: [{ title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false }],
    extraActions: [
      {
        key: 'test', label: 'tool.datasource.test', placement: 'row', permission: 'datasource_test', icon: <ApiOutlined />,
        onClick: async ({ row }) => {
          await testDatasource(String(row!.id));
          message.success(t('tool.datasource.testOk'));
        },
      },
    ],
  }), [t, message]);
  return <ResourceList resource={resource} />;
}
