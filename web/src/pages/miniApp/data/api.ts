// The calls of the business data screen (001 §2.7, §7.1): records, their child rows, the recycle bin,
// batch changes, the bound process, Excel, export templates, print data and templates, and the app's
// settings it reads (appSysConfig, appOperate). Body shapes follow server biz-routes.ts.
import { appSysConfigModel, type AppSysConfig, type FormOption } from '@campus/schema';
import { cleanParams } from '../../../api/crud';
import { http, type RequestConfig } from '../../../api/request';
import { receiveFile, sendForm, type OnTransfer } from '../../../api/transfer';
import type { Page } from '../../../api/types';
import type { StartNodes } from '../../../components/workflow/StartPeople';
import { BIZ, type BizRecord } from '../api';

export interface ListBody {
  appId: string;
  current?: number;
  size?: number;
  sort?: string;
  queryObj?: string;
}

/** The app's bound process and what its start asks of the person submitting (queryAppForm). */
export type BoundProcess = StartNodes & { processDefKey: string; processName: string };

const records = <T,>(p: Promise<{ records: Page<T> }>) => p.then((d) => d.records);

export const bizApi = {
  /** the app's form with the caller's field rights (hidden fields out, read-only disabled) */
  form: (appId: string) => http.get<{ formOption: FormOption; processBound: boolean; process: BoundProcess | null }>(`${BIZ}/queryAppForm`, { appId }),
  list: (body: ListBody) => records(http.post<{ records: Page<BizRecord> }>(`${BIZ}/list`, cleanParams({ current: 1, size: 10, ...body }))),
  detail: (appId: string, id: string) => http.post<BizRecord | null>(`${BIZ}/detail`, { appId, id }),
  /** people: what the bound process's start asks (assignee, copyUser, customUserTask, customUserMsg) for a new record */
  save: (appId: string, data: BizRecord, people: Record<string, string> = {}) => http.postR<BizRecord & { processInstanceId?: string | null }>(`${BIZ}/saveBizData`, { appId, data, ...people }),
  remove: (appId: string, ids: string[]) => http.postR<{ removed: number; skipped: number }>(`${BIZ}/removeBizData`, { appId, ids }),
  batchUpdate: (appId: string, ids: string[], data: BizRecord) => http.post<{ updated: number }>(`${BIZ}/batchUpdateBizData`, { appId, ids, data }),
  childList: (appId: string, tableName: string, foreignKey: string, current: number, size: number, removed = false) =>
    records(http.post<{ records: Page<BizRecord> }>(`${BIZ}/${removed ? 'childOneToMoreRegainList' : 'childOneToMoreList'}`, { appId, tableName, foreignKey, current, size })),
  recycle: (appId: string, current: number, size: number) => records(http.post<{ records: Page<BizRecord> }>(`${BIZ}/regainBizData`, { appId, current, size })),
  restore: (appId: string, ids: string[]) => http.post<{ restored: number }>(`${BIZ}/regainUpdateBizData`, { appId, ids }),
  /** starts the bound process again for records in status 1, 4 or 5 (contract "Processes bound to apps") */
  submitProcess: (appId: string, ids: string[], people: Record<string, string> = {}) => http.postR<{ submitted: number; skipped: number }>(`${BIZ}/submitBizProcess`, { appId, ids, ...people }),
  printPage: (body: ListBody) => records(http.post<{ records: Page<BizRecord> }>(`${BIZ}/queryBizPrintPage`, cleanParams({ current: 1, ...body }))),
  printData: (appId: string, ids: string[]) => http.post<BizRecord[]>(`${BIZ}/queryBizPrintData`, { appId, ids }),
};

// ---- the app's settings (contract "App settings") ----------------------------------------------------

export interface AppOperate { operateCode: string; operateName?: string; operateNameEn?: string; enabled?: number; sort?: number }

const SYS_CONFIG = appSysConfigModel.api;
/**
 * getAppSysConfig: the app's settings (the defaults when never saved), the one reader of them for the
 * settings screen and the data screen; silent: a failure shows no message (the data screen then
 * works with the defaults).
 */
export const getAppSysConfig = (appId: string, opts: { silent?: boolean } = {}) => http.get<AppSysConfig>(`${SYS_CONFIG}/detail`, { appId }, opts);
export const saveAppSysConfig = (v: AppSysConfig) => http.post(`${SYS_CONFIG}/submit`, v);
/** The app's ten standard buttons: label, order, on/off over the defaults (appOperate buttons); [] when unknown (the defaults then). */
export const appOperates = (appId: string) =>
  http.get<AppOperate[]>('/api/appOperate/appOperate/buttons', { appId }, { silent: true }).then((d) => (Array.isArray(d) ? d : []), () => [] as AppOperate[]);

// ---- Excel (contract "Excel") ------------------------------------------------------------------------

export interface ExportBody { appId: string; queryObj?: string; sort?: string; ids?: string[] }
export interface ImportError { sheet?: string; row?: number; field?: string; message: string }

const post = (url: string, data: unknown): RequestConfig => ({ url, method: 'post', data });
export const excelApi = {
  exportData: (body: ExportBody, onProgress: OnTransfer) => receiveFile(post(`${BIZ}/exportBizData`, body), { onProgress }),
  exportFiles: (body: ExportBody, onProgress: OnTransfer) => receiveFile(post(`${BIZ}/exportBizDataFiles`, body), { onProgress }),
  template: (appId: string, onProgress: OnTransfer) => receiveFile({ url: `${BIZ}/importTemplate`, params: { appId } }, { onProgress }),
  importData: (appId: string, file: File, onProgress: OnTransfer) => sendForm<{ imported: number; children: number }>(`${BIZ}/importBizData`, (() => { const f = new FormData(); f.append('file', file); return f; })(), { params: { appId }, onProgress, silent: true }),
};

export interface ExportTemplate { id: string; templateName: string; templateType: 'list' | 'form'; fileName?: string; remark?: string }
export const exportTemplates = (appId: string) =>
  http.get<Page<ExportTemplate> | ExportTemplate[]>('/api/blade-appTemplateFiles/appTemplateFiles/list', { appId, status: 1, current: 1, size: 100 })
    .then((d) => (Array.isArray(d) ? d : (d?.records ?? [])));
export const exportTemplate = (body: ExportBody & { templateId: string }, onProgress: OnTransfer) =>
  receiveFile(post('/api/blade-appTemplateFiles/appTemplateFiles/exportTemplate', body), { onProgress });
