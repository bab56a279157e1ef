// Print templates of micro-apps (001 §3.5, §2.7): what a template's templateJson holds and how it
// turns an app's records into printable HTML. Pure (no React, no calls): the designer's preview, the
// data screen's print and the tests use the same function. Every value is escaped; a field the reader
// may not see is not in the columns they are given, so its cell is left out of the printout.
import type { FormColumn } from '@campus/schema';

export type PrintType = 'form' | 'list';

/** One label / value cell of a form template; span: how many of the row's pairs it takes. */
export interface PrintCell {
  field: string;
  span?: number;
}
/** A child model printed as a table under the record's fields. */
export interface PrintChildBlock {
  /** the sub-table prop ({table}_dynamic) */
  prop: string;
  /** heading above the table (empty: the child model's name) */
  title?: string;
  /** its fields in order (empty: all) */
  fields: string[];
}
export interface PrintListColumn {
  field: string;
  /** width in mm (empty: shared) */
  width?: number;
}

/** The designed layout stored as templateJson. */
export interface PrintDesign {
  version: 1;
  /** heading (empty: the app's name) */
  title: string;
  /** a line under the heading */
  subtitle?: string;
  orientation: 'portrait' | 'landscape';
  /** body text size in px */
  fontSize: number;
  /** form: label / value pairs per row (1–4) */
  pairs: number;
  /** form: rows of cells */
  rows: PrintCell[][];
  /** form: child tables */
  children: PrintChildBlock[];
  /** list: the columns */
  columns: PrintListColumn[];
  /** list: a 序号 column first */
  showIndex: boolean;
  /** print time and record count at the foot */
  showFooter: boolean;
}

/** A print template as the server keeps it (appPrintTemplate). */
export interface PrintTemplate {
  id?: string;
  appId?: string;
  templateName: string;
  templateType: PrintType;
  isCenter: 'Y' | 'N' | string;
  templateJson: string;
  status?: number;
  printAddress?: string | null;
}

/** templateJson that cannot be read: the spec's 打印配置异常. */
export class PrintConfigError extends Error {
  constructor(readonly reason: string) {
    super(`print configuration abnormal: ${reason}`);
    this.name = 'PrintConfigError';
  }
}

export const FONT_SIZES = [10, 11, 12, 13, 14, 16, 18] as const;
export const isValueColumn = (c: FormColumn): boolean => !!c.prop && c.type !== 'divider' && c.type !== 'title';
const mainColumns = (columns: FormColumn[]) => columns.filter((c) => isValueColumn(c) && c.type !== 'dynamic');
const childColumns = (columns: FormColumn[]) => columns.filter((c) => c.type === 'dynamic' && c.prop);

/** A new template's layout from the app's columns: every main field two to a row, each child table with all its fields; a list prints the first eight fields. */
export function defaultDesign(type: PrintType, columns: FormColumn[], pairs = 2): PrintDesign {
  const fields = mainColumns(columns);
  const rows: PrintCell[][] = [];
  let row: PrintCell[] = [];
  for (const c of fields) {
    const wide = c.type === 'textarea' || c.type === 'richtext' || c.type === 'signature' || c.type === 'upload';
    if (wide && pairs > 1) {
      if (row.length) rows.push(row);
      rows.push([{ field: c.prop, span: pairs }]);
      row = [];
      continue;
    }
    row.push({ field: c.prop, span: 1 });
    if (row.length >= pairs) {
      rows.push(row);
      row = [];
    }
  }
  if (row.length) rows.push(row);
  return {
    version: 1, title: '', subtitle: '', orientation: type === 'list' && fields.length > 6 ? 'landscape' : 'portrait', fontSize: 12, pairs,
    rows: type === 'form' ? rows : [],
    children: type === 'form' ? childColumns(columns).map((c) => ({ prop: c.prop, title: '', fields: [] })) : [],
    columns: type === 'list' ? fields.slice(0, 8).map((c) => ({ field: c.prop })) : [],
    showIndex: true, showFooter: true,
  };
}

/** The layout of a stored templateJson; PrintConfigError when it is missing or not a layout. */
export function parseDesign(json: string | null | undefined): PrintDesign {
  if (!json || !json.trim()) throw new PrintConfigError('empty');
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    throw new PrintConfigError('not JSON');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new PrintConfigError('not an object');
  const d = v as Partial<PrintDesign>;
  const num = (x: unknown, lo: number, hi: number, dflt: number) => (typeof x === 'number' && Number.isFinite(x) ? Math.min(hi, Math.max(lo, Math.round(x))) : dflt);
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  const cell = (c: unknown): PrintCell | null => (c && typeof c === 'object' && typeof (c as PrintCell).field === 'string' ? { field: (c as PrintCell).field, span: num((c as PrintCell).span, 1, 4, 1) } : null);
  return {
    version: 1,
    title: str(d.title),
    subtitle: str(d.subtitle),
    orientation: d.orientation === 'landscape' ? 'landscape' : 'portrait',
    fontSize: num(d.fontSize, 8, 24, 12),
    pairs: num(d.pairs, 1, 4, 2),
    rows: Array.isArray(d.rows) ? d.rows.map((r) => (Array.isArray(r) ? r.map(cell).filter((c): c is PrintCell => !!c) : [])).filter((r) => r.length) : [],
    children: Array.isArray(d.children)
      ? d.children.filter((c) => c && typeof c.prop === 'string').map((c) => ({ prop: c.prop, title: str(c.title), fields: Array.isArray(c.fields) ? c.fields.filter((f) => typeof f === 'string') : [] }))
      : [],
    columns: Array.isArray(d.columns)
      ? d.columns.filter((c) => c && typeof c.field === 'string').map((c) => ({ field: c.field, ...(typeof c.width === 'number' && c.width > 0 ? { width: num(c.width, 5, 400, 30) } : {}) }))
      : [],
    showIndex: d.showIndex !== false,
    showFooter: d.showFooter !== false,
  };
}

/** What turns stored values into text: dictionary items by code, people and departments by id. */
export interface PrintLookups {
  /** the items of each dictionary by dictionaryKey (a code or a dicUrl address) */
  dicts: Record<string, { label: string; value: string | number }[]>;
  users: Record<string, string>;
  depts: Record<string, string>;
}
export const NO_LOOKUPS: PrintLookups = { dicts: {}, users: {}, depts: {} };

export interface RenderOptions {
  /** heading when the template has none (the app's name) */
  appName?: string;
  lang?: 'zh' | 'en';
  lookups?: PrintLookups;
  /** the time printed at the foot (tests pass a fixed one) */
  now?: Date;
}

const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

const splitIds = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).map((s) => s.trim()).filter(Boolean);

/**
 * Where an option field's labels come from, as lookups.dicts keys it: its dictionary code, else its
 * dictionary address (dicUrl, e.g. /api/blade-system/dict-biz/dictionary?code=…); none: its static list.
 */
export const dictionaryKey = (c: FormColumn): string | undefined => c.dicCode || c.dicUrl || undefined;

/** A stored value as the printout shows it (HTML, escaped). */
export function cellHtml(c: FormColumn, value: unknown, lookups: PrintLookups = NO_LOOKUPS): string {
  if (value === undefined || value === null || value === '') return '';
  const type = c.type ?? 'input';
  if (type === 'signature') {
    const src = String(value);
    return /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(src) ? `<img class="p-sign" src="${src}" alt="">` : '';
  }
  if (type === 'upload') {
    let items: unknown = value;
    if (typeof value === 'string') {
      try {
        items = JSON.parse(value);
      } catch {
        items = value.split(',').map((u) => ({ name: u.split('/').pop(), url: u }));
      }
    }
    return (Array.isArray(items) ? items : []).map((it) => esc((it as { name?: string; url?: string })?.name ?? (it as { url?: string })?.url ?? it)).join('<br>');
  }
  if (type === 'user') return esc(splitIds(value).map((id) => lookups.users[id] ?? id).join('、'));
  if (type === 'dept') return esc(splitIds(value).map((id) => lookups.depts[id] ?? id).join('、'));
  if (type === 'select' || type === 'radio' || type === 'checkbox') {
    const source = dictionaryKey(c);
    const items = source ? lookups.dicts[source] ?? [] : c.dicData ?? [];
    return esc(splitIds(value).map((v) => items.find((i) => String(i.value) === v)?.label ?? v).join('、'));
  }
  if (type === 'switch') return esc(value === true || value === 1 || value === '1' ? '✓' : '');
  if (type === 'date') return esc(String(value).slice(0, 10));
  if (type === 'datetime') return esc(String(value).replace('T', ' ').slice(0, 19));
  if (type === 'textarea') return esc(value).replace(/\n/g, '<br>');
  if (type === 'richtext') return esc(String(value).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim());
  if (Array.isArray(value)) return esc(value.join('、'));
  if (typeof value === 'object') return esc(JSON.stringify(value));
  return esc(value);
}

const LABELS = {
  zh: { index: '序号', printed: '打印时间：', count: '共 {n} 条', one: '共 1 条', empty: '暂无数据' },
  en: { index: 'No.', printed: 'Printed: ', count: '{n} records', one: '1 record', empty: 'No data' },
};

/** The style of a printout: paper direction, text size, centred or not. */
function styleOf(d: PrintDesign, centred: boolean): string {
  return `<style>@page{size:A4 ${d.orientation};margin:12mm}
.p-doc{font-size:${d.fontSize}px;color:#000;font-family:-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif}
.p-page{${centred ? 'width:fit-content;min-width:60%;max-width:100%;margin:0 auto;' : ''}}
.p-page+.p-page{break-before:page;page-break-before:always}
.p-title{font-size:${d.fontSize + 8}px;font-weight:600;margin:0 0 4px;text-align:${centred ? 'center' : 'left'}}
.p-subtitle{margin:0 0 10px;color:#444;text-align:${centred ? 'center' : 'left'}}
.p-doc table{border-collapse:collapse;width:100%;margin:6px 0 10px;table-layout:fixed}
.p-doc th,.p-doc td{border:1px solid #666;padding:5px 7px;text-align:left;vertical-align:top;word-break:break-all}
.p-doc th{background:#f2f2f2;font-weight:600}
.p-form th{width:${Math.round(100 / (d.pairs * 3.2))}%}
.p-child-title{font-weight:600;margin:10px 0 2px}
.p-sign{max-width:160px;max-height:100px}
.p-foot{display:flex;justify-content:space-between;color:#555;font-size:${Math.max(9, d.fontSize - 2)}px;margin-top:6px}
.p-empty{color:#888;text-align:center}</style>`;
}

/**
 * The printout of records with a template, as HTML (a <style> and the pages): a form template
 * prints one page per record with its child tables, a list template one table of all records.
 * columns: the app's columns the reader may see (child models as dynamic columns); anything the
 * template names that is not among them is left out. PrintConfigError when templateJson is unusable.
 */
export function renderPrint(template: Pick<PrintTemplate, 'templateType' | 'templateJson' | 'isCenter' | 'templateName'>, records: Record<string, unknown>[], columns: FormColumn[], opts: RenderOptions = {}): string {
  const d = parseDesign(template.templateJson);
  const L = LABELS[opts.lang ?? 'zh'];
  const lookups = opts.lookups ?? NO_LOOKUPS;
  const byProp = new Map(mainColumns(columns).map((c) => [c.prop, c]));
  const title = d.title || opts.appName || template.templateName || '';
  const head = `${title ? `<div class="p-title">${esc(title)}</div>` : ''}${d.subtitle ? `<div class="p-subtitle">${esc(d.subtitle)}</div>` : ''}`;
  const foot = (n: number) => (d.showFooter ? `<div class="p-foot"><span>${esc(L.printed)}${esc(stamp(opts.now ?? new Date()))}</span><span>${esc(n === 1 ? L.one : L.count.replace('{n}', String(n)))}</span></div>` : '');
  const centred = template.isCenter === 'Y';
  let body: string;
  if (template.templateType === 'list') {
    const cols = d.columns.map((c) => ({ ...c, col: byProp.get(c.field) })).filter((c): c is PrintListColumn & { col: FormColumn } => !!c.col);
    const widths = `<colgroup>${d.showIndex ? '<col style="width:12mm">' : ''}${cols.map((c) => `<col${c.width ? ` style="width:${c.width}mm"` : ''}>`).join('')}</colgroup>`;
    const th = `${d.showIndex ? `<th>${esc(L.index)}</th>` : ''}${cols.map((c) => `<th>${esc(c.col.label || c.field)}</th>`).join('')}`;
    const rows = records.length
      ? records.map((r, i) => `<tr>${d.showIndex ? `<td>${i + 1}</td>` : ''}${cols.map((c) => `<td>${cellHtml(c.col, r[c.field], lookups)}</td>`).join('')}</tr>`).join('')
      : `<tr><td class="p-empty" colspan="${cols.length + (d.showIndex ? 1 : 0)}">${esc(L.empty)}</td></tr>`;
    body = `<div class="p-page">${head}<table class="p-list">${widths}<thead><tr>${th}</tr></thead><tbody>${rows}</tbody></table>${foot(records.length)}</div>`;
  } else {
    const children = new Map(childColumns(columns).map((c) => [c.prop, c]));
    const page = (r: Record<string, unknown>) => {
      const rows = d.rows
        .map((row) => {
          const cells = row.map((cell) => ({ ...cell, col: byProp.get(cell.field) })).filter((c): c is PrintCell & { col: FormColumn } => !!c.col);
          if (!cells.length) return '';
          let used = 0;
          const html = cells.map((c, i) => {
            const rest = d.pairs - used;
            // the last cell of a row takes what is left of it
            const span = i === cells.length - 1 ? Math.max(1, rest) : Math.max(1, Math.min(c.span ?? 1, rest - (cells.length - 1 - i)));
            used += span;
            return `<th>${esc(c.col.label || c.field)}</th><td colspan="${span * 2 - 1}">${cellHtml(c.col, r[c.field], lookups)}</td>`;
          }).join('');
          return `<tr>${html}</tr>`;
        })
        .join('');
      const form = rows ? `<table class="p-form"><colgroup>${'<col class="l"><col>'.repeat(d.pairs)}</colgroup><tbody>${rows}</tbody></table>` : '';
      const subs = d.children
        .map((b) => {
          const sub = children.get(b.prop);
          if (!sub) return '';
          const all = (sub.children?.column ?? []).filter(isValueColumn);
          const cols = b.fields.length ? b.fields.map((f) => all.find((c) => c.prop === f)).filter((c): c is FormColumn => !!c) : all;
          if (!cols.length) return '';
          const list = Array.isArray(r[b.prop]) ? (r[b.prop] as Record<string, unknown>[]).filter((x) => Number(x?.isDeleted) !== 1) : [];
          const trs = list.length
            ? list.map((x, i) => `<tr><td>${i + 1}</td>${cols.map((c) => `<td>${cellHtml(c, x[c.prop], lookups)}</td>`).join('')}</tr>`).join('')
            : `<tr><td class="p-empty" colspan="${cols.length + 1}">${esc(L.empty)}</td></tr>`;
          return `<div class="p-child-title">${esc(b.title || sub.label || b.prop)}</div><table class="p-child"><colgroup><col style="width:12mm">${cols.map(() => '<col>').join('')}</colgroup><thead><tr><th>${esc(L.index)}</th>${cols.map((c) => `<th>${esc(c.label || c.prop)}</th>`).join('')}</tr></thead><tbody>${trs}</tbody></table>`;
        })
        .join('');
      return `<div class="p-page">${head}${form}${subs}${foot(1)}</div>`;
    };
    body = records.length ? records.map(page).join('') : `<div class="p-page">${head}<p class="p-empty">${esc(L.empty)}</p></div>`;
  }
  return `${styleOf(d, centred)}<div class="p-doc">${body}</div>`;
}

/** Records to show in a preview when the app has none yet: a made-up value per field (and two child rows each). */
export function sampleRecords(columns: FormColumn[], n = 2, lang: 'zh' | 'en' = 'zh'): Record<string, unknown>[] {
  const sample = (c: FormColumn, i: number): unknown => {
    switch (c.type) {
      case 'number': return c.precision ? (123.45 * (i + 1)).toFixed(c.precision) : 10 * (i + 1);
      case 'date': return `2026-03-0${i + 1}`;
      case 'datetime': return `2026-03-0${i + 1} 09:30:00`;
      case 'select': case 'radio': case 'checkbox': return c.dicData?.[0]?.value ?? (lang === 'en' ? 'Option' : '选项');
      case 'switch': return 1;
      case 'user': return lang === 'en' ? 'Li Ming' : '李明';
      case 'dept': return lang === 'en' ? 'Academic Affairs' : '教务处';
      case 'upload': return [{ name: 'attachment.pdf', url: '#' }];
      case 'signature': return '';
      case 'textarea': return lang === 'en' ? `Sample text of ${c.label}` : `${c.label}示例内容`;
      default: return `${c.label ?? c.prop}${i + 1}`;
    }
  };
  return Array.from({ length: n }, (_, i) => {
    const r: Record<string, unknown> = {};
    for (const c of columns) {
      if (c.type === 'dynamic') r[c.prop] = [0, 1].map((j) => Object.fromEntries((c.children?.column ?? []).filter(isValueColumn).map((x) => [x.prop, sample(x, j)])));
      else if (isValueColumn(c)) r[c.prop] = sample(c, i);
    }
    return r;
  });
}

/** The dictionaries, people and departments a printout of these records needs (what lookups must hold). */
export function lookupNeeds(columns: FormColumn[], records: Record<string, unknown>[]): { dicts: string[]; users: string[]; depts: string[] } {
  const dicts = new Set<string>();
  const users = new Set<string>();
  const depts = new Set<string>();
  const visit = (cols: FormColumn[], rows: Record<string, unknown>[]) => {
    for (const c of cols) {
      if (c.type === 'dynamic') {
        visit(c.children?.column ?? [], rows.flatMap((r) => (Array.isArray(r[c.prop]) ? (r[c.prop] as Record<string, unknown>[]) : [])));
        continue;
      }
      const source = dictionaryKey(c);
      if (source) dicts.add(source);
      if (c.type === 'user') for (const r of rows) for (const id of splitIds(r[c.prop])) if (/^\d+$/.test(id)) users.add(id);
      if (c.type === 'dept') for (const r of rows) for (const id of splitIds(r[c.prop])) if (/^\d+$/.test(id)) depts.add(id);
    }
  };
  visit(columns, records);
  return { dicts: [...dicts], users: [...users], depts: [...depts] };
}
