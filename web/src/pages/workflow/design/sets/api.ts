// Calls of the workflow design sets (spec 000 §7 "/design/form/theme, /design/form/variable,
// /design/form/default-values, /design/button"): the standard four calls of each, plus the
// lists the designers read (every row, not a page).
import { crud, type Crud } from '../../../../api/crud';

const D = '/api/blade-workflow/design';

interface SetRow {
  id: string;
  name: string;
  createTime?: string;
  updateTime?: string;
}
/** content: a theme JSON (form-sets.ts FormTheme). */
export interface ThemeRow extends SetRow {
  content?: string | null;
}
/** prop: the name used as ${prop}; content: its value (may use the built-in template names). */
export interface VariableRow extends SetRow {
  prop?: string | null;
  content?: string | null;
}
/** content: a JSON object {prop | "sub.prop": value}. */
export interface DefaultValuesRow extends SetRow {
  content?: string | null;
}
export interface ButtonSetRow {
  id: string;
  buttonKey: string;
  name: string;
  /** 1 shown, 0 hidden */
  display?: number;
  sort?: number;
  createTime?: string;
}

export const themeApi: Crud<ThemeRow> = crud<ThemeRow>(`${D}/form/theme`);
export const variableApi: Crud<VariableRow> = crud<VariableRow>(`${D}/form/variable`);
export const defaultValuesApi: Crud<DefaultValuesRow> = crud<DefaultValuesRow>(`${D}/form/default-values`);
export const buttonSetApi: Crud<ButtonSetRow> = crud<ButtonSetRow>(`${D}/button`);

/** Every row of a set for a chooser (the server pages at most 200 rows; a set is far smaller). */
export async function allOf<T>(api: Crud<T>, sort = 'create_time'): Promise<T[]> {
  const page = await api.list({ current: 1, size: 200, ascs: sort });
  return page?.records ?? [];
}
