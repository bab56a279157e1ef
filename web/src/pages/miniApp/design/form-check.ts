// The app form's checks against its data model (pure, shared by the form step and the tests): the
// stored form, fields the form names that the model lacks (their values would not be stored), model
// fields the form does not show yet, and the form the model's columns give to start from.
import type { FormColumn, FormOption } from '@campus/schema';
import type { AppInfo } from '../api';
import type { ModelColumns } from './api';

/** The stored form of an app, or null when it has none (or it cannot be read). */
export function formOf(app: Pick<AppInfo, 'formOption'>): FormOption | null {
  if (!app.formOption) return null;
  try {
    const v = JSON.parse(app.formOption) as FormOption;
    return v && typeof v === 'object' && Array.isArray(v.column) ? v : null;
  } catch {
    return null;
  }
}

const valueCols = (cols: FormColumn[] | undefined) => (cols ?? []).filter((c) => c.prop && c.type !== 'divider' && c.type !== 'title');

/** Fields of the form the model does not have (main fields, sub-tables, sub-table fields): "prop" or "sub.prop". */
export function fieldsNotInModel(option: FormOption, model: ModelColumns): string[] {
  const out: string[] = [];
  const main = new Map(model.column.map((c) => [c.prop, c]));
  for (const c of valueCols([...(option.column ?? []), ...(option.group ?? []).flatMap((g) => g.column ?? [])])) {
    const m = main.get(c.prop);
    if (!m) {
      out.push(c.prop);
      continue;
    }
    if (c.type === 'dynamic') {
      const sub = new Set((m.children?.column ?? []).map((x) => x.prop));
      for (const x of valueCols(c.children?.column)) if (!sub.has(x.prop)) out.push(`${c.prop}.${x.prop}`);
    }
  }
  return out;
}

/** Model fields the form does not show yet. */
export function modelFieldsMissing(option: FormOption, model: ModelColumns): FormColumn[] {
  const have = new Map(valueCols([...(option.column ?? []), ...(option.group ?? []).flatMap((g) => g.column ?? [])]).map((c) => [c.prop, c]));
  const out: FormColumn[] = [];
  for (const c of model.column) {
    const f = have.get(c.prop);
    if (!f) out.push(c);
    else if (c.type === 'dynamic') {
      const sub = new Set(valueCols(f.children?.column).map((x) => x.prop));
      for (const x of c.children?.column ?? []) if (!sub.has(x.prop)) out.push({ ...x, prop: `${c.prop}.${x.prop}` });
    }
  }
  return out;
}

/** The form columns of the model as the designer edits them: sub-tables keep only what the designed form schema knows. */
export function seedColumns(model: ModelColumns): FormColumn[] {
  return model.column.map(({ relation: _r, modelId: _m, ...c }) => ({ ...c, ...(c.type === 'dynamic' ? {} : c.type === 'textarea' || c.type === 'signature' || c.type === 'upload' ? {} : { span: 12 }) }) as FormColumn);
}

/** Adds the missing model fields to a form (top level at the end, sub-table fields into their sub-table). */
export function addMissing(option: FormOption, model: ModelColumns): FormOption {
  const column = [...(option.column ?? [])];
  const seeds = seedColumns(model);
  for (const s of seeds) {
    const at = column.findIndex((c) => c.prop === s.prop);
    if (at < 0) column.push(s);
    else if (s.type === 'dynamic') {
      const have = new Set((column[at].children?.column ?? []).map((x) => x.prop));
      const more = (s.children?.column ?? []).filter((x) => !have.has(x.prop));
      if (more.length) column[at] = { ...column[at], children: { column: [...(column[at].children?.column ?? []), ...more] } };
    }
  }
  return { ...option, column };
}

