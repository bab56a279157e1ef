// The one validator of a designed form's values, run by the web renderer before it submits and by
// the server on every submission (workflow start, task completion, drafts; micro-app records and
// report fill-ins next). Pure and synchronous: what needs the database (dictionary values, whether
// ids are people and departments of the caller's tenant) is looked up first by the caller
// (lookupsOf says what to look up) and passed in; what is not passed is not checked.
import { formMessage, type FormMessageKey, type Lang } from './messages.ts';
import {
  DATE_FORMATS, DATE_TYPES, LAYOUT_TYPES, OPTION_TYPES, USER_TYPES, columnsOf, dictOfDicUrl, isEmpty, isRequired, labelOf, patternsOf, typeOf,
  type FormColumn, type FormOption, type Values,
} from './schema.ts';
import { extOf, kindRefusal, type UploadLimits } from './upload.ts';

/** Runs a designer's pattern on a text: true/false, or null when the pattern cannot run (checks nothing). */
export type PatternTest = (pattern: string, text: string) => boolean | null;

/** The browser's engine (the server passes its linear-time RE2 instead: a pattern cannot stall it). */
export const jsPatternTest: PatternTest = (pattern, text) => {
  try {
    return new RegExp(pattern).test(text);
  } catch {
    return null;
  }
};

export interface ValidateOptions {
  /** Fields the caller may write here; the others are not checked (their values are dropped). Default: all. */
  writable?: (c: FormColumn) => boolean;
  /** Check only the values present, nothing required (a draft; a task completion whose node rights the engine checks). */
  partial?: boolean;
  patternTest?: PatternTest;
  /**
   * Values of a system dictionary (dicCode, or a dicUrl naming one), or undefined when not looked up.
   * Given (the server), a dicUrl that names no dictionary accepts no value: nothing could check it.
   */
  dictValues?: (code: string) => ReadonlySet<string> | undefined;
  /** Values of a business dictionary of the caller's tenant (a dicUrl /api/blade-system/dict-biz/dictionary?code=…). */
  bizDictValues?: (code: string) => ReadonlySet<string> | undefined;
  /**
   * Values of a dicUrl that names no platform dictionary, as a resolver answered for it (a micro-app's
   * option source); undefined: none answered, so (with dictValues given) no value is accepted.
   */
  urlValues?: (url: string) => ReadonlySet<string> | undefined;
  /** Ids of people / departments of the caller's tenant among those the values name (lookupsOf). */
  users?: ReadonlySet<string>;
  depts?: ReadonlySet<string>;
}

export interface FormProblem {
  prop: string;
  key: FormMessageKey;
  params: Record<string, string | number>;
  /** The designer's own message (a rule's), shown instead of the standard one. */
  message?: string;
  /** A sub-form row's problem: the cell's own. */
  inner?: FormProblem;
}

export function problemText(p: FormProblem, lang: Lang): string {
  if (p.inner) return formMessage(p.key, lang, { ...p.params, detail: problemText(p.inner, lang) });
  return p.message ?? formMessage(p.key, lang, p.params);
}

/** Whether a person can fill the field here at all (hidden, disabled and read-only fields are never required). */
const fillable = (c: FormColumn): boolean => c.readable !== false && c.display !== false && c.writable !== false && !c.disabled && !c.readonly;

const MAX_IDS = 500;
const ID = /^\d{1,20}$/;
const SIGNATURE = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]+=*$/;
const FILE_URL = /^(?:\/(?!\/)|https?:\/\/)/i;

/** A list value: an array, or a comma-separated text (how stored forms and scripts send them). */
function listOf(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
  if (typeof v === 'number') return [v];
  return null;
}
const scalar = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v.trim())) return Number(v);
  return Number.NaN;
}
function decimals(v: unknown): number {
  const s = typeof v === 'number' ? String(v) : String(v).trim();
  if (/e/i.test(s)) return Number(/e-(\d+)/i.exec(s)?.[1] ?? 0) + (/\.(\d+)/.exec(s)?.[1].length ?? 0);
  return /\.(\d+)$/.exec(s)?.[1].length ?? 0;
}

const TOKENS: Record<string, [string, string]> = {
  YYYY: ['(\\d{4})', 'year'], YY: ['(\\d{2})', 'year2'], MM: ['(\\d{2})', 'month'], M: ['(\\d{1,2})', 'month'],
  DD: ['(\\d{2})', 'day'], D: ['(\\d{1,2})', 'day'], HH: ['(\\d{2})', 'hour'], H: ['(\\d{1,2})', 'hour'],
  mm: ['(\\d{2})', 'minute'], m: ['(\\d{1,2})', 'minute'], ss: ['(\\d{2})', 'second'], s: ['(\\d{1,2})', 'second'],
};
const TOKEN_RE = /\[([^\]]*)]|YYYY|YY|MM|M|DD|D|HH|H|mm|m|ss|s|[A-Za-z]+|./g;
const formatCache = new Map<string, { re: RegExp; parts: string[] } | null>();

/** A dayjs format as a strict pattern; null when it uses tokens other than these (then any short text passes). */
function formatPattern(fmt: string): { re: RegExp; parts: string[] } | null {
  const hit = formatCache.get(fmt);
  if (hit !== undefined) return hit;
  let src = '';
  const parts: string[] = [];
  let ok = true;
  for (const m of fmt.matchAll(TOKEN_RE)) {
    const tok = m[0];
    if (m[1] !== undefined) src += m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (TOKENS[tok]) {
      src += TOKENS[tok][0];
      parts.push(TOKENS[tok][1]);
    } else if (/^[A-Za-z]+$/.test(tok)) ok = false;
    else src += tok.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const out = ok ? { re: new RegExp(`^${src}$`), parts } : null;
  if (formatCache.size > 200) formatCache.clear();
  formatCache.set(fmt, out);
  return out;
}

/** A comparable number for a date text in its format, or NaN when it is not a real date/time in it. */
export function dateValue(text: string, fmt: string): number {
  const f = formatPattern(fmt);
  if (!f) return text.length <= 64 ? 0 : Number.NaN;
  const m = f.re.exec(text);
  if (!m) return Number.NaN;
  const p: Record<string, number> = { year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  f.parts.forEach((name, i) => {
    const n = Number(m[i + 1]);
    if (name === 'year2') p.year = 2000 + n;
    else p[name] = n;
  });
  const days = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  if (p.month < 1 || p.month > 12 || p.day < 1 || p.day > days || p.hour > 23 || p.minute > 59 || p.second > 59) return Number.NaN;
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

const formatOf = (c: FormColumn, type: string): string => c.valueFormat || c.format || DATE_FORMATS[type] || DATE_FORMATS.date;

/** The problems of one field's value (a sub-form's rows included). */
export function fieldProblems(c: FormColumn, v: unknown, opts: ValidateOptions = {}): FormProblem[] {
  const type = typeOf(c);
  if (LAYOUT_TYPES.has(type)) return [];
  const label = labelOf(c);
  const out: FormProblem[] = [];
  const push = (key: FormMessageKey, params: Record<string, string | number> = {}, message?: string) => out.push({ prop: c.prop, key, params: { label, ...params }, message });

  if (isEmpty(v)) {
    if (opts.partial || !fillable(c)) return out;
    if (type === 'dynamic') {
      if (isRequired(c) || (c.children?.column ?? []).some((x) => x.prop && fillable(x) && isRequired(x))) push('subEmpty');
    } else if (isRequired(c)) {
      push(type === 'upload' ? 'uploadRequired' : 'required', {}, (c.rules ?? []).find((r) => r.required && r.message)?.message);
    }
    return out;
  }

  const patterns = (text: string) => {
    const test = opts.patternTest ?? jsPatternTest;
    const failed = patternsOf(c).find((p) => test(p.pattern, text) === false);
    if (failed) push('pattern', {}, failed.message);
  };
  const ids = (kind: 'user' | 'dept', known: ReadonlySet<string> | undefined, single: boolean) => {
    const list = listOf(v);
    if (!list || list.length > MAX_IDS || !list.every((x) => scalar(x) && ID.test(String(x)))) return push('notIds');
    if (single && list.length > 1) return push('notMultiple');
    const missing = known ? list.map(String).filter((id) => !known.has(id)) : [];
    if (missing.length) push(kind === 'user' ? 'notPeople' : 'notDept', { ids: missing.slice(0, 5).join(',') });
  };

  if (OPTION_TYPES.has(type)) {
    const multi = type === 'checkbox' || (type === 'select' && !!c.multiple);
    const list = multi ? listOf(v) : [v];
    if (!multi && Array.isArray(v)) return push('notMultiple'), out;
    if (!list || !list.every(scalar)) return push('notOption', { value: JSON.stringify(v).slice(0, 40) }), out;
    // a dictionary wins over the static list, as on the page (form-fields.tsx useOptions)
    const allowed = c.dicCode
      ? opts.dictValues?.(c.dicCode)
      : c.dicUrl ? urlValues(c.dicUrl, opts)
        : Array.isArray(c.dicData) ? new Set(c.dicData.map((o) => String(o?.value))) : undefined;
    const bad = allowed && list.find((x) => !allowed.has(String(x)));
    if (bad !== undefined) push('notOption', { value: String(bad).slice(0, 40) });
    else patterns(list.map(String).join(','));
    return out;
  }
  if (USER_TYPES.has(type)) return ids('user', opts.users, c.multiple === false), out;
  switch (type) {
    case 'number': {
      const n = toNumber(v);
      if (!Number.isFinite(n)) push('notNumber');
      else if (typeof c.min === 'number' && n < c.min) push('tooSmall', { min: c.min });
      else if (typeof c.max === 'number' && n > c.max) push('tooLarge', { max: c.max });
      else if (typeof c.precision === 'number' && c.precision >= 0 && decimals(v) > c.precision) push('precision', { n: c.precision });
      else patterns(String(v));
      return out;
    }
    case 'switch':
      if (![true, false, 0, 1, '0', '1', 'true', 'false'].includes(v as never)) push('notBool');
      return out;
    case 'daterange': {
      const fmt = formatOf(c, type);
      const list = listOf(v);
      if (!list || list.length !== 2 || !list.every((x) => typeof x === 'string')) return push('notRange'), out;
      const [a, b] = list.map((x) => dateValue(String(x), fmt));
      if (Number.isNaN(a) || Number.isNaN(b)) push('notDate', { format: fmt });
      else if (a > b) push('rangeOrder');
      return out;
    }
    case 'upload': {
      const list = listOf(v);
      if (!list) return push('notFile'), out;
      if (c.limit && list.length > c.limit) return push('uploadLimit', { n: c.limit }), out;
      const limits: UploadLimits = { accept: c.accept, imageOnly: c.uploadType === 'image', fileSize: c.fileSize };
      for (const item of list) {
        const f = typeof item === 'string' ? { url: item } : (item as { name?: unknown; url?: unknown; size?: unknown; type?: unknown } | null);
        if (!f || typeof f !== 'object' || typeof f.url !== 'string' || !FILE_URL.test(f.url)) return push('notFile'), out;
        const name = typeof f.name === 'string' && f.name ? f.name : f.url.split(/[?#]/)[0].split('/').pop() || f.url;
        const kind = kindRefusal({ name: extOf(name) ? name : f.url.split(/[?#]/)[0], type: typeof f.type === 'string' ? f.type : '' }, limits);
        if (kind) return push(kind.key === 'illegal' ? 'uploadIllegal' : 'uploadOnly', { name: name.slice(0, 80), kinds: String(kind.values?.kinds ?? '') }), out;
        if (c.fileSize && typeof f.size === 'number' && f.size > c.fileSize * 1024 * 1024) return push('uploadSize', { name: name.slice(0, 80), size: c.fileSize }), out;
      }
      return out;
    }
    case 'dept':
      return ids('dept', opts.depts, c.multiple === false), out; // a default of ${user.deptId} may name several
    case 'region': {
      const n = c.levels ?? 3;
      const list = listOf(v);
      if (!list || list.length > n || !list.every((x) => scalar(x) && /^\d{1,12}$/.test(String(x)))) push('notRegion', { n });
      return out;
    }
    case 'signature':
      if (typeof v !== 'string' || v.length > 2_000_000 || !(SIGNATURE.test(v) || FILE_URL.test(v))) push('notSignature');
      return out;
    case 'dynamic': {
      if (!Array.isArray(v) || !v.every((r) => r && typeof r === 'object' && !Array.isArray(r))) return push('notRows'), out;
      const children = (c.children?.column ?? []).filter((x) => x && x.prop);
      v.forEach((row: Values, i) => {
        for (const child of children) {
          for (const q of fieldProblems(child, row[child.prop], { ...opts, writable: undefined })) {
            const key: FormMessageKey = q.key === 'required' || q.key === 'uploadRequired' ? 'subRow' : q.key === 'pattern' && !q.message ? 'subRowPattern' : 'subRowOther';
            out.push({ prop: c.prop, key, params: { label, n: i + 1, field: labelOf(child) }, inner: q });
          }
        }
      });
      return out;
    }
    default: {
      if (DATE_TYPES.has(type)) {
        const fmt = formatOf(c, type);
        if (typeof v !== 'string' || Number.isNaN(dateValue(v, fmt))) push('notDate', { format: fmt });
        return out;
      }
      // input, textarea, password, richtext and types this version does not know: text
      if (!scalar(v) && typeof v !== 'boolean') return push('notText'), out;
      const text = String(v);
      if (typeof c.maxlength === 'number' && c.maxlength > 0 && text.length > c.maxlength) push('tooLong', { n: c.maxlength });
      else if (typeof c.minlength === 'number' && c.minlength > 0 && text.length < c.minlength) push('tooShort', { n: c.minlength });
      else if (type !== 'richtext') patterns(text);
      return out;
    }
  }
}

const NONE: ReadonlySet<string> = new Set();
/** The values a dicUrl offers: its dictionary's (as looked up), none when it names no dictionary and lookups were made. */
function urlValues(url: string, opts: ValidateOptions): ReadonlySet<string> | undefined {
  const d = dictOfDicUrl(url);
  if (!d) return opts.urlValues?.(url) ?? (opts.dictValues || opts.urlValues ? NONE : undefined);
  return d.biz ? opts.bizDictValues?.(d.code) : opts.dictValues?.(d.code);
}

/** The problems of a whole form's values (every field the caller may write). */
export function formProblems(option: FormOption | null | undefined, values: Values, opts: ValidateOptions = {}): FormProblem[] {
  const out: FormProblem[] = [];
  for (const c of columnsOf(option)) {
    if (opts.writable && !opts.writable(c)) continue;
    out.push(...fieldProblems(c, values[c.prop], opts));
  }
  return out;
}

/** The messages of formProblems in a language, each once (the caller joins them with ' | '). */
export function formErrors(option: FormOption | null | undefined, values: Values, lang: Lang, opts: ValidateOptions = {}): string[] {
  return [...new Set(formProblems(option, values, opts).map((p) => problemText(p, lang)))];
}

/**
 * What a caller must look up before validating: the dictionaries the form uses, the other option
 * addresses (urls: for a resolver, urlValues), and the ids its people / department fields name.
 */
export function lookupsOf(option: FormOption | null | undefined, values: Values): { dicts: Set<string>; bizDicts: Set<string>; urls: Set<string>; users: Set<string>; depts: Set<string> } {
  const out = { dicts: new Set<string>(), bizDicts: new Set<string>(), urls: new Set<string>(), users: new Set<string>(), depts: new Set<string>() };
  const walk = (cols: FormColumn[], vals: Values) => {
    for (const c of cols) {
      if (!c || !c.prop) continue;
      const type = typeOf(c);
      if (c.dicCode && OPTION_TYPES.has(type)) out.dicts.add(String(c.dicCode));
      else if (c.dicUrl && OPTION_TYPES.has(type)) {
        const d = dictOfDicUrl(c.dicUrl);
        if (d) (d.biz ? out.bizDicts : out.dicts).add(d.code);
        else if (typeof c.dicUrl === 'string') out.urls.add(c.dicUrl);
      }
      const v = vals?.[c.prop];
      const target = USER_TYPES.has(type) ? out.users : type === 'dept' ? out.depts : null;
      if (target) for (const id of (listOf(v) ?? []).slice(0, MAX_IDS)) if (scalar(id) && ID.test(String(id))) target.add(String(id));
      if (type === 'dynamic' && Array.isArray(v)) for (const row of v.slice(0, 1000)) if (row && typeof row === 'object') walk(c.children?.column ?? [], row as Values);
    }
  };
  walk(columnsOf(option), values);
  return out;
}
