// The calls the workflow screens make (spec 000 §7 "Process calls"): the personal lists, the
// startable processes, start forms, the detail page and the task actions.
import type { RowOf, wfDraftModel } from '@campus/schema';
import { cleanParams, crud, type Crud, type ListParams } from '../../api/crud';
import { http } from '../../api/request';
import type { Page, R } from '../../api/types';
import type { SubmitAfter } from '../../components/workflow/finish';
import type { FormOption } from '../../components/workflow/form-schema';

export const P = '/api/blade-workflow/process';

export type ProcessStatus = 'running' | 'unfinished' | 'finished' | 'terminated' | 'terminate' | 'withdraw' | 'recall' | 'reject' | 'deleted';

/** A row of the lists (§3 "Process row") plus what the server adds for display. */
export interface ProcessRow {
  id: string;
  taskId?: string | null;
  taskName?: string | null;
  processInstanceId: string;
  processId?: string;
  processDefinitionId?: string;
  processDefKey?: string;
  processDefinitionKey?: string;
  processDefinitionName?: string | null;
  formKey?: string | null;
  formUrl?: string | null;
  modelType?: number;
  category?: string | null;
  assigneeName?: string | null;
  startUsername?: string | null;
  fromUserName?: string | null;
  createTime?: string;
  startTime?: string;
  endTime?: string | null;
  status?: ProcessStatus;
  processIsFinished?: ProcessStatus;
}

export interface Definition {
  id: string;
  processId: string;
  processDefKey: string;
  processDefinitionName?: string | null;
  name?: string | null;
  key: string;
  version?: number;
  category?: string | null;
  description?: string | null;
  formKey?: string | null;
  formUrl?: string | null;
  modelType?: number;
  icon?: string | null;
  /** the category's id and name (null: none, shown under 其他) */
  categoryId?: string | null;
  categoryName?: string | null;
  categorySort?: number | null;
  /** marked by the caller (kept per user on the server) */
  favourite?: boolean;
  favouriteTime?: string | null;
  /** when the caller last started it (recently used); null: never */
  lastStartTime?: string | null;
}

// the designed form's schema is the form renderer's (one definition for designer, renderer and pages)
export type { FormColumn, FormOption } from '../../components/workflow/form-schema';

export interface StartForm {
  process: { processId: string; processDefinitionId: string; processDefKey: string; processDefinitionName?: string | null; version?: number; category?: string | null };
  form: { formKey: string; name: string; option: FormOption } | null;
  formKey: string | null;
  formUrl: string | null;
  modelType: number;
  assigneeRequired: boolean;
  submitAfter: SubmitAfter[];
  /** §2.7 pre-read dialog (null: none) */
  preRead: PreRead | null;
}
export interface PreRead {
  title: string;
  content: string;
  files: { name: string; url: string }[];
  readTime: number;
  /** '' → the default 已 阅 */
  buttonText: string;
}

/** A draft of 草稿箱: the start form's values (plus the chosen approver and copy recipients) kept as JSON text. */
export type Draft = RowOf<typeof wfDraftModel> & { createTime?: string; updateTime?: string };

export interface Signers {
  multiInstance: boolean;
  sequential: boolean;
  signers: { userId: string; name: string; state: 'active' | 'pending' }[];
}

export interface FlowComment {
  action: string | null;
  type: string;
  fullMessage: string | null;
  userId: string | null;
  userName?: string | null;
  time: string;
  attachments?: unknown[];
}
export interface FlowEntry {
  historyActivityId: string;
  historyActivityName: string | null;
  historyActivityType: string;
  taskId: string | null;
  assignee: string | null;
  assigneeName: string | null;
  createTime: string;
  endTime: string | null;
  endReason?: string | null;
  comments: FlowComment[];
}
export interface ServerButton {
  buttonKey: string;
  name: string;
  display: boolean;
  sort: number;
}
export interface ProcessDetail {
  process: {
    xml: string;
    processDefinitionName: string | null;
    processDefinitionId: string;
    processDefinitionKey?: string;
    processDefKey: string;
    processInstanceId: string;
    taskId: string | null;
    taskName: string | null;
    processIsFinished: ProcessStatus;
    isOwner: boolean;
    hideComment?: boolean | null;
    commentShowName?: boolean | null;
    commentShowDept?: boolean | null;
    commentShowNodeName?: boolean | null;
    commentShowDate?: boolean | null;
    commentShowDateFormat?: string | null;
    startTime?: string;
    endTime?: string | null;
    initiator?: string | null;
    formKey?: string | null;
    formUrl?: string | null;
    submitAfter?: SubmitAfter[];
    currentNodes?: { taskId: string; taskName: string | null; assignee: string | null }[];
  };
  form: { formKey: string | null; name: string | null; option: FormOption | null; fieldRights: Record<string, { readable: boolean; writable: boolean; required: boolean }>; variables: Record<string, unknown> };
  flow: FlowEntry[];
  button: ServerButton[];
}

export interface ModelView {
  xml: string;
  flow: { historyActivityId: string; historyActivityType: string; endTime: string | null }[];
}

const list = (path: string): Crud<ProcessRow> => ({
  base: `${P}/${path}`,
  list: (params?: ListParams) => http.get<Page<ProcessRow>>(`${P}/${path}`, cleanParams({ current: 1, size: 10, ...params })),
  detail: async () => null,
  submit: async () => undefined,
  remove: async () => undefined,
});

export const wfApi = {
  todo: list('todoList'),
  claim: list('claimList'),
  done: list('doneList'),
  mydone: list('myDoneList'),
  send: list('sendList'),
  copy: list('copyList'),
  processList: (params: ListParams = {}) => http.get<Page<Definition>>(`${P}/processList`, cleanParams({ current: 1, size: 200, ...params })),
  /** marks or unmarks a favourite of the caller; answers the caller's favourite process keys */
  favourite: (processDefKey: string, favourite: boolean) => http.post<string[]>(`${P}/favourite`, { processDefKey, favourite }),
  formByProcessId: (processId: string) => http.get<StartForm>(`${P}/getFormByProcessId`, { processId }),
  formByProcessDefKey: (processDefKey: string) => http.get<StartForm>(`${P}/getFormByProcessDefKey`, { processDefKey }),
  start: (body: Record<string, unknown>) => http.postR<{ processInstanceId: string }>(`${P}/startProcess`, body),
  detail: (q: { taskId?: string; processInsId?: string }) => http.get<ProcessDetail>(`${P}/detail`, cleanParams(q)),
  modelView: (q: { processInstanceId?: string; processDefinitionId?: string }) => http.get<ModelView>(`${P}/modelView`, cleanParams(q)),
  backNodes: (taskId: string) => http.get<{ nodeId: string; nodeName: string }[]>(`${P}/getBackNodes`, { taskId }),
  userDetail: (id: string) => http.get<{ id: string; account: string; realName?: string; name?: string } | null>(`${P}/user/detail`, { id }, { silent: true }),
  signers: (taskId: string) => http.get<Signers>(`${P}/multiInstanceSigners`, { taskId }),
  print: (processInsId: string) => http.get<{ templateName: string; processDefinitionName: string; html: string }>(`${P}/printTemplate`, { processInsId }),
  draft: crud<Draft>(`${P}/draft`),
  /** Every task action answers the envelope: its msg is the success text in the caller's language. */
  action: (path: string, body: Record<string, unknown>) => http.postR<unknown>(`${P}/${path}`, body) as Promise<R<unknown>>,
};
