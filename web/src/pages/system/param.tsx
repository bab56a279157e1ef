import { paramModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { paramApi } from '../../api/admin';

const resource = modelResource(paramModel, paramApi, { sort: { descs: 'create_time' } });

export default function ParamPage() {
  return <ResourceList resource={resource} />;
}
