// A micro-app's records to and from Excel (001 §2.7, §4 import, §7.1 exportBizData, importBizData):
//  - export streams an .xlsx straight to the answer (excel-xlsx.ts, no exceljs): the keys of every
//    record the list's query matches are read first, then the records and their child rows in batches
//    of 2,000 (BizData.rowsByKeys / childRowsOf), so memory holds a batch, not the export; the data rows'
//    XML is made here per column (see writeExport), the package by excel-xlsx.ts. Sheet 1 holds
//    the main records (编号 / ID, the fields the reader may see, 状态 / Status), one sheet per child model
//    follows with the main record's key first. Values are shown as people read them: option labels,
//    people's and departments' names, files as "name <link>" lines, a signature as 已签名 / Signed.
//  - import reads an .xlsx with exceljs's streaming reader, maps headings to fields (label in zh or en,
//    or the field name), turns the shown values back into stored ones, checks every row with the one
//    form validator (Directory.formErrorsMany: the same checks saveBizData runs) and inserts the rows in
//    multi-row INSERTs inside one transaction: all or nothing, each problem listed by sheet and row.
// Field rights come from the one evaluator: a hidden field is in no sheet; an import writes only the
// fields the importer may write; records outside the reader's range are not exported.
import type { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { FormColumn, FormOption, Lang } from '@campus/schema';
import { formColumnOfItem, miniModelLabel } from '@campus/schema';
import { nextId } from '../../db/ids.ts';
import type { Db } from '../../db/index.ts';
import type { Ctx, Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { Directory, type DicUrlResolver } from '../system/directory.ts';
import { writeAudit, writeCollectMany, type Who } from './audit.ts';
import { DATA_STATUS, toColumn, type AppShape, type BizData, type Part } from './biz-data.ts';
import { sheetHead, SHEET_TAIL, XlsxWriter } from './excel-xlsx.ts';
import { MSG } from './messages.ts';
import { fieldRight, type AppRights } from './permissions.ts';
import type { ItemRow } from './tables.ts';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** exceljs, loaded at the first Excel call (it costs ~0.6 s of CPU at start otherwise). */
export const excel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/** Records read and written per batch (an import's, and the keys an export reads at once). */
const BATCH = 1000;
const EXPORT_BATCH = 2000;
/** Problems an import answers at most (it counts them all). */
const MAX_LISTED = 200;

export const labelOf = (it: Pick<ItemRow, 'fieldLabel' | 'fieldLabelEn'>, lang: Lang): string => (lang === 'en' && it.fieldLabelEn) || it.fieldLabel;
/** The fields of a table the reader sees (a hidden field is in no sheet). */
export const visibleItems = (p: Part, rights: AppRights): ItemRow[] => p.items.filter((it) => !fieldRight(rights, p.model.id, it.fieldName).hide);
/** The fields of a table the writer may write (neither hidden nor read-only). */
const writableItems = (p: Part, rights: AppRights): ItemRow[] => p.items.filter((it) => { const r = fieldRight(rights, p.model.id, it.fieldName); return !r.hide && !r.disabled; });

const statusText = (v: unknown, lang: Lang): string => {
  const key = `xlsStatus${Number(v)}` as keyof typeof MSG;
  return MSG[key] ? t(MSG[key], lang) : String(v ?? '');
};

/** Sheet names of an app's export: the app's name, then each child model's in the reader's language (Excel: ≤ 31 characters, none of []:*?/\, unique). */
export function sheetNames(shape: AppShape, lang: Lang = 'zh'): string[] {
  const used = new Set<string>();
  return [shape.appName, ...shape.children.map((c) => miniModelLabel(c.model, lang))].map((raw, i) => {
    const base = raw.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || `Sheet${i + 1}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 28)}(${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

const ids = (v: unknown): string[] => String(v ?? '').split(',').map((s) => s.trim()).filter((s) => /^\d{1,19}$/.test(s));

/** An attachment value as a list of {name, url} (stored as JSON text; a lone link too). */
export function filesOf(v: unknown): { name: string; url: string }[] {
  if (v === null || v === undefined || v === '') return [];
  let list: unknown = v;
  if (typeof v === 'string') {
    try { list = JSON.parse(v); } catch { list = [v]; }
  }
  if (!Array.isArray(list)) list = [list];
  return (list as unknown[]).map((f) => {
    if (typeof f === 'string') return { name: f.split(/[?#]/)[0].split('/').pop() || f, url: f };
    const o = (f ?? {}) as { name?: unknown; url?: unknown; originalName?: unknown; link?: unknown };
    const url = String(o.url ?? o.link ?? '');
    return { name: String(o.name ?? o.originalName ?? '') || url.split(/[?#]/)[0].split('/').pop() || url, url };
  }).filter((f) => f.url);
}

/** Stored values as a sheet shows them: option labels, people's and departments' names, files as "name <link>" lines. */
export class CellText {
  private readonly dicts = new Map<string, Map<string, string>>();
  private readonly users = new Map<string, string>();
  private readonly depts = new Map<string, string>();
  constructor(private readonly db: Db, private readonly directory: Directory, private readonly tenantId: string, private readonly lang: Lang) {}

  /** Looks up the names the rows' values need (once per dictionary, person and department). */
  async prepare(items: ItemRow[], rows: Row[]): Promise<void> {
    for (const it of items) {
      if (it.fieldType === 'select' && it.dictCode && !this.dicts.has(it.dictCode)) {
        this.dicts.set(it.dictCode, new Map(((await this.directory.dictOptions(it.dictCode)) ?? []).map((o) => [o.value, o.label])));
      }
    }
    const want = { user: new Set<string>(), dept: new Set<string>() };
    for (const it of items) {
      if (it.fieldType !== 'user' && it.fieldType !== 'dept') continue;
      const known = it.fieldType === 'user' ? this.users : this.depts;
      for (const r of rows) for (const id of ids(r[it.fieldName])) if (!known.has(id)) want[it.fieldType].add(id);
    }
    const t = scoped(this.db, this.tenantId);
    for (const chunk of chunks([...want.user], BATCH)) {
      for (const u of await t.selectFrom('bladeUser').select(['id', 'realName', 'name', 'account']).where('id', 'in', chunk).execute()) this.users.set(String(u.id), String(u.realName || u.name || u.account));
      for (const id of chunk) if (!this.users.has(id)) this.users.set(id, id);
    }
    for (const chunk of chunks([...want.dept], BATCH)) {
      for (const d of await t.selectFrom('bladeDept').select(['id', 'deptName']).where('id', 'in', chunk).execute()) this.depts.set(String(d.id), String(d.deptName));
      for (const id of chunk) if (!this.depts.has(id)) this.depts.set(id, id);
    }
  }

  /** One value as its cell holds it (a number stays a number). */
  cell(it: ItemRow, v: unknown): string | number | null {
    return this.formatter(it)(v);
  }

  /**
   * A field's values as cells hold them, the field's type looked at once (an export formats every
   * row of a column with it); names looked up by prepare are read when a value is formatted.
   */
  formatter(it: ItemRow): (v: unknown) => string | number | null {
    const empty = (v: unknown) => v === null || v === undefined || v === '';
    switch (it.fieldType) {
      case 'int': case 'decimal': return (v) => { if (empty(v)) return null; const n = Number(v); return Number.isFinite(n) ? n : String(v); };
      case 'select': return (v) => {
        if (empty(v)) return null;
        const labels = it.dictCode ? this.dicts.get(it.dictCode) : undefined;
        return labels ? String(v).split(',').map((k) => labels.get(k) ?? k).join(',') : String(v);
      };
      case 'user': return (v) => (empty(v) ? null : ids(v).map((id) => this.users.get(id) ?? id).join(','));
      case 'dept': return (v) => (empty(v) ? null : ids(v).map((id) => this.depts.get(id) ?? id).join(','));
      case 'file': return (v) => (empty(v) ? null : filesOf(v).map((f) => `${f.name} <${f.url}>`).join('\n'));
      case 'signature': { const signed = t(MSG.xlsSigned, this.lang); return (v) => (empty(v) ? null : /^data:/.test(String(v)) ? signed : String(v)); }
      default: return (v) => (empty(v) ? null : String(v));
    }
  }
}

function* chunks<T>(list: T[], n: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += n) yield list.slice(i, i + n);
}

/** The headings of an export's sheets (and of the import template): main first, then each child. */
export function headings(shape: AppShape, rights: AppRights, lang: Lang, forImport = false): { part: Part; name: string; items: ItemRow[]; heads: string[] }[] {
  const names = sheetNames(shape, lang);
  return [shape.main, ...shape.children].map((part, i) => {
    const items = forImport ? writableItems(part, rights) : visibleItems(part, rights);
    const labels = items.map((it) => labelOf(it, lang));
    const heads = i === 0
      ? (forImport ? labels : [t(MSG.xlsId, lang), ...labels, t(MSG.xlsStatus, lang)])
      : [t(MSG.xlsParent, lang), ...labels];
    return { part, name: names[i], items, heads };
  });
}

const widthOf = (head: string, it?: ItemRow) => Math.min(40, Math.max(10, head.length * 2 + 2, it?.fieldType === 'text' || it?.fieldType === 'file' ? 30 : 0));

/** A column's letters (0 → A, 26 → AA). */
const columnLetters = (j: number): string => (j < 26 ? String.fromCharCode(65 + j) : columnLetters(Math.floor(j / 26) - 1) + String.fromCharCode(65 + (j % 26)));
// as exceljs writes a cell's text: the five XML entities escaped, characters XML cannot hold left out
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
const XML_ENTITY: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const xmlText = (s: string): string => (XML_SPECIAL.test(s) ? s.replace(/[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g, (c) => XML_ENTITY[c] ?? '') : s);
/** One cell of a sheet row as exceljs's writer puts it (no shared strings, no style): numbers as values, text inline; empty: nothing. */
const cellXml = (ref: string, v: string | number | null): string => (v === null ? ''
  : typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="str"><v>${xmlText(v)}</v></c>`);

export class BizExcel {
  constructor(private readonly db: Db, private readonly data: BizData, private readonly directory: Directory) {}

  /**
   * Writes the export of the records the query matches (ids: those records) to `out`, streaming.
   * Call matchingKeys first (a bad query is a 400 before anything is sent).
   *
   * The package is written here (excel-xlsx.ts: the parts and ZIP exceljs's streaming writer makes
   * with these settings, deflated as they go), the rows as the XML its writer makes
   * (`<row r spans><c r t="str"><v>…</v></c>…`), from per-column formatters chosen once: exceljs's
   * Row and Cell objects per cell cost more than reading the rows from the database, and loading it
   * costs a server ~25 MB. The rows are read in batches (the next while this one is written) and
   * written as the answer drains.
   */
  async writeExport(out: Writable, ctx: Ctx, shape: AppShape, rights: AppRights, keys: string[], lang: Lang): Promise<void> {
    if (keys.length > BATCH) await this.analyzeFresh(shape, keys.length);
    const text = new CellText(this.db, this.directory, ctx.tenantId, lang);
    const sheets = headings(shape, rights, lang);
    const book = new XlsxWriter(out, sheets.map((s) => s.name));
    await book.begin();
    const status = new Map<unknown, string>();
    const statusOf = (v: unknown) => { let s = status.get(v); if (s === undefined) status.set(v, (s = statusText(v, lang))); return s; };
    for (const [i, s] of sheets.entries()) {
      const sheet = await book.open(`xl/worksheets/sheet${i + 1}.xml`);
      const spans = `" spans="1:${s.heads.length}" x14ac:dyDescent="0.25">`;
      const letters = s.heads.map((_, j) => columnLetters(j));
      // the heading row, then the data rows
      await sheet.write(sheetHead(s.heads.map((h, j) => widthOf(h, s.items[j - 1]))) + `<row r="1${spans}${s.heads.map((h, j) => cellXml(letters[j] + 1, h)).join('')}</row>`);
      const p = s.part;
      const cols = [...s.items.map((it) => it.fieldName), ...(i === 0 ? [p.dataStatus] : [])];
      const first = i === 0 ? p.key : p.parentKey!;
      const fields = s.items.map((it) => ({ name: it.fieldName, format: text.formatter(it) }));
      const lookups = s.items.some((it) => it.fieldType === 'select' || it.fieldType === 'user' || it.fieldType === 'dept');
      const fetch = (batch: string[]) => (i === 0 ? this.data.rowsByKeys(ctx, p, batch, cols) : this.data.childRowsOf(ctx, p, batch, cols));
      // the next batch is read while this one is written
      const batches = [...chunks(keys, EXPORT_BATCH)];
      let next = batches.length ? fetch(batches[0]) : null;
      let n = 1;
      for (let b = 0; b < batches.length; b++) {
        const rows = await next!;
        next = b + 1 < batches.length ? fetch(batches[b + 1]) : null;
        // (a failed read of the next batch surfaces when it is awaited)
        next?.catch(() => undefined);
        if (lookups) await text.prepare(s.items, rows);
        let xml = '';
        for (const r of rows) {
          const row = String(++n);
          xml += `<row r="${row}${spans}${cellXml(letters[0] + row, String(r[first]))}`;
          for (let j = 0; j < fields.length; j++) xml += cellXml(letters[j + 1] + row, fields[j].format(r[fields[j].name]));
          if (i === 0) xml += cellXml(letters[fields.length + 1] + row, statusOf(r[p.dataStatus]));
          xml += '</row>';
        }
        if (xml) await sheet.write(xml);
      }
      await sheet.write(SHEET_TAIL);
      await sheet.end();
    }
    await book.finish();
  }

  /**
   * Gives the planner statistics of an app's tables that are out of date (filled in bulk since they
   * were made or last analysed, before autovacuum came by): without them it reads a batch by key with
   * a scan of the whole table. `records`: how many the export takes (the main table holds at least
   * that many); always: after an import, whatever they were.
   */
  async analyzeFresh(shape: AppShape, records = 0, always = false): Promise<void> {
    const parts = [shape.main, ...shape.children];
    const r = await sql<{ name: string; n: number }>`select relname as name, reltuples::float8 as n from pg_class
      where relname in (${sql.join(parts.map((p) => p.table))}) and relnamespace = current_schema()::regnamespace`.execute(this.db);
    const tuples = new Map(r.rows.map((x) => [x.name, Number(x.n)]));
    const stale = always || (tuples.get(shape.main.table) ?? 0) < records / 2;
    for (const p of parts) {
      if (!tuples.has(p.table) || (!stale && (tuples.get(p.table) ?? 0) > 0)) continue;
      // the name is made and checked by physicalTable (tables.ts); maintenance, not a tenant's query
      await sql.raw(`analyze ${p.table}`).execute(this.db);
    }
  }

  /** The import template: only the headings the importer may fill (main sheet, then each child's). */
  async template(shape: AppShape, rights: AppRights, lang: Lang): Promise<Buffer> {
    const X = await excel();
    const book = new X.Workbook();
    for (const s of headings(shape, rights, lang, true)) {
      const ws = book.addWorksheet(s.name);
      ws.columns = s.heads.map((h, j) => ({ header: h, width: widthOf(h, s.items[s.part === shape.main ? j : j - 1]) }));
      ws.getRow(1).font = { bold: true };
      // required fields in red
      s.items.forEach((it, j) => { if (it.required) ws.getRow(1).getCell(s.part === shape.main ? j + 1 : j + 2).font = { bold: true, color: { argb: 'FFCF1322' } }; });
    }
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  /**
   * Imports the records of an .xlsx (already checked against the import limits): all or nothing.
   * Throws ImportRefused listing the problems (the transaction rolled back).
   */
  async importBook(buf: Buffer, ctx: Ctx, shape: AppShape, rights: AppRights, lang: Lang, who: Who, fileName: string, progress?: (rows: number) => void): Promise<{ imported: number; children: number }> {
    const sheetsByNo = await sheetsOf(buf);
    const order = [...sheetsByNo.entries()];
    if (!order.length) throw new ApiError(400, MSG.importBadFile);
    const mainNo = order[0][0];
    // a child sheet by its name in either language (an export or template of a Chinese or an English reader)
    const names = [...sheetNames(shape, 'zh'), ...sheetNames(shape, 'en')];
    const childOf = (name: string): Part | undefined => {
      const n = name.trim().toLowerCase();
      return shape.children.find((c, i) => [names[i + 1], names[shape.children.length + i + 2], c.model.modelName, c.model.modelNameEn ?? '', c.model.modelTable, c.prop].some((x) => x.toLowerCase() === n));
    };
    const state = new ImportState(shape, rights, lang);
    state.progress = progress;
    state.dicUrls = this.data.optionSources(ctx, who, shape.appId);
    const result = await this.db.transaction().execute(async (tx) => {
      try {
        return await this.importIn(tx, buf, ctx, shape, lang, who, fileName, state, sheetsByNo, mainNo, childOf);
      } catch (e) {
        // a failed insert aborts the transaction: what came after it failed for that reason
        await state.written().catch(() => undefined);
        throw state.writeError ?? e;
      }
    });
    // a bulk load leaves the planner's statistics behind: lists and exports read by index again at once
    if (result.imported + result.children >= 5000) await this.analyzeFresh(shape, 0, true);
    return result;
  }

  private async importIn(tx: Db, buf: Buffer, ctx: Ctx, shape: AppShape, lang: Lang, who: Who, fileName: string, state: ImportState, sheetsByNo: Map<number, string>, mainNo: number, childOf: (name: string) => Part | undefined): Promise<{ imported: number; children: number }> {
    const X = await excel();
    {
      const reader = new ImportReader(tx, new Directory(tx), ctx, lang);
      const deferred: { part: Part; sheet: string; rows: ExcelJS.Row[] }[] = [];
      const book = new X.stream.xlsx.WorkbookReader(Readable.from([buf]), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
      let mainDone = false;
      for await (const ws of book) {
        const no = Number((ws as unknown as { id: string }).id);
        const sheet = sheetsByNo.get(no) ?? `Sheet${no}`;
        if (no === mainNo) {
          let batch: ExcelJS.Row[] = [];
          for await (const row of ws) {
            if (!state.mainHeads) { state.readMainHeads(row); continue; }
            batch.push(row);
            if (batch.length >= BATCH) { await this.mainBatch(tx, ctx, reader, state, sheet, batch); batch = []; }
          }
          if (!state.mainHeads) throw new ApiError(400, MSG.importEmpty);
          if (batch.length) await this.mainBatch(tx, ctx, reader, state, sheet, batch);
          mainDone = true;
          for (const d of deferred) await this.childRows(tx, ctx, reader, state, d.part, d.sheet, d.rows);
          continue;
        }
        const part = childOf(sheet);
        if (!part) { for await (const _ of ws) { /* a sheet of no child model: read past */ } continue; }
        const rows: ExcelJS.Row[] = [];
        for await (const row of ws) {
          rows.push(row);
          if (mainDone && rows.length > BATCH) { await this.childRows(tx, ctx, reader, state, part, sheet, rows.splice(0, rows.length)); }
        }
        if (mainDone) await this.childRows(tx, ctx, reader, state, part, sheet, rows);
        else deferred.push({ part, sheet, rows });
      }
      if (!mainDone) throw new ApiError(400, MSG.importEmpty);
      await state.written();
      if (state.problems) throw new ImportRefused(state.errors, state.problems);
      if (!state.imported) throw new ApiError(400, MSG.importEmpty);
      await writeAudit(tx, who, { appId: shape.appId, module: 'dataManagement', operate: 'add', after: { import: fileName.slice(0, 200), imported: state.imported, children: state.children } });
      return { imported: state.imported, children: state.children };
    }
  }

  /** One batch of main rows: read back into stored values, checked, and (while nothing failed) inserted. */
  private async mainBatch(tx: Db, ctx: Ctx, reader: ImportReader, state: ImportState, sheet: string, rows: ExcelJS.Row[]): Promise<void> {
    const p = state.shape.main;
    const cols = state.mainCols;
    const raws = rows.map((row) => ({ row: row.number, cells: cols.map(([i]) => cellValue(row.getCell(i).value)), ref: state.idCol ? refOf(row.getCell(state.idCol).value) : '' }))
      .filter((r) => r.cells.some((c) => c !== null));
    if (!raws.length) return;
    const items = cols.map(([, it]) => it);
    state.read(rows.length);
    await reader.prepare(items, raws.map((r) => r.cells));
    const values = raws.map((r) => reader.values(items, r.cells));
    const checked = await reader.directory.formErrorsMany(ctx.tenantId, state.mainForm, values.map((v) => v.values), state.lang, { writable: (c) => c.type !== 'dynamic', dicUrls: state.dicUrls });
    const out: Row[] = [];
    const collect: { bizCode: string; newData: unknown }[] = [];
    raws.forEach((r, i) => {
      const problems = [...values[i].problems, ...checked[i]];
      const key = nextId();
      state.byRow.set(r.row, key);
      if (r.ref) state.byRef.set(r.ref, key);
      if (problems.length) return state.fail(sheet, r.row, problems);
      const row: Row = { [p.key]: key };
      for (const it of items) row[it.fieldName] = toColumn(it, values[i].values[it.fieldName]);
      out.push(row);
      collect.push({ bizCode: key, newData: values[i].values });
    });
    if (state.problems) return;
    state.imported += out.length;
    await state.write(async () => {
      await this.data.insertMany(ctx, tx, p, out);
      await writeCollectMany(tx, ctx, { appId: state.shape.appId, bizName: state.shape.appName, tableName: p.model.modelTable, source: 'app', method: 'insert', type: 'main' }, collect);
    });
  }

  /** The rows of a child sheet (the main sheet read): attached by their first column, checked, inserted. */
  private async childRows(tx: Db, ctx: Ctx, reader: ImportReader, state: ImportState, c: Part, sheet: string, rows: ExcelJS.Row[]): Promise<void> {
    let heads = state.childHeads.get(c);
    let start = 0;
    if (!heads) {
      if (!rows.length) return;
      heads = state.readChildHeads(c, rows[0]);
      start = 1;
    }
    const items = heads.map(([, it]) => it);
    state.read(rows.length);
    const raws = rows.slice(start).map((row) => ({ row: row.number, ref: refOf(row.getCell(1).value), cells: heads!.map(([i]) => cellValue(row.getCell(i).value)) }))
      .filter((r) => r.ref || r.cells.some((x) => x !== null));
    if (!raws.length) return;
    await reader.prepare(items, raws.map((r) => r.cells));
    const values = raws.map((r) => reader.values(items, r.cells));
    const checked = await reader.directory.formErrorsMany(ctx.tenantId, state.childForm(c), values.map((v) => v.values), state.lang, { dicUrls: state.dicUrls });
    const out: Row[] = [];
    const collect: { bizCode: string; newData: unknown }[] = [];
    raws.forEach((r, i) => {
      const problems = [...values[i].problems, ...checked[i]];
      const parent = state.byRef.get(r.ref) ?? (/^\d{1,7}$/.test(r.ref) ? state.byRow.get(Number(r.ref)) : undefined);
      if (!parent) problems.unshift(t(MSG.importNoParent, state.lang, { ref: r.ref.slice(0, 40) }));
      else if (c.relation === 'one') {
        const seen = state.oneSeen.get(c) ?? new Set<string>();
        state.oneSeen.set(c, seen);
        if (seen.has(parent)) problems.push(t(MSG.importOneChild, state.lang, { model: c.model.modelName }));
        seen.add(parent);
      }
      if (problems.length) return state.fail(sheet, r.row, problems);
      const row: Row = { [c.parentKey!]: parent };
      for (const it of items) row[it.fieldName] = toColumn(it, values[i].values[it.fieldName]);
      out.push(row);
      // as a saved record's child rows are logged: under the main record's key, in the child table
      collect.push({ bizCode: parent!, newData: values[i].values });
    });
    if (state.problems) return;
    state.children += out.length;
    await state.write(async () => {
      await this.data.insertMany(ctx, tx, c, out);
      await writeCollectMany(tx, ctx, { appId: state.shape.appId, bizName: state.shape.appName, tableName: `${c.model.modelTable}_dynamic`, source: 'app', method: 'insert', type: c.relation === 'one' ? 'one' : 'more' }, collect);
    });
  }
}

/** An import refused: its problems (at most MAX_LISTED) and how many there were. */
export class ImportRefused extends Error {
  constructor(readonly errors: ImportError[], readonly total: number) {
    super(`import refused: ${total} problems`);
  }
}
export interface ImportError { sheet: string; row: number; field: string | null; message: string }

/** What an import has read so far. */
class ImportState {
  mainHeads = false;
  /** the main sheet's columns: [column number, field] */
  mainCols: [number, ItemRow][] = [];
  idCol = 0;
  readonly childHeads = new Map<Part, [number, ItemRow][]>();
  readonly byRow = new Map<number, string>();
  readonly byRef = new Map<string, string>();
  readonly oneSeen = new Map<Part, Set<string>>();
  readonly errors: ImportError[] = [];
  problems = 0;
  /** rows read so far (every sheet), told to progress as they go */
  rowsRead = 0;
  progress?: (rows: number) => void;
  read(n: number): void {
    this.rowsRead += n;
    this.progress?.(this.rowsRead);
  }
  imported = 0;
  children = 0;
  readonly mainForm: FormOption;
  /** the values of the app's option sources for the importing user (fields fed by options?id=) */
  dicUrls?: DicUrlResolver;
  private readonly childForms = new Map<Part, FormOption>();
  constructor(readonly shape: AppShape, readonly rights: AppRights, readonly lang: Lang) {
    this.mainForm = { column: writableItems(shape.main, rights).map((it) => formColumnOfItem(it, lang)) };
  }

  childForm(c: Part): FormOption {
    let f = this.childForms.get(c);
    if (!f) this.childForms.set(c, (f = { column: writableItems(c, this.rights).map((it): FormColumn => formColumnOfItem(it, this.lang)) }));
    return f;
  }

  /** The fields the headings of a row name (label in zh or en, or the field name), among those the importer may write. */
  private columnsOf(p: Part, row: ExcelJS.Row, from: number): [number, ItemRow][] {
    const items = writableItems(p, this.rights);
    const norm = (s: string) => s.replace(/[*＊\s]/g, '').toLowerCase();
    const out: [number, ItemRow][] = [];
    const taken = new Set<string>();
    row.eachCell((cell, i) => {
      if (i < from) return;
      const h = norm(String(cellValue(cell.value) ?? ''));
      if (!h) return;
      const it = items.find((x) => !taken.has(x.fieldName) && [x.fieldLabel, x.fieldLabelEn ?? '', x.fieldName].some((l) => l && norm(l) === h));
      if (it) { taken.add(it.fieldName); out.push([i, it]); }
    });
    return out;
  }

  readMainHeads(row: ExcelJS.Row): void {
    this.mainHeads = true;
    this.mainCols = this.columnsOf(this.shape.main, row, 1);
    if (!this.mainCols.length) throw new ApiError(400, MSG.importNoColumns);
    const idHeads = new Set([t(MSG.xlsId, 'zh'), t(MSG.xlsId, 'en'), this.shape.main.upper.id].map((s) => s.toLowerCase()));
    row.eachCell((cell, i) => { if (!this.idCol && idHeads.has(String(cellValue(cell.value) ?? '').trim().toLowerCase())) this.idCol = i; });
  }

  readChildHeads(c: Part, row: ExcelJS.Row): [number, ItemRow][] {
    const cols = this.columnsOf(c, row, 2);
    this.childHeads.set(c, cols);
    return cols;
  }

  private writes: Promise<void> = Promise.resolve();
  private before: Promise<void> = Promise.resolve();
  /** what a queued write threw (the import fails with it) */
  writeError: unknown = null;
  /**
   * Queues a batch's inserts: the next batch is read and checked while the database writes this one
   * (in order: a child row's record is in before it). At most two batches wait; a failed write fails the import.
   */
  async write(fn: () => Promise<unknown>): Promise<void> {
    if (this.writeError) throw this.writeError;
    const waitFor = this.before;
    this.before = this.writes;
    this.writes = this.writes.then(async () => {
      try { if (!this.writeError) await fn(); } catch (e) { this.writeError ??= e; }
    });
    await waitFor;
    if (this.writeError) throw this.writeError;
  }

  /** Waits for every queued write; throws what a write threw. */
  async written(): Promise<void> {
    await this.writes;
    if (this.writeError) throw this.writeError;
  }

  fail(sheet: string, row: number, problems: string[]): void {
    this.problems += problems.length;
    for (const message of problems) if (this.errors.length < MAX_LISTED) this.errors.push({ sheet, row, field: null, message });
  }
}

/** A cell's value as text, a number or a date (rich text, links and formulas by what they show); null when empty. */
export function cellValue(v: ExcelJS.CellValue): string | number | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return cellValue(v.richText.map((x) => x.text).join(''));
    if ('text' in v && v.text !== undefined) return cellValue(typeof v.text === 'string' ? v.text : (v.text as { richText?: { text: string }[] }).richText?.map((x) => x.text).join('') ?? null);
    if ('result' in v) return cellValue((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('error' in v) return null;
  }
  return null;
}

/** The first column of a child row (or the ID column of a main row) as text. */
const refOf = (v: ExcelJS.CellValue): string => {
  const x = cellValue(v);
  return x === null ? '' : x instanceof Date ? '' : String(x).trim();
};

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const timeText = (d: Date) => `${dateText(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/** Turns what cells show back into the values a form submits: option keys, people's and departments' ids, files. */
class ImportReader {
  private readonly options = new Map<string, { keys: Set<string>; byLabel: Map<string, string> } | null>();
  private users = new Map<string, string | null>();
  private depts = new Map<string, string | null>();
  constructor(private readonly tx: Db, readonly directory: Directory, private readonly ctx: Ctx, private readonly lang: Lang) {}

  async prepare(items: ItemRow[], rows: (string | number | Date | null)[][]): Promise<void> {
    for (const it of items) {
      if (it.fieldType === 'select' && it.dictCode && !this.options.has(it.dictCode)) {
        const opts = await this.directory.dictOptions(it.dictCode);
        this.options.set(it.dictCode, opts && { keys: new Set(opts.map((o) => o.value)), byLabel: new Map(opts.map((o) => [o.label, o.value])) });
      }
    }
    const want = { user: new Set<string>(), dept: new Set<string>() };
    items.forEach((it, j) => {
      if (it.fieldType !== 'user' && it.fieldType !== 'dept') return;
      const known = it.fieldType === 'user' ? this.users : this.depts;
      for (const r of rows) for (const tok of tokens(r[j])) if (!known.has(tok)) want[it.fieldType].add(tok);
    });
    const t = scoped(this.tx, this.ctx.tenantId);
    for (const chunk of chunks([...want.user], 500)) {
      const accounts = chunk.map((x) => accountIn(x) ?? x);
      const idList = chunk.filter((x) => /^\d{1,19}$/.test(x));
      const found = await t.selectFrom('bladeUser').select(['id', 'account', 'realName']).where('isDeleted', '=', 0)
        .where((eb) => eb.or([eb('account', 'in', accounts), eb('realName', 'in', chunk), ...(idList.length ? [eb('id', 'in', idList)] : [])])).execute();
      for (const tok of chunk) {
        const acc = accountIn(tok);
        const byAcc = found.find((u) => u.account === (acc ?? tok));
        const byId = found.find((u) => String(u.id) === tok);
        const byName = found.filter((u) => u.realName === tok);
        this.users.set(tok, byId ? String(byId.id) : byAcc ? String(byAcc.id) : byName.length === 1 ? String(byName[0].id) : null);
      }
    }
    for (const chunk of chunks([...want.dept], 500)) {
      const idList = chunk.filter((x) => /^\d{1,19}$/.test(x));
      const found = await t.selectFrom('bladeDept').select(['id', 'deptName']).where('isDeleted', '=', 0)
        .where((eb) => eb.or([eb('deptName', 'in', chunk), ...(idList.length ? [eb('id', 'in', idList)] : [])])).execute();
      for (const tok of chunk) {
        const byId = found.find((d) => String(d.id) === tok);
        const byName = found.filter((d) => d.deptName === tok);
        this.depts.set(tok, byId ? String(byId.id) : byName.length === 1 ? String(byName[0].id) : null);
      }
    }
  }

  /** A row's cells as form values, with what could not be read back (an unknown person, say). */
  values(items: ItemRow[], cells: (string | number | Date | null)[]): { values: Row; problems: string[] } {
    const values: Row = {};
    const problems: string[] = [];
    items.forEach((it, j) => {
      const v = cells[j];
      if (v === null) return;
      const label = labelOf(it, this.lang);
      switch (it.fieldType) {
        case 'int': case 'decimal':
          values[it.fieldName] = typeof v === 'number' ? v : v instanceof Date ? dateText(v) : v;
          return;
        case 'date':
          values[it.fieldName] = v instanceof Date ? dateText(v) : String(v);
          return;
        case 'datetime':
          values[it.fieldName] = v instanceof Date ? timeText(v) : String(v);
          return;
        case 'select': {
          const o = it.dictCode ? this.options.get(it.dictCode) : null;
          const list = String(v).split(/[,，]/).map((s) => s.trim()).filter(Boolean).map((x) => (o && !o.keys.has(x) ? (o.byLabel.get(x) ?? x) : x));
          const bad = o ? list.find((x) => !o.keys.has(x)) : undefined;
          if (bad !== undefined) problems.push(`${label}：${t(MSG.importUnknownOption, this.lang, { value: bad.slice(0, 40) })}`);
          values[it.fieldName] = list.join(',');
          return;
        }
        case 'user': case 'dept': {
          const known = it.fieldType === 'user' ? this.users : this.depts;
          const out: string[] = [];
          for (const tok of tokens(v)) {
            const id = known.get(tok);
            if (id) out.push(id);
            else problems.push(`${label}：${t(it.fieldType === 'user' ? MSG.importUnknownPerson : MSG.importUnknownDept, this.lang, { value: tok.slice(0, 40) })}`);
          }
          values[it.fieldName] = out.join(',');
          return;
        }
        case 'file': {
          const text = String(v).trim();
          if (text.startsWith('[')) { values[it.fieldName] = filesOf(text); return; }
          values[it.fieldName] = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).map((line) => {
            const m = /^(.*?)\s*<([^<>\s]+)>$/.exec(line);
            return m ? { name: m[1] || m[2].split('/').pop()!, url: m[2] } : { name: line.split(/[?#]/)[0].split('/').pop() || line, url: line };
          });
          return;
        }
        case 'signature': {
          // the export shows a drawn signature as 已签名 / Signed: the image itself cannot come back from a cell
          const text = String(v).trim();
          if (text === t(MSG.xlsSigned, 'zh') || text === t(MSG.xlsSigned, 'en')) return;
          values[it.fieldName] = text;
          return;
        }
        default:
          values[it.fieldName] = v instanceof Date ? (it.fieldType === 'string' || it.fieldType === 'text' ? dateText(v) : timeText(v)) : String(v);
      }
    });
    return { values, problems };
  }
}

/** The names or ids a people / department cell lists (comma-separated). */
const tokens = (v: unknown): string[] => (v === null || v === undefined ? [] : String(v).split(/[,，;；\n]/).map((s) => s.trim()).filter(Boolean).map((s) => s.slice(0, 100)));
/** "张三 (zhangsan)" → zhangsan. */
const accountIn = (tok: string): string | null => /[(（]\s*([^()（）\s]+)\s*[)）]\s*$/.exec(tok)?.[1] ?? null;

/** The worksheets of an .xlsx by the number of their part (xl/worksheets/sheetN.xml), in the workbook's order, with their names. */
export async function sheetsOf(buf: Buffer): Promise<Map<number, string>> {
  const JSZip = (await import('jszip')).default;
  let zip: InstanceType<typeof JSZip>;
  try { zip = await JSZip.loadAsync(buf); } catch { throw new ApiError(400, MSG.importBadFile); }
  const book = await zip.file('xl/workbook.xml')?.async('string');
  const rels = await zip.file('xl/_rels/workbook.xml.rels')?.async('string');
  if (!book || !rels) throw new ApiError(400, MSG.importBadFile);
  // an attribute of one tag: every name="value" pair read by one fixed pattern (no pattern built per call)
  const attr = (tag: string, name: string) => [...tag.matchAll(/\s([\w:]+)="([^"]*)"/g)].find((m) => m[1] === name)?.[2];
  const target = new Map<string, string>();
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attr(m[0], 'Id');
    const to = attr(m[0], 'Target');
    if (id && to) target.set(id, to);
  }
  const out = new Map<number, string>();
  for (const m of book.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const rid = attr(m[0], 'r:id') ?? attr(m[0], '[\\w]+:id');
    const no = /worksheets\/sheet(\d+)\.xml$/.exec(target.get(rid ?? '') ?? '')?.[1];
    if (no) out.set(Number(no), unescapeXml(attr(m[0], 'name') ?? `Sheet${no}`));
  }
  return out;
}

const unescapeXml = (s: string) => s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
  const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
  if (named[e.toLowerCase()]) return named[e.toLowerCase()];
  return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
});

export { DATA_STATUS };
