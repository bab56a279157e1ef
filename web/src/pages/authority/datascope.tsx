import { dataScopeModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { dataScopeApi, deptTree, menuTree } from '../../api/admin';

const resource = modelResource(dataScopeModel, dataScopeApi, {
  formWidth: 720,
  fields: {
    resourceCode: { form: { help: 'scope.resourceCodeHelp' } },
    menuId: { form: { type: 'treeSelect', loadTree: menuTree } },
    scopeType: { form: { default: 1 } },
    // the departments of a custom scope (type 5), chosen from the tree, kept as a comma list
    scopeValue: {
      form: {
        type: 'treeSelect', multiple: true, csv: true, required: true, loadTree: deptTree,
        dependencies: ['scopeType'], visible: (v) => Number(v.scopeType) === 5,
      },
    },
  },
});

export default function DataScopePage() {
  return <ResourceList resource={resource} />;
}
