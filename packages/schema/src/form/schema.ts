// The designed-form schema (spec 000 §3 "Form-designer column"): what the form designer saves as a
// form's content, what the web's FormRenderer draws and what validate.ts checks on both sides.
// Workflow forms, micro-apps and reports share it, so nothing here knows about processes.

export type LabelPosition = 'top' | 'left' | 'right';
export type FormSize = 'small' | 'middle' | 'large';

/** A form theme's content (wf_form_theme.content; web form-sets.ts reads and applies it). */
export interface FormTheme {
  labelPosition?: LabelPosition;
  labelWidth?: number;
  size?: FormSize;
  columns?: 1 | 2 | 3 | 4;
  gutter?: number;
  primaryColor?: string;
}

/** The copy a form keeps of its theme. */
export interface FormThemeRef extends FormTheme {
  id?: string;
  name?: string;
}

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
  /** Main pattern (checked with the rules' patterns, validate.ts). */
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
  /**
   * Options from one of the platform's dictionary addresses (dictOfDicUrl): a system dictionary
   * /api/blade-system/dict/dictionary?code=… or the tenant's business dictionary
   * /api/blade-system/dict-biz/dictionary?code=…; a form naming any other address is not saved
   * (checkDesign), since the server could not check a value against it. A micro-app's form may also
   * name an option source of its app (/api/appDataSource/appDataSource/options?id=…, sourceOfDicUrl):
   * the server checks values against what the source answers the saving user.
   */
  dicUrl?: string;
  multiple?: boolean;
  /** upload: most files; dynamic: most rows (a micro-app's one-to-one child table: 1). */
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
  /** input / textarea: fewest characters (when filled). */
  minlength?: number;
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
  labelPosition?: LabelPosition;
  size?: FormSize;
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
/** Empty: undefined, null, '' or an empty list. */
export const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
export const isRequired = (c: FormColumn): boolean => !!c.required || (c.rules ?? []).some((r) => r.required);

/** Every column of a form option: top-level plus grouped (layout-only entries included). */
export function columnsOf(option: FormOption | null | undefined): FormColumn[] {
  if (!option) return [];
  return [...(option.column ?? []), ...(option.group ?? []).flatMap((g) => g.column ?? [])].filter((c) => c && c.prop);
}

/**
 * The patterns of a column: its rules' patterns (each with the rule's own message), plus the main
 * pattern when no rule repeats it. Each side runs them with its engine (validate.ts PatternTest).
 */
export function patternsOf(c: FormColumn): { pattern: string; message?: string }[] {
  const out: { pattern: string; message?: string }[] = [];
  for (const r of Array.isArray(c.rules) ? c.rules : []) {
    if (r && typeof r.pattern === 'string' && r.pattern && !out.some((x) => x.pattern === r.pattern)) {
      out.push({ pattern: r.pattern, message: typeof r.message === 'string' && r.message ? r.message : undefined });
    }
  }
  if (typeof c.pattern === 'string' && c.pattern && !out.some((x) => x.pattern === c.pattern)) out.push({ pattern: c.pattern });
  return out;
}

/** Value formats of the date types when a column names none (dayjs tokens). */
export const DATE_FORMATS: Record<string, string> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss', month: 'YYYY-MM', year: 'YYYY', daterange: 'YYYY-MM-DD' };
export const DATE_TYPES = new Set(['date', 'datetime', 'time', 'month', 'year']);

/** A prop is a field name: a letter or _ first, then letters, digits or _ (it becomes a variable). */
export const PROP_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

const DICT_URL = /^\/api\/blade-system\/(dict|dict-biz)\/dictionary\?code=([^&#=\s]{1,255})$/;
/**
 * The dictionary a dicUrl names: a system dictionary (biz false) or the tenant's business dictionary
 * (biz true) by its code; null for any other address (no value of it can be checked on the server).
 */
export function dictOfDicUrl(url: unknown): { code: string; biz: boolean } | null {
  const m = typeof url === 'string' ? DICT_URL.exec(url.trim()) : null;
  if (!m) return null;
  try {
    const code = decodeURIComponent(m[2]!);
    return code.trim() ? { code, biz: m[1] === 'dict-biz' } : null;
  } catch {
    return null;
  }
}

const SOURCE_URL = /^\/api\/appDataSource\/appDataSource\/options\?id=(\d{1,19})$/;
/**
 * The micro-app option source a dicUrl names (/api/appDataSource/appDataSource/options?id=…): its id,
 * or null. Only a micro-app's form may name one (checkDesign optionSources), of its own app.
 */
export function sourceOfDicUrl(url: unknown): string | null {
  const m = typeof url === 'string' ? SOURCE_URL.exec(url.trim()) : null;
  return m ? m[1]! : null;
}

/** Problems of a design before saving: missing / malformed / repeated props, bad patterns, sub-tables without columns, option addresses that name no dictionary. */
export type DesignProblem =
  | { kind: 'propMissing'; label: string }
  | { kind: 'propInvalid'; prop: string }
  | { kind: 'propDuplicate'; prop: string }
  | { kind: 'patternInvalid'; prop: string }
  | { kind: 'subEmpty'; prop: string }
  | { kind: 'dictMissing'; prop: string }
  | { kind: 'dicUrlInvalid'; prop: string };

/** optionSources: a micro-app's form, whose fields may also name an option source of the app (sourceOfDicUrl; the server checks it is the app's). */
export function checkDesign(option: FormOption, opts: { optionSources?: boolean } = {}): DesignProblem[] {
  const urlOk = (url: unknown) => !!dictOfDicUrl(url) || (!!opts.optionSources && !!sourceOfDicUrl(url));
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
      if (c.dicUrl !== undefined && c.dicUrl !== null && !urlOk(c.dicUrl)) problems.push({ kind: 'dicUrlInvalid', prop: c.prop });
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
