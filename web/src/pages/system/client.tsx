import { Space, Tag } from 'antd';
import { clientModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { clientApi } from '../../api/admin';

const resource = modelResource(clientModel, clientApi, {
  formWidth: 760,
  fields: {
    authorizedGrantTypes: {
      render: (row) => (
        <Space size={[4, 4]} wrap>
          {String(row.authorizedGrantTypes ?? '')
            .split(',')
            .filter(Boolean)
            .map((g) => (
              <Tag key={g}>{g}</Tag>
            ))}
        </Space>
      ),
    },
  },
});

export default function ClientPage() {
  return <ResourceList resource={resource} />;
}
