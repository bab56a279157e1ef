import { App } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { datasourceApi, testDatasource, type Datasource } from './api';

export default function DatasourcePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resource: ResourceDescription<Datasource> = {
    title: 'tool.datasource.title',
    api: datasourceApi,
    sort: { descs: 'create_time' },
    permissions: { add: 'datasource_add', edit: 'datasource_edit', delete: 'datasource_delete', view: 'datasource_view' },
    columns: [
      { title: 'tool.datasource.name', dataIndex: 'name', search: 'like', width: 180, form: { required: true } },
      { title: 'tool.datasource.url', dataIndex: 'url', search: 'like', ellipsis: true, form: { required: true, help: 'tool.datasource.urlHelp', placeholder: 'tool.datasource.urlPlaceholder' } },
      { title: 'tool.datasource.driverClass', dataIndex: 'driverClass', width: 200, form: false },
      { title: 'tool.datasource.username', dataIndex: 'username', width: 140, form: {} },
      { title: 'tool.datasource.password', dataIndex: 'password', hideInTable: true, inDetail: false, form: { type: 'password', help: 'tool.datasource.passwordHelp' } },
      { title: 'tool.remark', dataIndex: 'remark', ellipsis: true, width: 180, form: { type: 'textarea', rows: 2 } },
      { title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false },
    ],
    extraActions: [
      {
        key: 'test', label: 'tool.datasource.test', placement: 'row', permission: 'datasource_test', icon: <ApiOutlined />,
        onClick: async ({ row }) => {
          await testDatasource(String(row!.id));
          message.success(t('tool.datasource.testOk'));
        },
      },
    ],
  };
  return <ResourceList resource={resource} />;
}
