// The calls of the app design screens (001 §7.1): data models and their fields
// (/api/blade-model/model, /api/blade-modelitem/model_item), the app's own record (appInfo update),
// its categories, the system dictionaries a field may use, and the process models and deployed
// processes an app may bind (the workflow screens' own calls, reused).
import type { FormColumn, RowOf, miniModelItemModel, miniModelModel } from '@campus/schema';
import { cleanParams, crud, type ListParams, type TreeNode } from '../../../api/crud';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';
import { APP_INFO, type AppInfo } from '../api';

export const MODEL = '/api/blade-model/model';
export const ITEM = '/api/blade-modelitem/model_item';

/** A data model as the list and detail answer it. */
export type MiniModel = RowOf<typeof miniModelModel> & { id: string; createTime?: string };
/** A field of a model; id absent while it is new (not yet saved). */
export type MiniItem = Partial<RowOf<typeof miniModelItemModel>> & { id?: string; fieldName: string; fieldLabel: string; fieldType: string };

export interface TableInfo {
  modelId: string;
  modelName: string;
  tableName: string;
  created: boolean;
  tableStatus: number;
  keys: Record<string, string>;
  columns: { name: string; type: string; nullable: boolean; fieldName: string | null; fieldLabel: string | null }[];
  /** fields not yet in the table: createTable adds them */
  pending: string[];
}

export interface CreateTableResult {
  modelId: string;
  table: string;
  created: boolean;
  changes: string[];
}

/** The columns of the app's main model with each child model as a dynamic sub-table (buildModelColumnsWithChildren). */
export interface ModelColumns {
  modelId: string;
  tableName: string;
  column: (FormColumn & { relation?: string; modelId?: string })[];
}

export const modelApi = {
  ...crud<MiniModel>(MODEL),
  children: (parentId: string) => http.get<Page<MiniModel>>(`${MODEL}/list`, { parentId_equal: parentId, current: 1, size: 50, ascs: 'create_time' }).then((p) => p.records ?? []),
  /** main models (no parent) whose name or table matches */
  mains: (params: ListParams = {}) => http.get<Page<MiniModel>>(`${MODEL}/list`, cleanParams({ current: 1, size: 20, ...params })),
  tableInfo: (modelId: string) => http.get<TableInfo>(`${MODEL}/table-info`, { modelId }),
  createTable: (modelIds: string[]) => http.get<CreateTableResult[]>(`${MODEL}/createTable`, { modelIds: modelIds.join(',') }),
  saveItems: (modelId: string, items: MiniItem[]) => http.post<MiniItem[]>(`${MODEL}/submit-list`, { modelId, items }),
};

export const itemApi = {
  ...crud<MiniItem>(ITEM),
  listByModel: (modelId: string) => http.get<MiniItem[]>(`${ITEM}/listByModel`, { modelId }),
  columnsWithChildren: (modelId: string) => http.get<ModelColumns>(`${ITEM}/buildModelColumnsWithChildren`, { modelId }),
};

/** The app with its design (detail: its creator or an administrator). */
export const appDetail = (id: string) => http.get<AppInfo | null>(`${APP_INFO}/detail`, { id });
/** Changes an app; appStatus and sort are sent each time (left out, the server would reset them to their defaults). */
export const appUpdate = (app: AppInfo, patch: Partial<AppInfo>) => {
  const next = { ...app, ...patch };
  return http.post<AppInfo>(`${APP_INFO}/update`, {
    id: next.id, appName: next.appName, appDesc: next.appDesc ?? null, appIcon: next.appIcon ?? null, categoryId: next.categoryId || null,
    modelId: next.modelId || null, formOption: next.formOption ?? null, processDefKey: next.processDefKey || null, appStatus: next.appStatus ?? 0, sort: next.sort ?? 1,
  });
};



// ---- processes ----
const WD = '/api/blade-workflow/design';

/** A process model of the designer (wf_model). */
export interface ProcessModel {
  id: string;
  modelKey: string;
  name: string;
  categoryId?: string | null;
  icon?: string | null;
  description?: string | null;
  version: number;
  formKey?: string | null;
  updateTime?: string;
  createTime?: string;
}
export const processModelApi = {
  ...crud<ProcessModel>(`${WD}/model`),
  byKey: (modelKey: string) => http.get<ProcessModel | null>(`${WD}/model/detail`, { modelKey }, { silent: true }).catch(() => null),
  deploy: (id: string) => http.postR<{ modelId: string; version: number }>(`${WD}/model/deploy`, { id }),
};
export const processCategoryTree = () => http.get<TreeNode[]>(`${WD}/category/tree`);

/** A deployed process one may start (发起流程's list): the select of the bound process. */
export interface DeployedProcess {
  id: string;
  processId: string;
  processDefKey: string;
  key: string;
  name?: string | null;
  processDefinitionName?: string | null;
  version?: number;
  categoryName?: string | null;
}
export const deployedProcesses = () =>
  http.get<Page<DeployedProcess>>('/api/blade-workflow/process/processList', { current: 1, size: 200 }).then((p) => p.records ?? []);

/** A process of the tenant (流程运维: ops/processList), with its current nodes. */
export interface ProcessInstanceRow {
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string | null;
  businessKey?: string | null;
  initiator: string | null;
  startUsername?: string | null;
  processIsFinished: string;
  startTime: string;
  endTime: string | null;
  currentNodes: { taskId: string; taskName: string | null; assignee: string | null; assigneeName?: string | null }[];
}
export const processInstances = (params: ListParams) =>
  http.get<Page<ProcessInstanceRow>>('/api/blade-workflow/ops/processList', cleanParams({ current: 1, size: 10, ...params }));
