import { message } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { enableOss, ossApi, type Oss } from '../../api/admin';
import i18n from '../../i18n';
import { enabledTag } from './EnabledTag';

const resource: ResourceDescription<Oss> = {
  title: 'oss.title',
  api: ossApi,
  formWidth: 720,
  permissions: { add: 'oss_add', edit: 'oss_edit', delete: 'oss_delete', view: 'oss_view' },
  columns: [
    {
      title: 'oss.category',
      dataIndex: 'category',
      search: 'equal',
      width: 110,
      options: [
        { label: 'oss.category1', value: 1, color: 'blue' },
        { label: 'oss.category2', value: 2, color: 'cyan' },
        { label: 'oss.category3', value: 3, color: 'orange' },
        { label: 'oss.category4', value: 4, color: 'geekblue' },
      ],
      form: { type: 'select', required: true, span: 12, default: 1 },
    },
    { title: 'oss.ossCode', dataIndex: 'ossCode', search: 'like', width: 130, form: { required: true, span: 12 } },
    { title: 'oss.endpoint', dataIndex: 'endpoint', ellipsis: true, width: 220, form: { required: true, span: 12, rules: [{ pattern: /^https?:\/\/\S+$/, message: 'oss.urlFormat' }] } },
    { title: 'oss.transformEndpoint', dataIndex: 'transformEndpoint', hideInTable: true, form: { span: 12 } },
    { title: 'oss.bucketName', dataIndex: 'bucketName', width: 140, form: { required: true, span: 12 } },
    { title: 'oss.accessKey', dataIndex: 'accessKey', hideInTable: true, form: { span: 12 } },
    { title: 'oss.secretKey', dataIndex: 'secretKey', hideInTable: true, inDetail: false, form: { type: 'password', span: 12, help: 'resource.secretHelp' } },
    { title: 'oss.appId', dataIndex: 'appId', hideInTable: true, form: { span: 12 } },
    { title: 'oss.region', dataIndex: 'region', hideInTable: true, form: { span: 12 } },
    { title: 'resource.isEnabled', dataIndex: 'isEnabled', width: 90, render: enabledTag },
    { title: 'common.remark', dataIndex: 'remark', ellipsis: true, width: 180, form: { type: 'textarea', rows: 2 } },
  ],
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
};

export default function OssPage() {
  return <ResourceList resource={resource} />;
}
