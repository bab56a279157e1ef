import { systemConfigModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { systemConfigApi } from '../../api/system';

const resource = modelResource(systemConfigModel, systemConfigApi, {
  sort: { descs: 'create_time' },
  fields: {
    configKey: { form: { addOnly: true } },
    configInfo: { valueType: 'code', form: { help: 'sysConfig.configInfoHelp' } },
  },
  append: [{ title: 'sysConfig.createTime', dataIndex: 'createTime', search: 'daterange', width: 170, sortable: true }],
});

export default function SystemConfigPage() {
  return <ResourceList resource={resource} />;
}
