// Calls of the workflow design sets (spec 000 §7 "/design/form/theme, /design/form/variable,
// /design/form/default-values, /design/button"): the standard four calls of each (their models,
// @campus/schema wfFormThemeModel …, say the paths and the rows), plus the lists the designers read
// (every row, not a page).
import { wfButtonModel, wfFormDefaultValuesModel, wfFormThemeModel, wfFormVariableModel, type RowOf } from '@campus/schema';
import { crud, type Crud } from '../../../../api/crud';

interface Times {
  createTime?: string;
  updateTime?: string;
}
/** content: a theme JSON (form-sets.ts FormTheme). */
export type ThemeRow = RowOf<typeof wfFormThemeModel> & Times;
/** prop: the name used as ${prop}; content: its value (may use the built-in template names). */
export type VariableRow = RowOf<typeof wfFormVariableModel> & Times;
/** content: a JSON object {prop | "sub.prop": value}. */
export type DefaultValuesRow = RowOf<typeof wfFormDefaultValuesModel> & Times;
/** display: 1 shown, 0 hidden; sort: the order. */
export type ButtonSetRow = RowOf<typeof wfButtonModel> & Times;

export const themeApi: Crud<ThemeRow> = crud<ThemeRow>(wfFormThemeModel.api);
export const variableApi: Crud<VariableRow> = crud<VariableRow>(wfFormVariableModel.api);
export const defaultValuesApi: Crud<DefaultValuesRow> = crud<DefaultValuesRow>(wfFormDefaultValuesModel.api);
export const buttonSetApi: Crud<ButtonSetRow> = crud<ButtonSetRow>(wfButtonModel.api);

/** Every row of a set for a chooser (the server pages at most 200 rows; a set is far smaller). */
export async function allOf<T>(api: Crud<T>, sort = 'create_time'): Promise<T[]> {
  const page = await api.list({ current: 1, size: 200, ascs: sort });
  return page?.records ?? [];
}
