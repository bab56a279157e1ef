import { quartzJobLogModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { quartzJobLogApi } from '../../api/admin';

const resource = modelResource(quartzJobLogModel, quartzJobLogApi, {
  sort: { descs: 'create_time' },
  fields: {
    invokeTarget: { valueType: 'code' },
    exceptionInfo: { valueType: 'code' },
  },
  append: [{ title: 'log.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, hideInTable: true }],
});

export default function QuartzJobLogPage() {
  return <ResourceList resource={resource} />;
}
