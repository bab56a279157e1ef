import { http } from './request';
import type { Page } from './types';
import { LIST_COUNT_CAP } from '@campus/contracts';

/** List parameters: paging, BladeX-suffixed filters (name_like, status_equal, createTime_dategt …) and sort lists. */
export interface ListParams {
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
  [filter: string]: string | number | boolean | undefined | null;
}

export interface Crud<T> {
  base: string;
  list(params?: ListParams): Promise<Page<T>>;
  /** Lists that answer a whole tree (rows with children) instead of a page. */
  tree?(params?: ListParams): Promise<T[]>;
  detail(id: string): Promise<T | null>;
  submit(entity: Partial<T>): Promise<unknown>;
  remove(ids: string[]): Promise<unknown>;
}

/** Drops empty filters so the server never sees `name_like=`. */
export function cleanParams(params: ListParams = {}): ListParams {
  const out: ListParams = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = v;
  }
  return out;
}

export interface CrudOptions {
  /** Path of the paged list under base (default `list`; users answer at `page`, dictionaries at `parent-list`). */
  listPath?: string;
  /** The list answers a tree, not a page (departments, roles, menus). */
  tree?: boolean;
  /** Query key of detail (default `id`; regions use `code`). */
  detailKey?: string;
}

/** The one data provider: every entity answers list/detail/submit/remove under its base path. */
export function crud<T>(base: string, opts: CrudOptions = {}): Crud<T> {
  const listUrl = `${base}/${opts.listPath ?? 'list'}`;
  return {
    base,
    list: (params) => http.get<Page<T>>(listUrl, cleanParams({ current: 1, size: 10, ...params })),
    tree: opts.tree ? (params) => http.get<T[]>(listUrl, cleanParams({ ...params })) : undefined,
    detail: (id) => http.get<T | null>(`${base}/detail`, { [opts.detailKey ?? 'id']: id }),
    submit: (entity) => http.post(`${base}/submit`, entity),
    remove: (ids) => http.post(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
  };
}

/** A POST whose parameters travel in the query (BladeX's ?ids=…&status=… actions). */
export const postQuery = <T = unknown>(url: string, params: Record<string, string | number | undefined>) =>
  http.post<T>(url, undefined, { params: cleanParams(params as ListParams) });

/** TreeNode of the server's tree calls (dept/tree, role/tree, menu/tree, grant-tree …). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  value: string;
  key: string;
  hasChildren?: boolean;
  children?: TreeNode[];
  [extra: string]: unknown;
}

/** The pagination's total text: lists count to LIST_COUNT_CAP, more shows as "10,000+". */
export const totalText = (t: (key: string, o?: Record<string, unknown>) => string, total: number): string =>
  total > LIST_COUNT_CAP ? t('list.totalMore', { total: LIST_COUNT_CAP.toLocaleString() }) : t('list.total', { total });
