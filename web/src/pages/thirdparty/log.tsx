import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { thirdApiLogApi, type ThirdApiLog } from './api';
import { results } from './options';

const resource: ResourceDescription<ThirdApiLog> = {
  title: 'thirdparty.logTitle',
  api: thirdApiLogApi,
  readOnly: true,
  sort: { descs: 'create_time' },
  permissions: { view: 'thirdApiLog_view' },
  columns: [
    { title: 'thirdparty.platformName', dataIndex: 'platformName', search: 'like', width: 140 },
    { title: 'thirdparty.apiName', dataIndex: 'apiName', search: 'like', width: 140 },
    { title: 'thirdparty.apiUrl', dataIndex: 'apiUrl', search: 'like', ellipsis: true, width: 260 },
    { title: 'thirdparty.apiMethod', dataIndex: 'apiMethod', width: 90 },
    { title: 'thirdparty.apiHeader', dataIndex: 'apiHeader', valueType: 'code', ellipsis: true, width: 200 },
    { title: 'thirdparty.apiParams', dataIndex: 'apiParams', search: 'like', valueType: 'code', ellipsis: true, width: 220 },
    { title: 'thirdparty.apiResponse', dataIndex: 'apiResponse', search: 'like', valueType: 'code', ellipsis: true, width: 220 },
    { title: 'thirdparty.apiTime', dataIndex: 'apiTime', width: 110, sortable: true },
    { title: 'thirdparty.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 },
    { title: 'thirdparty.result', dataIndex: 'status', search: 'equal', width: 90, options: results },
  ],
};

/** 接口调用日志: every call of a third-party service, read-only (002 §2). */
export default function ThirdApiLogPage() {
  return <ResourceList resource={resource} />;
}
