// The designed-form schema (spec 000 §3 "Form-designer column"): what the form designer saves as a
// form's content and what FormRenderer draws. Workflow forms, micro-apps and reports share it, so
// nothing here knows about processes. Pure module (no React), importable from node tests.
import type { FormThemeRef } from './form-sets';

/** A pattern rule with its own message (the §5 wording {label}格式不匹配 when message is empty). */
export interface FormRule {
  required?: boolean;
  message?: string;
  pattern?: string;
}

export interface DicItem {
  label: string;
  value: string | number;
}

/** One column (field) of a designed form. */
export interface FormColumn {
  label?: string;
  /** Field name in the submitted values; unique within its form (or sub-table). */
  prop: string;
  type?: string;
  required?: boolean;
  rules?: FormRule[];
  /** Main pattern; the server checks it too (server/src/modules/workflow/service.ts validateForm). */
  pattern?: string;
  /** Default value; strings may hold ${...} templates (form-template.ts). */
  value?: unknown;
  /** From the task form configuration: false hides the field. */
  readable?: boolean;
  /** From the task form configuration: false makes the field read-only. */
  writable?: boolean;
  display?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  /** Grid width out of 24. */
  span?: number;
  placeholder?: string;
  /** Static options of select / radio / checkbox. */
  dicData?: DicItem[];
  /** Options from a system dictionary (GET /api/blade-system/dict/dictionary?code=) instead of dicData. */
  dicCode?: string;
  multiple?: boolean;
  /** upload: most files; */
  limit?: number;
  /** upload: accepted extensions / MIME patterns, e.g. ".pdf,.docx" or "image/*". */
  accept?: string;
  /** upload: 'image' shows picture cards and accepts images only; 'file' (default) a file list. */
  uploadType?: 'image' | 'file';
  /** upload: largest file in MB. */
  fileSize?: number;
  format?: string;
  valueFormat?: string;
  min?: number;
  max?: number;
  precision?: number;
  minRows?: number;
  /** input / textarea: most characters. */
  maxlength?: number;
  /** region: 1 province, 2 city, 3 district. */
  levels?: 1 | 2 | 3;
  /** help text under the field */
  tip?: string;
  /** dynamic sub-table: its child columns. */
  children?: { column?: FormColumn[] };
}

export interface FormGroup {
  label?: string;
  prop?: string;
  column?: FormColumn[];
}

/** The form-level options. */
export interface FormOption {
  column?: FormColumn[];
  group?: FormGroup[];
  /** Label width in px when labels sit beside the fields. */
  labelWidth?: number;
  /** top (default), left or right. */
  labelPosition?: 'top' | 'left' | 'right';
  size?: 'small' | 'middle' | 'large';
  /** Default grid width of a field (out of 24). */
  span?: number;
  /** Horizontal gap between fields in px. */
  gutter?: number;
  /** The chosen theme (a copy of a wf_form_theme's content with its id and name; form-sets.ts). */
  theme?: FormThemeRef;
  /** The form variables its defaults use as ${prop}: prop → value (form-sets.ts). */
  variables?: Record<string, string>;
}

export type Values = Record<string, unknown>;

/** Every field type the renderer draws and the designer offers, in palette order. */
export const FIELD_TYPES = [
  'input', 'textarea', 'number', 'select', 'radio', 'checkbox', 'switch', 'date', 'datetime', 'time', 'daterange',
  'upload', 'richtext', 'user', 'dept', 'region', 'signature', 'dynamic', 'divider',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose value comes from options. */
export const OPTION_TYPES = new Set(['select', 'radio', 'checkbox']);
/** Types that pick rather than type (placeholder 请选择…). */
export const PICK_TYPES = new Set(['select', 'radio', 'checkbox', 'switch', 'date', 'datetime', 'time', 'daterange', 'month', 'year', 'user', 'dept', 'region']);
/** Older names of the user chooser that stored forms may carry. */
export const USER_TYPES = new Set(['user', 'userSelect', 'user-select', 'selectUser']);
/** Types that take a whole row of the grid. */
export const FULL_WIDTH_TYPES = new Set(['dynamic', 'textarea', 'richtext', 'divider', 'title']);
/** Types that hold no value. */
export const LAYOUT_TYPES = new Set(['divider', 'title']);

export const typeOf = (c: FormColumn): string => c.type || 'input';
export const labelOf = (c: FormColumn): string => c.label || c.prop;
/** Empty as the server judges it (service.ts validateForm): undefined, null, '' or an empty list. */
export const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
export const isRequired = (c: FormColumn): boolean => !!c.required || (c.rules ?? []).some((r) => r.required);

/** Every column of a form option: top-level plus grouped (layout-only entries included). */
export function columnsOf(option: FormOption | null | undefined): FormColumn[] {
  if (!option) return [];
  return [...(option.column ?? []), ...(option.group ?? []).flatMap((g) => g.column ?? [])].filter((c) => c && c.prop);
}

/**
 * The pattern rules of a column: its rules with a pattern, plus the main pattern when no rule
 * repeats it. A pattern that is not a valid regular expression is left out (the designer refuses it).
 */
export function patternRules(c: FormColumn): { re: RegExp; message?: string }[] {
  const out: { re: RegExp; message?: string; src: string }[] = [];
  const add = (src: string | undefined, message?: string) => {
    if (!src || out.some((r) => r.src === src)) return;
    try {
      out.push({ re: new RegExp(src), message: message || undefined, src });
    } catch {
      /* an invalid pattern checks nothing */
    }
  };
  for (const r of c.rules ?? []) add(r.pattern, r.message);
  add(c.pattern);
  return out.map(({ re, message }) => ({ re, message }));
}

/** A prop is a field name: a letter or _ first, then letters, digits or _ (it becomes a variable). */
export const PROP_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Problems of a design before saving: missing / malformed / repeated props, bad patterns, sub-tables without columns. */
export type DesignProblem =
  | { kind: 'propMissing'; label: string }
  | { kind: 'propInvalid'; prop: string }
  | { kind: 'propDuplicate'; prop: string }
  | { kind: 'patternInvalid'; prop: string }
  | { kind: 'subEmpty'; prop: string }
  | { kind: 'dictMissing'; prop: string };

export function checkDesign(option: FormOption): DesignProblem[] {
  const problems: DesignProblem[] = [];
  const walk = (cols: FormColumn[], seen: Set<string>) => {
    for (const c of cols) {
      if (!c.prop) {
        problems.push({ kind: 'propMissing', label: c.label ?? '' });
        continue;
      }
      if (!PROP_PATTERN.test(c.prop)) problems.push({ kind: 'propInvalid', prop: c.prop });
      if (seen.has(c.prop)) problems.push({ kind: 'propDuplicate', prop: c.prop });
      seen.add(c.prop);
      for (const src of [c.pattern, ...(c.rules ?? []).map((r) => r.pattern)]) {
        if (!src) continue;
        try {
          new RegExp(src);
        } catch {
          problems.push({ kind: 'patternInvalid', prop: c.prop });
        }
      }
      if (c.dicCode !== undefined && c.dicCode !== null && !String(c.dicCode).trim()) problems.push({ kind: 'dictMissing', prop: c.prop });
      if (typeOf(c) === 'dynamic') {
        const children = c.children?.column ?? [];
        if (!children.length) problems.push({ kind: 'subEmpty', prop: c.prop });
        walk(children, new Set());
      }
    }
  };
  walk([...(option.column ?? []), ...(option.group ?? []).flatMap((g) => g.column ?? [])], new Set());
  return problems;
}
