// Calls of the process design and deployment screens (spec 000 §7 "Process model scope", "Model",
// "History", "Flow engine (/api/blade-flow)").
import { cleanParams, crud, type ListParams, type TreeNode } from '../../../api/crud';
import { http } from '../../../api/request';
import { sendFormR, type OnTransfer } from '../../../api/transfer';
import type { Page } from '../../../api/types';
import type { Person } from '../../../api/message';
import type { FormOption } from '../api';
import type { ModelSettings } from '@campus/contracts';
import type { RowOf, wfCategoryModel, wfFormModel, wfModelHistoryModel, wfModelModel, wfModelScopeModel } from '@campus/schema';

export const D = '/api/blade-workflow/design';
export const F = '/api/blade-flow';

// the model settings are one contract with the server (packages/contracts/src/workflow.ts)
export type { ModelSettings, PrintTemplate, SubmitAfter, SubmitCheck, PreRead as PreReadSetting } from '@campus/contracts';

// rows as the models declare them (@campus/schema workflow-design.ts)
/** A process model; its settings as the detail call answers them (an object) or a list row carries them (text). */
export type Model = Omit<RowOf<typeof wfModelModel>, 'settings'> & { settings?: ModelSettings | string | null; createTime?: string; updateTime?: string };

/** A deployed version of a model (deployed at createTime). */
export type ModelHistory = RowOf<typeof wfModelHistoryModel> & { createTime: string };

/** One line of a model's start scope: all, or users, roles or departments by id (comma separated). */
export type ScopeRow = Pick<RowOf<typeof wfModelScopeModel>, 'val'> & { scopeType: (typeof wfModelScopeModel)['fields']['scopeType']['options'][number]['value'] };

export type FormRow = RowOf<typeof wfFormModel>;

export interface ButtonRow {
  id: string;
  buttonKey: string;
  name: string;
  display?: number;
  sort?: number;
}

export interface DefinitionRow {
  id: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  key: string;
  name: string | null;
  version: number;
  category: string | null;
  deploymentId: string;
  resourceName: string | null;
  deploymentTime: string;
  suspensionState: 1 | 2;
}

export interface FollowRow {
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string | null;
  initiator: string | null;
  initiatorName?: string | null;
  startTime: string;
  processIsFinished: string;
  currentNodes: { taskId: string; taskName: string | null; assignee: string | null }[];
  [k: string]: unknown;
}

export const modelApi = {
  ...crud<Model>(`${D}/model`),
  deploy: (id: string) => http.postR<{ modelId: string; version: number }>(`${D}/model/deploy`, { id }),
  changeCategory: (ids: string[], categoryId: string | null) => http.post<boolean>(`${D}/model/changeCategory`, { ids: ids.join(','), categoryId: categoryId ?? '' }),
  scopes: (modelId: string) => http.get<Page<ScopeRow & { id: string }>>(`${D}/model/scope/list`, { modelId, size: 500 }),
  saveScopes: (modelId: string, scopes: ScopeRow[]) => http.post<boolean>(`${D}/model/scope/submit`, { modelId, scopes }),
  history: (params: ListParams) => http.get<Page<ModelHistory>>(`${D}/model/history/list`, cleanParams({ current: 1, size: 10, ...params })),
  historyDetail: (id: string) => http.get<ModelHistory | null>(`${D}/model/history/detail`, { id }),
  setMainVersion: (id: string) => http.postR<{ version: number }>(`${D}/model/history/setMainVersion`, { id }),
};

export const categoryApi = {
  ...crud<RowOf<typeof wfCategoryModel>>(`${D}/category`),
  tree: () => http.get<TreeNode[]>(`${D}/category/tree`),
};

export const formApi = {
  list: (params: ListParams = {}) => http.get<Page<FormRow>>(`${D}/form/list`, cleanParams({ current: 1, size: 200, ...params })),
  byKey: (formKey: string) => http.get<FormRow | null>(`${D}/form/detail`, { formKey }),
};

export const buttonApi = {
  list: () => http.get<Page<ButtonRow>>(`${D}/button/list`, { current: 1, size: 200, ascs: 'sort' }),
};

export const usersByIds = (ids: string[]) =>
  ids.length ? http.get<Person[]>('/api/blade-system/user/userListByIds', { ids: ids.join(',') }) : Promise.resolve([] as Person[]);

export const deployApi = {
  list: (params: ListParams) => http.get<Page<DefinitionRow>>(`${F}/manager/list`, cleanParams({ current: 1, size: 10, ...params })),
  changeState: (processId: string, state: 'suspend' | 'active') => http.post<{ suspensionState: 1 | 2 }>(`${F}/manager/change-state`, { processId, state }),
  upload: (files: File[], category?: string, onProgress?: OnTransfer) => {
    const fd = new FormData();
    if (category) fd.append('category', category);
    for (const f of files) fd.append('files', f, f.name);
    return sendFormR<unknown[]>(`${F}/manager/deploy-upload`, fd, { onProgress });
  },
  remove: (deploymentIds: string[]) => http.post<boolean>(`${F}/manager/delete-deployment`, { deploymentIds: deploymentIds.join(',') }),
  follow: (params: ListParams) => http.get<Page<FollowRow>>(`${F}/follow/list`, cleanParams({ current: 1, size: 10, ...params })),
  deleteInstance: (processInstanceId: string, deleteReason: string) => http.post<unknown>(`${F}/follow/delete-process-instance`, { processInstanceId, deleteReason }),
};

/** Every field of a designed form (groups and sub-tables flattened one level): prop and label. */
export function formFields(content: string | null | undefined): { prop: string; label: string }[] {
  let option: FormOption;
  try {
    option = JSON.parse(content || '{}') as FormOption;
  } catch {
    return [];
  }
  const cols = [...(option.column ?? []), ...(option.group ?? []).flatMap((g) => g.column ?? [])];
  return cols.filter((c) => c.prop && c.type !== 'title' && c.type !== 'divider').map((c) => ({ prop: c.prop, label: c.label || c.prop }));
}

/** Settings as the detail call answers them (an object) or as a list row carries them (text). */
export function settingsOf(m: Pick<Model, 'settings'> | null | undefined): ModelSettings {
  const s = m?.settings;
  if (!s) return {};
  if (typeof s === 'string') {
    try {
      return JSON.parse(s) as ModelSettings;
    } catch {
      return {};
    }
  }
  return s;
}
