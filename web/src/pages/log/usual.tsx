import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { usualLogApi, type UsualLog } from '../../api/admin';

const resource: ResourceDescription<UsualLog> = {
  title: 'usualLog.title',
  api: usualLogApi,
  readOnly: true,
  sort: { descs: 'create_time' },
  permissions: { view: 'usualLog_view' },
  columns: [
    {
      title: 'usualLog.logLevel',
      dataIndex: 'logLevel',
      search: 'equal',
      width: 90,
      options: [
        { label: 'info', value: 'info', color: 'blue' },
        { label: 'warn', value: 'warn', color: 'orange' },
        { label: 'error', value: 'error', color: 'red' },
      ],
    },
    { title: 'usualLog.logId', dataIndex: 'logId', search: 'like', width: 160 },
    { title: 'usualLog.logData', dataIndex: 'logData', search: 'like', ellipsis: true, width: 300, valueType: 'code' },
    { title: 'log.requestUri', dataIndex: 'requestUri', search: 'like', ellipsis: true, width: 220 },
    { title: 'log.method', dataIndex: 'method', width: 80 },
    { title: 'log.serviceId', dataIndex: 'serviceId', hideInTable: true },
    { title: 'log.serverHost', dataIndex: 'serverHost', hideInTable: true },
    { title: 'log.params', dataIndex: 'params', hideInTable: true, valueType: 'code' },
    { title: 'log.userAgent', dataIndex: 'userAgent', hideInTable: true },
    { title: 'log.remoteIp', dataIndex: 'remoteIp', width: 130 },
    { title: 'log.createBy', dataIndex: 'createBy', search: 'like', width: 110 },
    { title: 'log.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 },
  ],
};

export default function UsualLogPage() {
  return <ResourceList resource={resource} />;
}
