import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { loginLogApi, type LoginLog } from '../../api/admin';

const resource: ResourceDescription<LoginLog> = {
  title: 'loginLog.title',
  api: loginLogApi,
  readOnly: true,
  sort: { descs: 'create_time' },
  permissions: { view: 'loginLog_view' },
  columns: [
    { title: 'loginLog.account', dataIndex: 'account', search: 'like', width: 130 },
    { title: 'loginLog.userName', dataIndex: 'userName', search: 'like', width: 120 },
    { title: 'loginLog.grantType', dataIndex: 'grantType', search: 'equal', width: 120 },
    {
      title: 'loginLog.success',
      dataIndex: 'success',
      search: 'equal',
      width: 90,
      options: [
        { label: 'loginLog.success1', value: 1, color: 'green' },
        { label: 'loginLog.success0', value: 0, color: 'red' },
      ],
    },
    { title: 'loginLog.message', dataIndex: 'message', ellipsis: true, width: 220 },
    { title: 'loginLog.loginType', dataIndex: 'loginType', hideInTable: true },
    { title: 'log.userAgent', dataIndex: 'userAgent', hideInTable: true },
    { title: 'log.remoteIp', dataIndex: 'remoteIp', search: 'like', width: 130 },
    { title: 'log.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 },
  ],
};

export default function LoginLogPage() {
  return <ResourceList resource={resource} />;
}
