// Calls of the form designer screens (spec 000 §7 "Form: /design/form …", "History: /design/form/history"):
// forms with their categories, versions and the main-version switch.
import { crud, cleanParams, type ListParams, type TreeNode } from '../../../api/crud';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';
import type { FormOption } from '../../../components/workflow/form-schema';

const D = '/api/blade-workflow/design';

/** A designed form; content is the designer option JSON (a string as stored). */
export interface WfForm {
  id: string;
  formKey: string;
  name: string;
  categoryId?: string | null;
  content?: string | null;
  remark?: string | null;
  version?: number;
  createTime?: string;
  updateTime?: string;
}

export interface FormVersion {
  id: string;
  formId: string;
  version: number;
  name?: string | null;
  content?: string | null;
  createUser?: string | null;
  createTime?: string;
}

export interface FormCategoryCount {
  categoryId: string | null;
  categoryName: string | null;
  count: number;
}

export const formApi = {
  ...crud<WfForm>(`${D}/form`),
  listType: () => http.get<FormCategoryCount[]>(`${D}/form/listType`),
  categoryTree: () => http.get<TreeNode[]>(`${D}/category/tree`),
  history: (formId: string, params: ListParams = {}) =>
    http.get<Page<FormVersion>>(`${D}/form/history/list`, cleanParams({ current: 1, size: 10, ...params, formId_equal: formId })),
  historyDetail: (id: string) => http.get<FormVersion | null>(`${D}/form/history/detail`, { id }),
  setMainVersion: (id: string) => http.post<boolean>(`${D}/form/history/setMainVersion`, { id }),
};

/** The option of a stored content (a JSON text, or already an object); an empty design when missing or broken. */
export function optionOf(content: unknown): FormOption {
  if (content && typeof content === 'object') return content as FormOption;
  if (typeof content === 'string' && content.trim()) {
    try {
      const v = JSON.parse(content) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as FormOption;
    } catch {
      /* a broken text opens as an empty design */
    }
  }
  return { column: [] };
}
