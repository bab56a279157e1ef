import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { quartzJobLogApi, type QuartzJobLog } from '../../api/admin';
import { jobPackets } from './options';

const resource: ResourceDescription<QuartzJobLog> = {
  title: 'jobLog.title',
  api: quartzJobLogApi,
  sort: { descs: 'create_time' },
  permissions: { delete: 'quartzJobLog_delete', view: 'quartzJobLog_view' },
  columns: [
    { title: 'job.jobName', dataIndex: 'jobName', search: 'like', width: 160 },
    { title: 'jobLog.jobGroup', dataIndex: 'jobGroup', search: 'equal', width: 100, options: jobPackets },
    { title: 'job.invokeTarget', dataIndex: 'invokeTarget', valueType: 'code', width: 180 },
    { title: 'jobLog.jobMessage', dataIndex: 'jobMessage', ellipsis: true, width: 280 },
    { title: 'jobLog.exceptionInfo', dataIndex: 'exceptionInfo', hideInTable: true, valueType: 'code' },
    {
      title: 'jobLog.status',
      dataIndex: 'status',
      search: 'equal',
      width: 90,
      options: [
        { label: 'jobLog.status1', value: 1, color: 'green' },
        { label: 'jobLog.status0', value: 0, color: 'red' },
      ],
    },
    { title: 'jobLog.startTime', dataIndex: 'startTime', width: 170 },
    { title: 'jobLog.durationMs', dataIndex: 'durationMs', width: 100 },
    { title: 'log.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, hideInTable: true },
  ],
};

export default function QuartzJobLogPage() {
  return <ResourceList resource={resource} />;
}
