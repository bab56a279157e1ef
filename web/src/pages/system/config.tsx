import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { systemConfigApi } from '../../api/system';
import type { SystemConfig } from '../../api/types';

const resource: ResourceDescription<SystemConfig> = {
  title: 'sysConfig.title',
  api: systemConfigApi,
  sort: { descs: 'create_time' },
  permissions: { add: 'systemConfig_add', edit: 'systemConfig_edit', delete: 'systemConfig_delete', view: 'systemConfig_view' },
  columns: [
    { title: 'sysConfig.configKey', dataIndex: 'configKey', search: 'like', width: 180, form: { required: true, addOnly: true } },
    {
      title: 'sysConfig.configInfo',
      dataIndex: 'configInfo',
      valueType: 'code',
      ellipsis: true,
      form: { type: 'json', required: true, rows: 10, help: 'sysConfig.configInfoHelp' },
    },
    { title: 'sysConfig.remark', dataIndex: 'remark', ellipsis: true, width: 220, form: { type: 'textarea', rows: 2 } },
    { title: 'sysConfig.createTime', dataIndex: 'createTime', search: 'daterange', width: 170, sortable: true },
  ],
};

export default function SystemConfigPage() {
  return <ResourceList resource={resource} />;
}
