import { thirdApiLogModel } from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { thirdApiLogApi, type ThirdApiLog } from './api';

// the columns and search fields come from the model (@campus/schema thirdApiLogModel)
const resource: ResourceDescription<ThirdApiLog> = modelResource(thirdApiLogModel, thirdApiLogApi, {
  title: 'thirdparty.logTitle',
  readOnly: true,
  sort: { descs: 'create_time' },
  permissions: { view: 'thirdApiLog_view' },
  fields: {
    apiHeader: { valueType: 'code' },
    apiParams: { valueType: 'code' },
    apiResponse: { valueType: 'code' },
  },
});
// the time of the call, before its result
resource.columns.splice(resource.columns.findIndex((c) => c.dataIndex === 'status'), 0, { title: 'thirdparty.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 });

/** 接口调用日志: every call of a third-party service, read-only (002 §2). */
export default function ThirdApiLogPage() {
  return <ResourceList resource={resource} />;
}
