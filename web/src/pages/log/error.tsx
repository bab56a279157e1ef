import { errorLogModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { errorLogApi } from '../../api/system';
import { withCreateTime } from './time-column';

// Read-only: error logs are written by the server and by the clients' sendLogs, never edited.
const resource = withCreateTime(
  modelResource(errorLogModel, errorLogApi, {
    readOnly: true,
    sort: { descs: 'create_time' },
    fields: { stackTrace: { valueType: 'code' } },
  }),
  'errorLog.createTime',
  160,
);

export default function ErrorLogPage() {
  return <ResourceList resource={resource} />;
}
