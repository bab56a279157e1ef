// The designer's palette and the design state: every field type of form-schema.ts with its starting
// settings, and the internal keys that let a field keep its identity while its prop is edited.
import { FULL_WIDTH_TYPES, type FieldType, type FormColumn, type FormOption } from '../workflow/form-schema';
import { usedVariables } from '../workflow/form-sets';

/** A column while it is designed: $key is internal and never saved. */
export type DesignColumn = Omit<FormColumn, 'children'> & { $key: string; children?: { column?: DesignColumn[] } };
export interface DesignOption extends Omit<FormOption, 'column' | 'group'> {
  column: DesignColumn[];
}

export interface PaletteGroup {
  key: string;
  types: FieldType[];
}

/** Palette groups in the order shown (labels fd.group.<key>, fd.type.<type>). */
export const PALETTE: PaletteGroup[] = [
  { key: 'basic', types: ['input', 'textarea', 'number', 'switch'] },
  { key: 'choice', types: ['select', 'radio', 'checkbox'] },
  { key: 'time', types: ['date', 'datetime', 'time', 'daterange'] },
  { key: 'advanced', types: ['upload', 'richtext', 'user', 'dept', 'region', 'signature'] },
  { key: 'layout', types: ['dynamic', 'divider'] },
];

/** Types a sub-table column may have (no nesting, no full-width editors). */
export const SUB_TYPES: FieldType[] = ['input', 'textarea', 'number', 'switch', 'select', 'radio', 'checkbox', 'date', 'datetime', 'time', 'upload', 'user', 'dept', 'region'];

let seq = 0;
export const newKey = (): string => `k${Date.now().toString(36)}${(++seq).toString(36)}`;

/** All props in use at one level, so a new field gets a free one. */
function freeProp(type: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const p = `${type}${n}`;
    if (!taken.has(p)) return p;
  }
}

/** A new field of a type with its starting settings; label is the type's name in the current language. */
export function newColumn(type: FieldType, label: string, taken: Set<string>): DesignColumn {
  const c: DesignColumn = { $key: newKey(), type, label, prop: freeProp(type, taken) };
  if (!FULL_WIDTH_TYPES.has(type)) c.span = 12;
  switch (type) {
    case 'select':
    case 'radio':
    case 'checkbox':
      c.dicData = [
        { label: `${label} 1`, value: '1' },
        { label: `${label} 2`, value: '2' },
      ];
      break;
    case 'upload':
      c.uploadType = 'file';
      c.limit = 5;
      c.fileSize = 10;
      break;
    case 'user':
      c.multiple = false;
      break;
    case 'region':
      c.levels = 3;
      break;
    case 'dynamic':
      c.children = { column: [] };
      break;
    default:
      break;
  }
  return c;
}

/** A copy of a field (and its sub-table columns) with new keys and a free prop. */
export function copyColumn(c: DesignColumn, taken: Set<string>): DesignColumn {
  const clone = JSON.parse(JSON.stringify(c)) as DesignColumn;
  clone.$key = newKey();
  clone.prop = freeProp(`${c.prop.replace(/\d+$/, '')}`, taken);
  if (clone.children?.column) clone.children.column = clone.children.column.map((x) => ({ ...x, $key: newKey() }));
  return clone;
}

/** The design state of a saved option (groups are folded into the main list, as the designer edits one list). */
export function toDesign(option: FormOption): DesignOption {
  const { column, group, ...rest } = option;
  const keyed = (cols: FormColumn[] | undefined): DesignColumn[] =>
    (cols ?? []).filter((c) => c && typeof c === 'object').map((c) => ({ ...c, $key: newKey(), children: c.children ? { ...c.children, column: keyed(c.children.column) } : undefined }));
  const all = [...keyed(column), ...(group ?? []).flatMap((g, i) => [
    ...(g.label ? [{ $key: newKey(), type: 'divider', label: g.label, prop: g.prop || `group${i + 1}` } as DesignColumn] : []),
    ...keyed(g.column),
  ])];
  for (const c of all) if (!c.children) delete c.children;
  return { ...rest, column: all };
}

/** The option to save: internal keys and empty settings removed. */
export function fromDesign(design: DesignOption): FormOption {
  const clean = (cols: DesignColumn[]): FormColumn[] =>
    cols.map(({ $key: _k, children, ...c }) => {
      const out: FormColumn = { ...c } as FormColumn;
      for (const [k, v] of Object.entries(out)) if (v === undefined || v === '' || (Array.isArray(v) && !v.length && k !== 'dicData')) delete (out as unknown as Record<string, unknown>)[k];
      if (children) out.children = { column: clean(children.column ?? []) };
      // the main pattern travels as `pattern` too, which the server checks on start
      const firstPattern = out.rules?.find((r) => r.pattern)?.pattern;
      if (firstPattern) out.pattern = firstPattern;
      else delete out.pattern;
      if (out.rules) out.rules = out.rules.filter((r) => r.pattern);
      if (out.rules && !out.rules.length) delete out.rules;
      if (out.dicCode || out.dicUrl) delete out.dicData;
      return out;
    });
  const { column, ...rest } = design;
  const out: FormOption = { ...rest, column: clean(column) };
  // the form keeps only the variables its defaults still use
  out.variables = usedVariables(design.variables, out.column);
  for (const [k, v] of Object.entries(out)) if (v === undefined || v === '') delete (out as Record<string, unknown>)[k];
  return out;
}

/** Finds a field (top level or a sub-table column) by key, with its parent's key. */
export function findColumn(design: DesignOption, key: string | null): { column: DesignColumn; parent: DesignColumn | null } | null {
  if (!key) return null;
  for (const c of design.column) {
    if (c.$key === key) return { column: c, parent: null };
    for (const x of c.children?.column ?? []) if (x.$key === key) return { column: x, parent: c };
  }
  return null;
}

/** Replaces one field (found anywhere) by key. */
export function updateColumn(design: DesignOption, key: string, patch: (c: DesignColumn) => DesignColumn): DesignOption {
  return {
    ...design,
    column: design.column.map((c) => {
      if (c.$key === key) return patch(c);
      if (c.children?.column?.some((x) => x.$key === key)) return { ...c, children: { ...c.children, column: c.children.column.map((x) => (x.$key === key ? patch(x) : x)) } };
      return c;
    }),
  };
}

/** Removes one field (found anywhere) by key. */
export function removeColumn(design: DesignOption, key: string): DesignOption {
  return {
    ...design,
    column: design.column
      .filter((c) => c.$key !== key)
      .map((c) => (c.children?.column?.some((x) => x.$key === key) ? { ...c, children: { ...c.children, column: c.children.column.filter((x) => x.$key !== key) } } : c)),
  };
}

/** Props used by the siblings of a level (top level, or one sub-table). */
export const propsOf = (cols: DesignColumn[] | undefined): Set<string> => new Set((cols ?? []).map((c) => c.prop));
