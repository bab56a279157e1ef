import { deptModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { deptApi, deptTree } from '../../api/admin';

// The columns and form come from the model (@campus/schema deptModel). The list answers the whole
// tree: expandable rows, and 新增下级 on each row; its filters go as the tree route reads them (plain).
const resource = modelResource(deptModel, deptApi, {
  tree: true,
  fields: {
    deptName: { search: 'plain' },
    fullName: { search: 'plain' },
    // (no starting value: empty is the top, which the placeholder says)
    parentId: { form: { type: 'treeSelect', loadTree: deptTree, placeholder: 'common.topLevel', default: undefined } },
    deptCategory: {
      // the three kinds the screen offers (the server takes 1-9)
      options: [
        { label: 'dept.category1', value: 1, color: 'blue' },
        { label: 'dept.category2', value: 2, color: 'green' },
        { label: 'dept.category3', value: 3, color: 'orange' },
      ],
      form: { default: 2 },
    },
    // the tree comes in the stored order (no column sorting)
    sort: { sortable: false },
  },
});

export default function DeptPage() {
  return <ResourceList resource={resource} />;
}
