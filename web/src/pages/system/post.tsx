import { postModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { postApi } from '../../api/admin';

const resource = modelResource(postModel, postApi);

export default function PostPage() {
  return <ResourceList resource={resource} />;
}
