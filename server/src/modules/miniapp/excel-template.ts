// Export templates filled with records (001 §7.1 appTemplateFiles exportTemplate) and the export
// with its files (exportBizDataFiles). A template is an .xlsx whose cells hold ${...} placeholders:
//   ${field}           a main field, by its field name or its label (zh or en); ${ID}, ${status}
//   ${appName} ${exportTime} ${total} ${index}   the app, when, how many records, the record's number
//   ${child.field}     a child model's field (child: its table, sub-table prop or model name)
// 'list': the first row holding a field placeholder is repeated per record (the rest of the sheet is
// kept, its placeholders filled once). 'form': the first sheet is copied per record; a row holding
// ${child.field} is repeated per child row of the record. A signature placeholder alone in its cell
// becomes the image, 80 × 50 (001 §5). Hidden fields fill as empty, as they are in every answer.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import type { Lang } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import type { Ctx, Row } from '../../db/repo.ts';
import { ApiError } from '../../http/errors.ts';
import { formatBytes } from '../../http/xlsx-guard.ts';
import { t } from '../../http/messages.ts';
import type { Directory } from '../system/directory.ts';
import type { AppShape, BizData, Part } from './biz-data.ts';
import { BizExcel, CellText, excel, filesOf, labelOf, sheetNames, visibleItems } from './excel.ts';
import type { StoredFiles } from './excel-files.ts';
import { MSG } from './messages.ts';
import type { AppRights } from './permissions.ts';
import type { ItemRow } from './tables.ts';

/** Records a list template takes at once, and a form template (a sheet each). */
export const LIST_TEMPLATE_MAX = 20_000;
export const FORM_TEMPLATE_MAX = 500;
/** The attachments an exportBizDataFiles zip carries at most, in all. */
export const FILES_MAX_BYTES = 1024 * 1024 * 1024;

const PLACEHOLDER = /\$\{\s*([^{}]+?)\s*\}/g;
const SIGNATURE = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+=*)$/;

const textOf = (v: ExcelJS.CellValue): string | null => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'richText' in v && Array.isArray(v.richText)) return v.richText.map((x) => x.text).join('');
  return null;
};

type Value = string | number | null;
type Lookup = (name: string) => { value: Value; raw?: unknown } | undefined;

/** Replaces the placeholders of one cell; a placeholder alone in its cell keeps a number a number, and a signature becomes its image. */
function fill(ws: ExcelJS.Worksheet, book: ExcelJS.Workbook, cell: ExcelJS.Cell, lookup: Lookup, images: boolean): void {
  const text = textOf(cell.value);
  if (text === null || !text.includes('${')) return;
  const alone = /^\s*\$\{\s*([^{}]+?)\s*\}\s*$/.exec(text);
  if (alone) {
    const hit = lookup(alone[1]);
    const sig = images && typeof hit?.raw === 'string' ? SIGNATURE.exec(hit.raw) : null;
    if (sig) {
      const id = book.addImage({ base64: hit!.raw as string, extension: sig[1] as 'png' | 'jpeg' });
      ws.addImage(id, { tl: { col: Number(cell.col) - 1, row: Number(cell.row) - 1 }, ext: { width: 80, height: 50 } });
      cell.value = null;
      return;
    }
    cell.value = hit ? hit.value : null;
    return;
  }
  cell.value = text.replace(PLACEHOLDER, (_, name: string) => { const hit = lookup(name); return hit && hit.value !== null ? String(hit.value) : ''; });
}

const each = (ws: ExcelJS.Worksheet, fn: (cell: ExcelJS.Cell, row: number) => void, from = 1, to = Infinity) => {
  ws.eachRow({ includeEmpty: false }, (row, r) => { if (r >= from && r <= to) row.eachCell({ includeEmpty: false }, (cell) => fn(cell, r)); });
};
const namesIn = (ws: ExcelJS.Worksheet, r: number): string[] => {
  const out: string[] = [];
  ws.getRow(r).eachCell({ includeEmpty: false }, (cell) => { for (const m of (textOf(cell.value) ?? '').matchAll(PLACEHOLDER)) out.push(m[1]); });
  return out;
};

export class ExcelTemplates {
  constructor(private readonly db: Db, private readonly data: BizData, private readonly directory: Directory, private readonly files: StoredFiles) {}

  /** Whether a buffer is an .xlsx exceljs can read (a template's upload is checked so). */
  async readable(buf: Buffer): Promise<boolean> {
    try {
      await new (await excel()).Workbook().xlsx.load(buf as unknown as ArrayBuffer);
      return true;
    } catch {
      return false;
    }
  }

  /** The template filled with the records of these keys (the caller's range and field rights applied). */
  async fillTemplate(template: Buffer, type: 'list' | 'form', ctx: Ctx, shape: AppShape, rights: AppRights, keys: string[], lang: Lang): Promise<Buffer> {
    const max = type === 'form' ? FORM_TEMPLATE_MAX : LIST_TEMPLATE_MAX;
    if (keys.length > max) throw new ApiError(400, type === 'form' ? MSG.templateTooMany : MSG.listTemplateTooMany, { n: max });
    const X = await excel();
    const book = new X.Workbook();
    try {
      await book.xlsx.load(template as unknown as ArrayBuffer);
    } catch {
      throw new ApiError(400, MSG.templateBadFile);
    }
    const first = book.worksheets[0];
    if (!first) throw new ApiError(400, MSG.templateBadFile);
    const text = new CellText(this.db, this.directory, ctx.tenantId, lang);
    const main = shape.main;
    const mainItems = visibleItems(main, rights);
    const records: Row[] = [];
    for (let i = 0; i < keys.length; i += 1000) records.push(...(await this.data.rowsByKeys(ctx, main, keys.slice(i, i + 1000))));
    await text.prepare(mainItems, records);
    const exportTime = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const common: Record<string, Value> = { appname: shape.appName, exporttime: exportTime, total: records.length };
    const norm = (s: string) => s.trim().toLowerCase();
    // a field by its name or either label
    const fieldOf = (items: ItemRow[], name: string) => { const n = norm(name); return items.find((it) => [it.fieldName, it.fieldLabel, it.fieldLabelEn ?? ''].some((x) => x && norm(x) === n)); };
    const recordLookup = (r: Row | null, index: number): Lookup => (name) => {
      const n = norm(name);
      if (n in common) return { value: common[n] };
      if (n === 'index' || n === '序号') return { value: index };
      if (!r) return undefined;
      if (n === 'id' || n === '编号' || n === main.upper.id.toLowerCase()) return { value: String(r[main.key]) };
      if (n === 'status' || n === '状态') return { value: t((MSG as Record<string, readonly [string, string]>)[`xlsStatus${Number(r[main.dataStatus])}`] ?? MSG.xlsStatus1, lang) };
      const it = fieldOf(mainItems, name);
      if (it) return { value: text.cell(it, r[it.fieldName]), raw: r[it.fieldName] };
      // a hidden field (or a name of none) fills as empty
      return fieldOf(main.items, name) ? { value: null } : undefined;
    };

    if (type === 'list') {
      // the row repeated per record: the first holding a placeholder of a record's field
      let at = 0;
      first.eachRow({ includeEmpty: false }, (_row, r) => {
        if (!at && namesIn(first, r).some((n) => fieldOf(main.items, n) || ['id', '编号', 'index', '序号', 'status', '状态'].includes(norm(n)))) at = r;
      });
      if (!at) throw new ApiError(400, MSG.templateNoRow, { example: lang === 'en' ? '${field}' : '${字段}' });
      if (records.length > 1) first.duplicateRow(at, records.length - 1, true);
      records.forEach((r, i) => first.getRow(at + i).eachCell({ includeEmpty: false }, (cell) => fill(first, book, cell, recordLookup(r, i + 1), true)));
      if (!records.length) first.getRow(at).eachCell({ includeEmpty: false }, (cell) => fill(first, book, cell, recordLookup(null, 0), false));
      // the rest of the sheet: the app's name, the time, the total
      const end = at + Math.max(records.length, 1) - 1;
      each(first, (cell, r) => { if (r < at || r > end) fill(first, book, cell, recordLookup(null, 0), false); });
      return Buffer.from(await book.xlsx.writeBuffer());
    }

    // form: the first sheet copied per record, child rows repeated
    const model = JSON.parse(JSON.stringify(first.model)) as ExcelJS.WorksheetModel & { merges?: string[] };
    const children = shape.children.map((c) => ({ part: c, items: visibleItems(c, rights), names: [c.prop, c.model.modelTable, c.model.modelName].map(norm) }));
    const childOf = (name: string) => { const dot = name.indexOf('.'); if (dot < 0) return null; const c = children.find((x) => x.names.includes(norm(name.slice(0, dot)))); return c ? { c, field: name.slice(dot + 1) } : null; };
    const used = new Set<string>();
    const firstItem = mainItems[0];
    for (const [i, r] of records.entries()) {
      const label = `${i + 1}${firstItem && r[firstItem.fieldName] !== null && r[firstItem.fieldName] !== undefined ? ` ${String(text.cell(firstItem, r[firstItem.fieldName]) ?? '')}` : ''}`.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim();
      let name = label || String(i + 1);
      for (let n = 2; used.has(name.toLowerCase()); n++) name = `${label.slice(0, 26)}(${n})`;
      used.add(name.toLowerCase());
      let ws = first;
      if (i === 0) first.name = name;
      else {
        ws = book.addWorksheet(name);
        ws.model = { ...JSON.parse(JSON.stringify(model)), name, id: ws.id, mergeCells: model.merges } as ExcelJS.WorksheetModel;
        ws.name = name;
      }
      const key = String(r[main.key]);
      // rows of child placeholders, bottom first (repeating a row moves those under it)
      const childRows: number[] = [];
      ws.eachRow({ includeEmpty: false }, (_row, rn) => { if (namesIn(ws, rn).some((n) => childOf(n))) childRows.push(rn); });
      for (const rn of childRows.reverse()) {
        const hit = namesIn(ws, rn).map(childOf).find(Boolean)!;
        const rows = await this.data.childRowsOf(ctx, hit.c.part, [key]);
        await text.prepare(hit.c.items, rows);
        if (rows.length > 1) ws.duplicateRow(rn, rows.length - 1, true);
        const childLookup = (row: Row | null, index: number): Lookup => (name) => {
          const x = childOf(name);
          if (!x) return recordLookup(r, i + 1)(name);
          if (!row) return { value: null };
          if (norm(x.field) === 'index' || x.field === '序号') return { value: index };
          const it = fieldOf(x.c.items, x.field);
          return it ? { value: text.cell(it, row[it.fieldName]), raw: row[it.fieldName] } : { value: null };
        };
        if (!rows.length) ws.getRow(rn).eachCell({ includeEmpty: false }, (cell) => fill(ws, book, cell, childLookup(null, 0), false));
        rows.forEach((row, j) => ws.getRow(rn + j).eachCell({ includeEmpty: false }, (cell) => fill(ws, book, cell, childLookup(row, j + 1), true)));
      }
      each(ws, (cell) => fill(ws, book, cell, recordLookup(r, i + 1), true));
    }
    if (!records.length) each(first, (cell) => fill(first, book, cell, recordLookup(null, 0), false));
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  /**
   * exportBizDataFiles: a zip of the export (.xlsx) and the attachments and signatures of the records
   * the reader may see, a folder per record id. Checks the size first (400 past FILES_MAX_BYTES).
   */
  async zipExport(ctx: Ctx, shape: AppShape, rights: AppRights, keys: string[], lang: Lang, xl: BizExcel): Promise<{ stream: Readable; done: () => Promise<void> }> {
    const JSZip = (await import('jszip')).default;
    const zip = new JSZip();
    let total = 0;
    const names = new Set<string>();
    const unique = (path: string) => {
      let p = path;
      for (let n = 2; names.has(p); n++) p = path.replace(/(\.[^./]+)?$/, (ext) => `(${n})${ext}`);
      names.add(p);
      return p;
    };
    const safe = (s: string) => s.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 120) || '_';
    const parts: { part: Part; items: ItemRow[]; title: string }[] = [shape.main, ...shape.children].map((part, i) => ({
      part, title: i === 0 ? '' : sheetNames(shape)[i], items: visibleItems(part, rights).filter((it) => it.fieldType === 'file' || it.fieldType === 'signature'),
    })).filter((x) => x.items.length);
    for (let i = 0; i < keys.length && parts.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      for (const { part, items, title } of parts) {
        const rows = part === shape.main ? await this.data.rowsByKeys(ctx, part, batch) : await this.data.childRowsOf(ctx, part, batch);
        const seen = new Map<string, number>();
        for (const r of rows) {
          const recordId = String(r[part === shape.main ? part.key : part.parentKey!]);
          const n = (seen.get(recordId) ?? 0) + 1;
          seen.set(recordId, n);
          const prefix = `${recordId}/${title ? `${safe(title)}-${n}-` : ''}`;
          for (const it of items) {
            const v = r[it.fieldName];
            if (v === null || v === undefined || v === '') continue;
            const label = safe(labelOf(it, lang));
            if (it.fieldType === 'signature') {
              const m = SIGNATURE.exec(String(v));
              if (m) {
                const buf = Buffer.from(m[2], 'base64');
                total += buf.length;
                zip.file(unique(`${prefix}${label}.${m[1] === 'jpeg' ? 'jpg' : 'png'}`), buf);
                continue;
              }
            }
            for (const f of it.fieldType === 'signature' ? [{ name: `${label}.png`, url: String(v) }] : filesOf(v)) {
              const stored = await this.files.find(ctx.tenantId, f.url);
              if (!stored) continue;
              total += stored.size;
              if (total > FILES_MAX_BYTES) throw new ApiError(400, MSG.exportFilesTooLarge, { max: formatBytes(FILES_MAX_BYTES) });
              zip.file(unique(`${prefix}${label}-${safe(f.name)}`), stored.open() as never, { binary: true });
            }
          }
        }
      }
      if (total > FILES_MAX_BYTES) throw new ApiError(400, MSG.exportFilesTooLarge, { max: formatBytes(FILES_MAX_BYTES) });
    }
    // the export itself, written to a temporary file first (the zip reads it as it goes)
    const dir = await mkdtemp(join(tmpdir(), 'miniapp-export-'));
    const path = join(dir, 'export.xlsx');
    const pass = new PassThrough();
    const writing = pipeline(pass, createWriteStream(path));
    try {
      await Promise.all([xl.writeExport(pass, ctx, shape, rights, keys, lang).then(() => pass.end(), (e) => { pass.destroy(e); throw e; }), writing]);
    } catch (e) {
      await rm(dir, { recursive: true, force: true });
      throw e;
    }
    const { createReadStream } = await import('node:fs');
    zip.file(`${t(MSG.exportFileName, lang)}.xlsx`, createReadStream(path) as never, { binary: true });
    const stream = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 1 } }) as unknown as Readable;
    return { stream, done: () => rm(dir, { recursive: true, force: true }) };
  }
}
