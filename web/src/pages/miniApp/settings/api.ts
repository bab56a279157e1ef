// Calls of the two settings screens of an app (contract "App settings" of issue 15): the standard
// buttons (/api/appOperate/appOperate) and the option sources (/api/appDataSource/appDataSource).
import { APP_OPERATE_DEFAULTS, type AppOperateCode } from '@campus/schema';
import { crud } from '../../../api/crud';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';

export const OPERATE = '/api/appOperate/appOperate';
export const DATA_SOURCE = '/api/appDataSource/appDataSource';

export interface OperateRow {
  id?: string | null;
  operateCode: AppOperateCode;
  operateName: string;
  operateNameEn?: string | null;
  enabled: number;
  sort: number;
}

/** The saved rows of an app (a button without a row has its default). */
export const listOperates = (appId: string) => http.get<Page<OperateRow>>(`${OPERATE}/list`, { appId, current: 1, size: 100 }).then((p) => p?.records ?? []);
export const batchSubmitOperates = (appId: string, operates: Omit<OperateRow, 'id'>[]) => http.post<OperateRow[]>(`${OPERATE}/batchSubmit`, { appId, operates });

/** All ten buttons: the saved rows over the defaults, in their order. */
export function mergeOperates(saved: OperateRow[]): OperateRow[] {
  const rows = APP_OPERATE_DEFAULTS.map((d, i): OperateRow & { at: number } => {
    const r = saved.find((x) => x.operateCode === d.operateCode);
    return {
      operateCode: d.operateCode, at: i,
      operateName: r?.operateName || d.operateName,
      operateNameEn: r?.operateNameEn || d.operateNameEn,
      enabled: r ? Number(r.enabled) : 1,
      sort: r ? Number(r.sort) : i + 1,
    };
  });
  return rows.sort((a, b) => a.sort - b.sort || a.at - b.at).map(({ at: _at, ...r }) => r);
}
export const defaultOperates = (): OperateRow[] => APP_OPERATE_DEFAULTS.map((d, i) => ({ ...d, enabled: 1, sort: i + 1 }));

export type SourceType = 'dict' | 'sql' | 'app';
export interface DataSourceRow {
  id?: string;
  appId: string;
  sourceName: string;
  sourceType: SourceType;
  dictCode?: string | null;
  sqlContent?: string | null;
  refAppId?: string | null;
  refField?: string | null;
  remark?: string | null;
}
export interface OptionItem { label: string; value: string }

export const dataSourceApi = crud<DataSourceRow>(DATA_SOURCE);
/** Save without the global toast: the form shows the server's refusal itself. */
export const submitDataSource = (row: Partial<DataSourceRow>) => http.post<DataSourceRow>(`${DATA_SOURCE}/submit`, row, { silent: true });
export const previewDataSource = (row: Partial<DataSourceRow>) => http.post<OptionItem[]>(`${DATA_SOURCE}/preview`, row, { silent: true });
/** The options a source answers now (its 查看选项). */
export const optionsUrl = (id: string) => `${DATA_SOURCE}/options?id=${id}`;
/**
 * The 字典地址 (dicUrl) a field of this app's form takes to offer a saved source's options, whatever
 * its type: its options address (the server checks a record's value against what the source answers
 * the saving person); null before the source is saved.
 */
export const dicUrlOf = (row: { id?: unknown }): string | null => (row.id ? optionsUrl(String(row.id)) : null);

