import { apiScopeModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { apiScopeApi, menuTree } from '../../api/admin';

const resource = modelResource(apiScopeModel, apiScopeApi, {
  formWidth: 720,
  fields: {
    resourceCode: { form: { help: 'scope.resourceCodeHelp' } },
    menuId: { form: { type: 'treeSelect', loadTree: menuTree } },
    scopePath: { valueType: 'code', form: { help: 'scope.scopePathHelp' } },
  },
});

export default function ApiScopePage() {
  return <ResourceList resource={resource} />;
}
