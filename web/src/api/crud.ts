import { http } from './request';
import type { Page } from './types';

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

/** The one data provider: every entity answers list/detail/submit/remove under its base path. */
export function crud<T>(base: string): Crud<T> {
  return {
    base,
    list: (params) => http.get<Page<T>>(`${base}/list`, cleanParams({ current: 1, size: 10, ...params })),
    detail: (id) => http.get<T | null>(`${base}/detail`, { id }),
    submit: (entity) => http.post(`${base}/submit`, entity),
    remove: (ids) => http.post(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
  };
}
