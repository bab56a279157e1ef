import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { postApi, type Post } from '../../api/admin';

const resource: ResourceDescription<Post> = {
  title: 'post.title',
  api: postApi,
  permissions: { add: 'post_add', edit: 'post_edit', delete: 'post_delete', view: 'post_view' },
  columns: [
    {
      title: 'post.category',
      dataIndex: 'category',
      search: 'equal',
      width: 110,
      options: [
        { label: 'post.category1', value: 1, color: 'blue' },
        { label: 'post.category2', value: 2, color: 'green' },
        { label: 'post.category3', value: 3, color: 'orange' },
      ],
      form: { type: 'select', required: true, default: 1 },
    },
    { title: 'post.postCode', dataIndex: 'postCode', search: 'like', width: 140, form: { required: true, span: 12 } },
    { title: 'post.postName', dataIndex: 'postName', search: 'like', width: 180, form: { required: true, span: 12 } },
    { title: 'common.sort', dataIndex: 'sort', width: 80, sortable: true, form: { type: 'number', min: 0, default: 1 } },
    { title: 'common.remark', dataIndex: 'remark', ellipsis: true, width: 240, form: { type: 'textarea', rows: 2 } },
  ],
};

export default function PostPage() {
  return <ResourceList resource={resource} />;
}
