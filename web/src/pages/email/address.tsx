import { emailAddressModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { addressApi } from './api';

const resource = modelResource(emailAddressModel, addressApi, {
  // the order starts at 1 when left empty
  fields: { sort: { form: { required: false } } },
});

export default function EmailAddressPage() {
  return <ResourceList resource={resource} />;
}
