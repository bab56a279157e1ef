// Calls of the developer tools (server/src/modules/develop).
import { crud } from '../../api/crud';
import type { LoadedOption } from '../../components/ResourceList';
import { http, request } from '../../api/request';

export interface Datasource { id: string; name: string; url: string; driverClass?: string; username?: string; password?: string; remark?: string; createTime?: string }
export interface CodeRecord { id: string; datasourceId: string; codeName: string; tableName: string; tablePrefix?: string; serviceName?: string; apiPath?: string; pkName?: string; createTime?: string }
export interface Model { id: string; datasourceId: string; modelName: string; modelCode: string; modelTable: string; modelRemark?: string; createTime?: string }
export interface Prototype {
  id?: string; modelId: string; jdbcName: string; jdbcType?: string; comment?: string; propertyName: string; propertyType?: string;
  isList: number; isForm: number; isRow: number; isQuery: number; isRequired: number; componentType: string; queryType: string; dictCode?: string; sort: number;
}
export interface Rule { id: string; name: string; ruleType: string; ruleContent: string; message?: string; remark?: string; createTime?: string }
export interface FormSource { id: string; name: string; sourceType: string; datasourceId: string; sqlContent: string; requestParams?: string; remark?: string; createTime?: string }

export const datasourceApi = crud<Datasource>('/api/blade-develop/datasource');
export const codeApi = crud<CodeRecord>('/api/blade-develop/code');
export const modelApi = crud<Model>('/api/blade-develop/model');
export const ruleApi = crud<Rule>('/api/blade-ruleManager/rule');
export const formSourceApi = crud<FormSource>('/api/blade-formSource/formSource');

export const datasourceOptions = async (): Promise<LoadedOption[]> =>
  (await http.get<{ id: string; name: string }[]>('/api/blade-develop/datasource/select')).map((d) => ({ label: d.name, value: d.id }));

export const testDatasource = (id: string) => http.post('/api/blade-develop/datasource/dataSourceTest', { id });
export const copyCode = (id: string) => http.post('/api/blade-develop/code/copy', undefined, { params: { id } });

/** The generated zip, downloaded through the one request function (refusals arrive as JSON). */
export async function genCode(ids: string[]): Promise<Blob> {
  const blob = await request<Blob>({ url: '/api/blade-develop/code/gen-code', method: 'post', params: { ids: ids.join(','), system: 'saber' }, responseType: 'blob' });
  return blob;
}

export const prototypes = (modelId: string) => http.get<Prototype[]>('/api/blade-develop/model/model-prototype', { modelId });
export const savePrototypes = (list: Prototype[]) => http.post('/api/blade-develop/model/model-prototype/submit-list', list);
export const removeFormSources = (ids: string[]) => http.get('/api/blade-formSource/formSource/remove', { ids: ids.join(',') });
export const executeSource = (dataSourceId: string, sqlContent: string, requestParams: string) =>
  http.post<Record<string, unknown>[]>('/api/blade-formSource/formSource/executeDataSource', { sourceType: 'sql', dataSourceId, sqlContent, requestParams });
