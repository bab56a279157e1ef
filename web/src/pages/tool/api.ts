// Calls of the developer tools (server/src/modules/develop).
import type { codeModel, datasourceModel, devModelModel, formSourceModel, modelPrototypeModel, RowOf, ruleModel } from '@campus/schema';
import { crud } from '../../api/crud';
import type { LoadedOption } from '../../components/ResourceList';
import { http } from '../../api/request';
import { receiveFile, type OnTransfer } from '../../api/transfer';

export type Datasource = RowOf<typeof datasourceModel> & { createTime?: string };
export type CodeRecord = RowOf<typeof codeModel> & { createTime?: string };
export type Model = RowOf<typeof devModelModel> & { createTime?: string };
/** A column prototype of a data model (read from the table's catalogue until saved: no id yet). */
export type Prototype = Omit<RowOf<typeof modelPrototypeModel>, 'id'> & { id?: string };
export type Rule = RowOf<typeof ruleModel> & { createTime?: string };
export type FormSource = RowOf<typeof formSourceModel> & { createTime?: string };

export const datasourceApi = crud<Datasource>('/api/blade-develop/datasource');
export const codeApi = crud<CodeRecord>('/api/blade-develop/code');
export const modelApi = crud<Model>('/api/blade-develop/model');
export const ruleApi = crud<Rule>('/api/blade-ruleManager/rule');
export const formSourceApi = crud<FormSource>('/api/blade-formSource/formSource');

export const datasourceOptions = async (): Promise<LoadedOption[]> =>
  (await http.get<{ id: string; name: string }[]>('/api/blade-develop/datasource/select')).map((d) => ({ label: d.name, value: d.id }));

export const testDatasource = (id: string) => http.post('/api/blade-develop/datasource/dataSourceTest', { id });
export const copyCode = (id: string) => http.post('/api/blade-develop/code/copy', undefined, { params: { id } });

/** The generated zip, downloaded through the one request function (refusals arrive as JSON and are shown); onProgress hears the bytes received. */
export function genCode(ids: string[], onProgress?: OnTransfer): Promise<Blob> {
  return receiveFile({ url: '/api/blade-develop/code/gen-code', method: 'post', params: { ids: ids.join(','), system: 'saber' } }, { onProgress });
}

export const prototypes = (modelId: string) => http.get<Prototype[]>('/api/blade-develop/model/model-prototype', { modelId });
export const savePrototypes = (list: Prototype[]) => http.post('/api/blade-develop/model/model-prototype/submit-list', list);
export const removeFormSources = (ids: string[]) => http.get('/api/blade-formSource/formSource/remove', { ids: ids.join(',') });
export const executeSource = (dataSourceId: string, sqlContent: string, requestParams: string) =>
  http.post<Record<string, unknown>[]>('/api/blade-formSource/formSource/executeDataSource', { sourceType: 'sql', dataSourceId, sqlContent, requestParams });
