import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { errorLogApi, type ErrorLog } from '../../api/system';

// Read-only: error logs are written by the server and by the clients' sendLogs, never edited.
const resource: ResourceDescription<ErrorLog> = {
  title: 'errorLog.title',
  api: errorLogApi,
  readOnly: true,
  sort: { descs: 'create_time' },
  permissions: { view: 'errorLog_view' },
  columns: [
    {
      title: 'errorLog.type',
      dataIndex: 'type',
      search: 'equal',
      width: 100,
      options: [
        { label: 'errorLog.typeClient', value: 'client', color: 'orange' },
        { label: 'errorLog.typeServer', value: 'server', color: 'red' },
      ],
    },
    { title: 'errorLog.serviceId', dataIndex: 'serviceId', search: 'like', width: 140 },
    { title: 'errorLog.requestUri', dataIndex: 'requestUri', search: 'like', ellipsis: true, width: 240 },
    { title: 'errorLog.method', dataIndex: 'method', width: 90 },
    { title: 'errorLog.message', dataIndex: 'message', search: 'like', ellipsis: true, width: 300 },
    { title: 'errorLog.stackTrace', dataIndex: 'stackTrace', valueType: 'code', hideInTable: true },
    { title: 'errorLog.userAgent', dataIndex: 'userAgent', hideInTable: true },
    { title: 'errorLog.remoteIp', dataIndex: 'remoteIp', width: 130 },
    { title: 'errorLog.createBy', dataIndex: 'createBy', width: 110 },
    { title: 'errorLog.createTime', dataIndex: 'createTime', search: 'daterange', width: 170, sortable: true },
  ],
};

export default function ErrorLogPage() {
  return <ResourceList resource={resource} />;
}
