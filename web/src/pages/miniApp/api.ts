// The micro-app calls the screens share (001 §7.1): apps, their shell info, business data. Each screen
// folder adds the calls only it makes in its own api file; the entity CRUDs come from the models.
import type { FormOption } from '@campus/schema';
import { crud, cleanParams, type ListParams } from '../../api/crud';
import { http } from '../../api/request';
import type { Page } from '../../api/types';

export const APP_INFO = '/api/appInfo/appInfo';
export const BIZ = '/api/appBizData/appBizData';

/** An app as the lists and the shell read it (001 §3.1). */
export interface AppInfo {
  id: string;
  appName: string;
  appDesc?: string | null;
  appIcon?: string | null;
  categoryId?: string | null;
  modelId?: string | null;
  formOption?: string | null;
  processDefKey?: string | null;
  appStatus: number;
  sort?: number;
  createUser?: string;
  createUserName?: string | null;
  createTime?: string;
}

export interface AppMenuNode {
  id: string;
  parentId?: string | null;
  menuName: string;
  menuRouter: string;
  menuIcon?: string | null;
  menuAlias?: string | null;
  children: AppMenuNode[];
}
export interface DiyOperate { id: string; btnName: string; btnUrl: string; btnIcon?: string | null }
/** A field right as the shell is told it: hidden, read-only, shown in the list, searchable. */
export interface FieldRight { hide: boolean; disabled: boolean; display: boolean; search: boolean }

/** GET queryAppPermissionInfo: what the shell and the data screen show the caller (001 §3.2). */
export interface AppPermissionInfo {
  appMenu: AppMenuNode[];
  perDiyOperate: DiyOperate[];
  /** add, edit, delete, view, print, template */
  operates: string[];
  /** main table name once the tables exist; null: the app is not designed yet */
  tableName: string | null;
  /** the caller is the app's creator or an administrator */
  manager: boolean;
  /** main fields by name; a child model's under its sub-table prop */
  fieldPermissions: Record<string, FieldRight | Record<string, FieldRight>>;
}

export const appInfoApi = crud<AppInfo>(APP_INFO);

export const getAppInfoById = (appId: string) => http.get<AppInfo | null>(`${APP_INFO}/getAppInfoById`, { appId });
// silent: a refusal (no access) is shown by the screen asking, as its alert, not also as a toast
export const queryAppPermissionInfo = (appId: string) => http.get<AppPermissionInfo>(`${BIZ}/queryAppPermissionInfo`, { appId }, { silent: true });
/** The published apps the caller may open (the app center). */
export const myApps = (params: { appName?: string; categoryId?: string } = {}) => http.get<AppInfo[]>(`${APP_INFO}/myApp`, cleanParams(params));
/** The app's main and child model fields as designed-form columns (its managers). */
export const queryAppModelFields = (id: string) => http.get<{ modelId: string | null; column: FormOption['column'] }>(`${APP_INFO}/queryAppModelFields`, { id });

/** The icon of an app (001 §3.1): a URL, or a JSON array whose first item is a URL or {value}; the fallback when empty. */
export const FALLBACK_APP_ICON = '/img/bg/appbackend.png';
export function appIconUrl(icon: string | null | undefined): string {
  const text = (icon ?? '').trim();
  if (!text || text === '[]') return FALLBACK_APP_ICON;
  if (!text.startsWith('[')) return text;
  try {
    const first = (JSON.parse(text) as unknown[])[0];
    const url = typeof first === 'string' ? first : first && typeof first === 'object' ? String((first as { value?: unknown }).value ?? '') : '';
    return url || FALLBACK_APP_ICON;
  } catch (e) {
    console.warn('图标地址转换异常', e);
    return FALLBACK_APP_ICON;
  }
}

/** A business record: the designed fields plus {TABLE}_ID, {TABLE}_DATA_STATUS, {TABLE}_DATA_FROM and the audit columns. */
export type BizRecord = Record<string, unknown>;

export interface BizListBody extends ListParams {
  appId: string;
  /** "field" ascending, "field desc" descending */
  sort?: string;
  /** JSON of searchable field values */
  queryObj?: string;
}
export const getBizData = (body: BizListBody) =>
  http.post<{ records: Page<BizRecord> }>(`${BIZ}/list`, cleanParams({ current: 1, size: 10, ...body })).then((d) => d.records);

/** The system dictionaries a field or an option source may take its options from, as select options "name (code)" → code. */
export const dictionaryOptions = () =>
  http.get<{ title: string; code?: string }[]>('/api/blade-system/dict/tree')
    .then((l) => (l ?? []).filter((n) => n.code).map((n) => ({ label: `${n.title} (${n.code})`, value: String(n.code) })));
