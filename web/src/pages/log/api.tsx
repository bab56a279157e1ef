import { Tag } from 'antd';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { apiLogApi, type ApiLog } from '../../api/admin';

const resource: ResourceDescription<ApiLog> = {
  title: 'apiLog.title',
  api: apiLogApi,
  readOnly: true,
  sort: { descs: 'create_time' },
  permissions: { view: 'apiLog_view' },
  columns: [
    { title: 'apiLog.apiTitle', dataIndex: 'title', search: 'like', ellipsis: true, width: 240 },
    { title: 'log.method', dataIndex: 'method', search: 'equal', width: 80 },
    { title: 'log.requestUri', dataIndex: 'requestUri', search: 'like', ellipsis: true, width: 260 },
    {
      title: 'apiLog.type',
      dataIndex: 'type',
      search: 'equal',
      width: 90,
      options: [
        { label: 'apiLog.type1', value: '1', color: 'green' },
        { label: 'apiLog.type2', value: '2', color: 'red' },
      ],
    },
    { title: 'apiLog.statusCode', dataIndex: 'statusCode', width: 90, render: (r) => <Tag color={Number(r.statusCode) < 400 ? 'green' : 'red'}>{String(r.statusCode ?? '-')}</Tag> },
    { title: 'apiLog.time', dataIndex: 'time', width: 100 },
    { title: 'apiLog.methodClass', dataIndex: 'methodClass', hideInTable: true },
    { title: 'log.params', dataIndex: 'params', hideInTable: true, valueType: 'code' },
    { title: 'log.serverHost', dataIndex: 'serverHost', hideInTable: true },
    { title: 'log.userAgent', dataIndex: 'userAgent', hideInTable: true },
    { title: 'log.remoteIp', dataIndex: 'remoteIp', width: 130 },
    { title: 'log.createBy', dataIndex: 'createBy', search: 'like', width: 110 },
    { title: 'log.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 },
  ],
};

export default function ApiLogPage() {
  return <ResourceList resource={resource} />;
}
