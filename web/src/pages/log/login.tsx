import { loginLogModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { loginLogApi } from '../../api/admin';
import { withCreateTime } from './time-column';

const resource = withCreateTime(modelResource(loginLogModel, loginLogApi, { readOnly: true, sort: { descs: 'create_time' } }));

export default function LoginLogPage() {
  return <ResourceList resource={resource} />;
}
