import { usualLogModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { usualLogApi } from '../../api/admin';
import { withCreateTime } from './time-column';

const resource = withCreateTime(
  modelResource(usualLogModel, usualLogApi, {
    readOnly: true,
    sort: { descs: 'create_time' },
    fields: { logData: { valueType: 'code' }, params: { valueType: 'code' } },
  }),
  'log.createTime',
  160,
);

export default function UsualLogPage() {
  return <ResourceList resource={resource} />;
}
