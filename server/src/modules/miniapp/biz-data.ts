// Business data of a micro-app (001 §2.7, §3.3, §4): the records of its main model's table with the
// rows of its child models, through the common data layer (Repo: the caller's tenant, live rows,
// audit stamps, whitelisted filters and sorts, a count that stays flat however large the table). A
// record answers with its system columns in capitals ({TABLE}_ID, {TABLE}_DATA_STATUS,
// {TABLE}_DATA_FROM; a child row also its main row's key) and its fields by their names. Saving
// checks the values with the one form validator (the model's fields as a designed form, child models
// as sub-tables), writes the record and its child rows in one transaction following §4's child-row
// tracking, and only a record in status 1 (normal) may change or go.
import { sql } from 'kysely';
import { checkDesign, columnsOf, formColumnOfItem, miniModelLabel, type FormColumn, type FormOption, type Lang } from '@campus/schema';
import { dynamic, type Db } from '../../db/index.ts';
import { nextId } from '../../db/ids.ts';
import { filterWhere, parsePageQuery } from '../../db/page.ts';
import { isId, Repo, type Ctx, type Row } from '../../db/repo.ts';
import { registerTenantTable, scoped } from '../../db/tenant-scope.ts';
import { ApiError, failText } from '../../http/errors.ts';
import type { ColumnType } from '../../http/page.ts';
import type { AuthUser } from '../../http/auth.ts';
import type { DicUrlResolver, Directory } from '../system/directory.ts';
import { writeAudit, writeCollect, type Who } from './audit.ts';
import { MSG } from './messages.ts';
import { fieldRight, type AppRights } from './permissions.ts';
import { keyColumns, physicalTable, type ItemRow, type MiniTables, type ModelRow } from './tables.ts';

/**
 * What a save does besides the record (a process-bound app's submission, a process writing back):
 * status: a new record's data status (default 1); anyStatus: a record in any status may change;
 * replaceChildren: the child rows sent are all of that table (rows left out are removed);
 * before: runs once the values passed the form, before anything is written (a throw stops the save);
 * inTx: runs in the write's transaction after the record and its rows; undo: the write failed after before ran.
 */
export interface SaveOptions {
  /** only check (the values as the record would hold them are answered; nothing is written) */
  checkOnly?: boolean;
  status?: () => number;
  anyStatus?: boolean;
  replaceChildren?: boolean;
  before?: (values: Row) => Promise<void>;
  inTx?: (tx: Db, recordId: string) => Promise<void>;
  undo?: () => Promise<void>;
}

/** Data status (001 §4). */
export const DATA_STATUS = { normal: 1, returned: 2, circulating: 3, terminated: 4, revoked: 5 } as const;

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** One table of an app: its model, fields, key columns (camelCase as rows carry them) and data layer. */
export interface Part {
  model: ModelRow;
  table: string;
  items: ItemRow[];
  /** the props a client sends and reads: the model's table name in capitals + _ID …, and the sub-table prop of a child */
  upper: { id: string; dataStatus: string; dataFrom: string; parentKey?: string; tempId: string };
  key: string; dataStatus: string; dataFrom: string; parentKey?: string;
  prop: string;
  relation: 'one' | 'more' | null;
  repo: Repo;
}
export interface AppShape {
  appId: string; appName: string; main: Part; children: Part[];
  /** the dictionary (dicCode / dicUrl) the app's designed form gives a field its model leaves without one: "prop" or "<sub-table prop>.<prop>" */
  dictionaries: Map<string, Pick<FormColumn, 'dicCode' | 'dicUrl'>>;
}

/** An app's designed form when it is a usable design (null: none yet, or broken: the model's fields serve). */
export function designedForm(text: unknown): FormOption | null {
  if (typeof text !== 'string' || !text) return null;
  try {
    const o = JSON.parse(text) as FormOption;
    return o && typeof o === 'object' && Array.isArray(o.column ?? []) && (o.column?.length || o.group?.length) && !checkDesign(o, { optionSources: true }).length ? o : null;
  } catch {
    return null;
  }
}

/** The dictionaries a designed form's option fields name, by "prop" or "<sub-table prop>.<prop>". */
function dictionariesOf(option: FormOption | null): AppShape['dictionaries'] {
  const out: AppShape['dictionaries'] = new Map();
  for (const c of columnsOf(option)) {
    if (c.type === 'dynamic') {
      for (const x of c.children?.column ?? []) if (x?.prop && (x.dicCode || x.dicUrl)) out.set(`${c.prop}.${x.prop}`, { dicCode: x.dicCode, dicUrl: x.dicUrl });
    } else if (c.dicCode || c.dicUrl) out.set(c.prop, { dicCode: c.dicCode, dicUrl: c.dicUrl });
  }
  return out;
}

/** The rights of an app's managers: every record, field and operation (audit snapshots are taken so). */
const FULL: AppRights = { manager: true, access: true, operates: new Set(['add', 'edit', 'delete', 'view']), rows: 'all', fields: new Map() };

const COLUMN_TYPE: Record<string, ColumnType> = { int: 'number', decimal: 'number', date: 'date', datetime: 'date' };

/** The values of the app's option-source addresses a form's fields name, for this person (config-routes.ts sourceOptions). */
export type SourceValues = (ctx: Ctx, user: AuthUser, appId: string) => DicUrlResolver;

export class BizData {
  /** sourceValues: what saving checks option-source fields against (without it, such a field accepts no value). */
  constructor(private readonly db: Db, private readonly tables: MiniTables, private readonly directory: Directory, private readonly sourceValues?: SourceValues) {}

  /** The values of the app's option sources (dicUrl options?id=) for whoever writes, as the form check asks them (saves and imports alike). */
  optionSources(ctx: Ctx, who: Who, appId: string): DicUrlResolver | undefined {
    return who.user && this.sourceValues ? this.sourceValues(ctx, who.user, appId) : undefined;
  }

  /** The app's tables (400 when it has no designed, created main table: design it first). */
  async shape(tenantId: string, appId: string): Promise<AppShape> {
    const app = isId(appId) ? await scoped(this.db, tenantId).selectFrom('bladeAppInfo').select(['id', 'appName', 'modelId', 'formOption']).where('id', '=', appId).where('isDeleted', '=', 0).executeTakeFirst() : undefined;
    if (!app) throw new ApiError(400, MSG.noApp);
    const [main] = app.modelId ? await this.tables.models(this.db, tenantId, [app.modelId]) : [];
    if (!main || main.tableStatus === 0) throw new ApiError(400, MSG.designFirst);
    const children = await scoped(this.db, tenantId).selectFrom('bladeMiniModel').select(['id', 'modelName', 'modelNameEn', 'modelTable', 'parentId', 'relation', 'tableStatus', 'tableVersion'])
      .where('parentId', '=', main.id).where('isDeleted', '=', 0).where('tableStatus', '>', 0).orderBy('createTime').orderBy('id').execute();
    const mainPart = await this.part(tenantId, main);
    return {
      appId: app.id, appName: app.appName, main: mainPart, children: await Promise.all(children.map((c) => this.part(tenantId, c as ModelRow, main))),
      dictionaries: dictionariesOf(designedForm(app.formOption)),
    };
  }

  private async part(tenantId: string, model: ModelRow, parent?: ModelRow): Promise<Part> {
    const table = physicalTable(tenantId, model);
    // made at run time, perhaps on another node: the tenant scope must know it before any query
    registerTenantTable(table);
    const keys = keyColumns(model, parent);
    const items = await this.tables.items(this.db, tenantId, model.id);
    const key = camel(keys.id);
    const columns: Record<string, ColumnType> = { [key]: 'id', [camel(keys.dataStatus)]: 'number', createTime: 'date', updateTime: 'date' };
    if (keys.parentKey) columns[camel(keys.parentKey)] = 'id';
    // only the searchable fields filter (their index serves the query); every field sorts
    for (const it of items) columns[it.fieldName] = COLUMN_TYPE[it.fieldType] ?? 'string';
    const up = (s: string) => s.toUpperCase();
    return {
      model, table, items, key, dataStatus: camel(keys.dataStatus), dataFrom: camel(keys.dataFrom), parentKey: keys.parentKey && camel(keys.parentKey),
      upper: { id: up(keys.id), dataStatus: up(keys.dataStatus), dataFrom: up(keys.dataFrom), parentKey: keys.parentKey && up(keys.parentKey), tempId: up(`${model.modelTable}_temp_id`) },
      prop: `${model.modelTable}_dynamic`, relation: (model.relation as 'one' | 'more' | null) ?? null,
      repo: new Repo(this.db, { table, tenant: true, key, columns, defaultOrder: [{ field: 'createTime', dir: 'desc' }] }),
    };
  }

  /** A stored row as clients read it: a field hidden from the reader is not in it. */
  present(p: Part, row: Row, rights: AppRights): Row {
    const out: Row = { [p.upper.id]: row[p.key], [p.upper.dataStatus]: row[p.dataStatus], [p.upper.dataFrom]: row[p.dataFrom] };
    if (p.parentKey && p.upper.parentKey) out[p.upper.parentKey] = row[p.parentKey];
    for (const it of p.items) if (!fieldRight(rights, p.model.id, it.fieldName).hide) out[it.fieldName] = fromColumn(it, row[it.fieldName]);
    for (const k of ['createUser', 'createDept', 'createTime', 'updateUser', 'updateTime']) out[k] = row[k];
    return out;
  }

  /** The fields of a table the reader may write (neither hidden nor read-only for them). */
  writable(p: Part, rights: AppRights): Set<string> {
    return new Set(p.items.filter((it) => { const r = fieldRight(rights, p.model.id, it.fieldName); return !r.hide && !r.disabled; }).map((it) => it.fieldName));
  }

  /** The records of a table within the reader's range: all, their department's, or their own. */
  private inRange<Q extends { where: (...a: any[]) => Q }>(qb: Q, ctx: Ctx, rights: AppRights): Q {
    if (rights.rows === 'own') return qb.where('createUser', '=', ctx.userId);
    if (rights.rows === 'dept') return qb.where('createDept', 'in', ctx.deptId.split(',').filter(isId).concat('0'));
    return qb;
  }

  /** One record of the main table within the reader's range (null: none). */
  private async record(ctx: Ctx, shape: AppShape, id: unknown, rights: AppRights, db: Db = this.db): Promise<Row | null> {
    if (!isId(id)) return null;
    return (await this.inRange(shape.main.repo.select(ctx, db), ctx, rights).where(shape.main.key, '=', id).executeTakeFirst()) ?? null;
  }

  /**
   * The designed form the values are checked with: the main fields, each child model a sub-table; an
   * option field the model gives no dictionary takes the one the app's form names (dicCode or a
   * dictionary address), so its value is checked against that dictionary.
   */
  form(shape: AppShape, lang: Lang): FormOption {
    const cols = (p: Part): FormColumn[] => p.items.map((it) => {
      const col = formColumnOfItem(it, lang);
      const designed = col.dicCode ? undefined : shape.dictionaries.get(p === shape.main ? it.fieldName : `${p.prop}.${it.fieldName}`);
      return designed ? { ...col, ...(designed.dicCode ? { dicCode: designed.dicCode } : { dicUrl: designed.dicUrl }) } : col;
    });
    return { column: [...cols(shape.main), ...shape.children.map((c): FormColumn => ({ prop: c.prop, label: miniModelLabel(c.model, lang), type: 'dynamic', children: { column: cols(c) } }))] };
  }

  /** getBizData: a page of records; queryObj filters searchable fields only, sort is "field" or "field desc" (none: newest first). */
  async page(ctx: Ctx, shape: AppShape, q: { current?: unknown; size?: unknown; sort?: unknown; queryObj?: unknown }, rights: AppRights, maxSize = 200) {
    const p = shape.main;
    const query = this.listQuery(shape, q, rights);
    const page = await p.repo.page(ctx, query, (qb) => this.inRange(qb, ctx, rights), { maxSize });
    return { ...page, records: page.records.map((r) => this.present(p, r, rights)) };
  }

  /** A list's query as the data layer takes it (Repo.page / matchingKeys): its searchable filters and its sort, checked for the reader. */
  private listQuery(shape: AppShape, q: { current?: unknown; size?: unknown; sort?: unknown; queryObj?: unknown }, rights: AppRights): Row {
    const p = shape.main;
    const query: Row = { current: q.current, size: q.size };
    const filters = parseObject(q.queryObj);
    const searchable = new Set(p.items.filter((it) => { const r = fieldRight(rights, p.model.id, it.fieldName); return it.searchable && r.search && !r.hide; }).map((it) => it.fieldName));
    for (const [k, v] of Object.entries(filters)) {
      const base = k.replace(/_[a-z]+$/i, '');
      if (!searchable.has(base) && base !== p.upper.dataStatus) throw new ApiError(400, MSG.notSearchableField, { field: base.slice(0, 40) });
      query[base === p.upper.dataStatus ? `${p.dataStatus}_equal` : k] = v;
    }
    const sort = String(q.sort ?? '').trim();
    if (sort) {
      const [field, dir] = sort.split(/\s+/);
      const f = field === p.upper.id ? p.key : field;
      const visible = p.items.some((it) => it.fieldName === f && !fieldRight(rights, p.model.id, f).hide);
      if (!visible && f !== p.key && f !== 'createTime' && f !== 'updateTime') throw new ApiError(400, 'unknownSort', { field: field.slice(0, 40) });
      query[dir?.toLowerCase() === 'desc' ? 'descs' : 'ascs'] = f;
    }
    return query;
  }

  /**
   * Figures of the records a list with these filters would show the reader (queryAppDataForPortrait,
   * the workshop's cards): grouped by up to three visible fields (a date or date-time by day, month or
   * year), each group's count and the sum / average / least / greatest of visible number fields;
   * in SQL, within the reader's range. Largest first measure first, at most `limit` groups.
   */
  async aggregate(ctx: Ctx, shape: AppShape, q: PortraitQuery, rights: AppRights): Promise<{ dimensions: string[]; measures: string[]; rows: Row[] }> {
    const p = shape.main;
    const visible = new Map(p.items.filter((it) => !fieldRight(rights, p.model.id, it.fieldName).hide).map((it) => [it.fieldName, it]));
    const field = (name: string) => {
      const it = visible.get(name);
      if (!it && name !== 'createTime') throw new ApiError(400, MSG.notAvailableField, { field: name.slice(0, 40) });
      return it;
    };
    const pq = parsePageQuery(this.listQuery(shape, { queryObj: q.queryObj }, rights), p.repo.def.columns, { maxSize: 1 });
    let qb = this.inRange(p.repo.select(ctx), ctx, rights).clearSelect();
    if (pq.filters.length) qb = qb.where((eb) => filterWhere(eb, pq, p.repo.def.columns));
    const dimensions: string[] = [];
    for (const [i, d] of q.dimensions.entries()) {
      const [name, by] = d.split(':') as [string, string | undefined];
      const it = field(name);
      const dated = name === 'createTime' || it?.fieldType === 'date' || it?.fieldType === 'datetime';
      if (by && !dated) throw new ApiError(400, MSG.notAvailableField, { field: d.slice(0, 40) });
      const format = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' }[by ?? (dated ? 'day' : '')] ;
      const expr = format ? sql<string>`to_char(${sql.ref(name)}, ${sql.lit(format)})` : sql`${sql.ref(name)}`;
      qb = qb.select(expr.as(`d${i}`)).groupBy(expr);
      dimensions.push(d);
    }
    const measures: string[] = [];
    for (const [i, m] of q.measures.entries()) {
      if (m.agg === 'count') {
        qb = qb.select(sql<number>`count(*)`.as(`m${i}`));
      } else {
        const it = field(m.field ?? '');
        if (!it || !['int', 'decimal'].includes(it.fieldType)) throw new ApiError(400, MSG.notNumericField, { field: String(m.field ?? '').slice(0, 40) });
        qb = qb.select(sql<number>`${sql.raw(m.agg)}(${sql.ref(it.fieldName)})`.as(`m${i}`));
      }
      measures.push(m.agg === 'count' ? 'count' : `${m.agg}:${m.field}`);
    }
    if (measures.length) qb = qb.orderBy(sql.ref('m0'), 'desc');
    for (let i = 0; i < dimensions.length; i++) qb = qb.orderBy(sql.ref(`d${i}`));
    const found = (await qb.limit(q.limit).execute()) as Row[];
    const rows = found.map((r) => {
      const out: Row = {};
      dimensions.forEach((d, i) => { out[d] = r[`d${i}`] ?? null; });
      measures.forEach((m, i) => { out[m] = r[`m${i}`] === null || r[`m${i}`] === undefined ? null : Number(r[`m${i}`]); });
      return out;
    });
    return { dimensions, measures, rows };
  }

  /**
   * The keys of every record a list with this query would show the reader (no page limit), in its
   * order; ids narrow it to those records. An export reads the rows by these keys in batches
   * (rowsByKeys, childRowsOf), so memory holds keys, not records.
   */
  async matchingKeys(ctx: Ctx, shape: AppShape, q: { sort?: unknown; queryObj?: unknown; ids?: string[] }, rights: AppRights): Promise<string[]> {
    const p = shape.main;
    const pq = parsePageQuery(this.listQuery(shape, q, rights), p.repo.def.columns, { maxSize: 1 });
    let qb = this.inRange(p.repo.select(ctx), ctx, rights).clearSelect().select(p.key);
    if (pq.filters.length) qb = qb.where((eb) => filterWhere(eb, pq, p.repo.def.columns));
    if (q.ids) {
      if (!q.ids.length) return [];
      qb = qb.where(p.key, 'in', q.ids);
    }
    const order = pq.order.length ? pq.order : (p.repo.def.defaultOrder ?? []);
    for (const o of order) qb = qb.orderBy(o.field, o.dir);
    qb = qb.orderBy(p.key, 'desc');
    return (await qb.execute()).map((r) => String(r[p.key]));
  }

  /** Live rows of a table by key (the tenant's), in the keys' order; columns: only these (an export reads no more than it writes). */
  async rowsByKeys(ctx: Ctx, part: Part, keys: string[], columns?: string[]): Promise<Row[]> {
    if (!keys.length) return [];
    let qb = part.repo.select(ctx).where(part.key, '=', sql<string>`any(${keys}::bigint[])`);
    if (columns) qb = qb.clearSelect().select([...new Set([part.key, ...columns])]);
    const rows = await qb.execute();
    const byKey = new Map(rows.map((r) => [String(r[part.key]), r]));
    return keys.map((k) => byKey.get(k)).filter((r): r is Row => !!r);
  }

  /**
   * The live child rows of these main records, by record in the keys' order, each record's rows
   * oldest first; columns as rowsByKeys. The keys are joined as a list (unnest … with ordinality):
   * each record's rows come off the parent key's index in the keys' order (with `= any(keys)` the
   * planner reads the whole child table for a large batch, and the rows would still need sorting).
   */
  async childRowsOf(ctx: Ctx, c: Part, parentKeys: string[], columns?: string[]): Promise<Row[]> {
    if (!parentKeys.length) return [];
    const t = c.table;
    let qb = c.repo.select(ctx)
      .innerJoin(sql`unnest(${parentKeys}::bigint[]) with ordinality`.as('k'), (j) => j.onRef('k.k' as never, '=', `${t}.${c.parentKey!}` as never))
      .clearSelect().selectAll(t as never)
      .orderBy('k.ordinality' as never).orderBy(`${t}.createTime` as never).orderBy(`${t}.${c.key}` as never);
    if (columns) qb = qb.clearSelect().select([...new Set([c.key, c.parentKey!, ...columns])].map((x) => `${t}.${x}` as never));
    return qb.execute();
  }

  /**
   * Adds checked rows to a table in multi-row INSERTs (an import: each row's values as its columns
   * store them, main rows with their key already given); stamps the tenant, status 1, the source and
   * the audit columns as save does. Answers how many went in.
   */
  async insertMany(ctx: Ctx, tx: Db, part: Part, rows: Row[], from: 'app' | 'report' | 'flow' = 'app'): Promise<number> {
    const by = ctx.userId || null;
    const dept = ctx.deptId.split(',').find(isId) ?? null;
    const t = dynamic(scoped(tx, ctx.tenantId));
    // PostgreSQL binds at most 65,535 parameters a statement: a batch stays under it
    const perRow = part.items.length + 9;
    const size = Math.max(1, Math.min(1000, Math.floor(60_000 / perRow)));
    for (let i = 0; i < rows.length; i += size) {
      const values = rows.slice(i, i + size).map((r) => {
        const v: Row = { [part.key]: r[part.key] ?? nextId(), [part.dataStatus]: DATA_STATUS.normal, [part.dataFrom]: from, tenantId: ctx.tenantId, createUser: by, createDept: dept, updateUser: by };
        if (part.parentKey) v[part.parentKey] = r[part.parentKey];
        for (const it of part.items) v[it.fieldName] = r[it.fieldName] ?? null;
        return v;
      });
      await t.insertInto(part.table).values(values).execute();
    }
    return rows.length;
  }

  /** A record with its child rows (null when it is not the caller's tenant's or is removed). */
  async detail(ctx: Ctx, shape: AppShape, id: string, rights: AppRights): Promise<Row | null> {
    const row = await this.record(ctx, shape, id, rights);
    if (!row) return null;
    const out = this.present(shape.main, row, rights);
    for (const c of shape.children) out[c.prop] = (await this.childRows(ctx, c, id)).map((r) => this.present(c, r, rights));
    return out;
  }

  async childRows(ctx: Ctx, c: Part, parentId: string): Promise<Row[]> {
    return c.repo.select(ctx).where(c.parentKey!, '=', parentId).orderBy('createTime').orderBy(c.key).limit(10_000).execute();
  }

  /**
   * saveBizData: adds (no key) or changes a record in status 1 with its child rows, all or nothing.
   * Child rows follow §4: a row with its key is changed (or, marked isDeleted 1, removed); without a
   * key it is added; a one-to-one child keeps at most one row.
   */
  async save(ctx: Ctx, shape: AppShape, body: Row, lang: Lang, rights: AppRights, who: Who, from: 'app' | 'report' | 'flow' = 'app', opts: SaveOptions = {}): Promise<Row> {
    const p = shape.main;
    const id = body[p.upper.id];
    const existing = id !== undefined && id !== null && id !== '' ? await this.record(ctx, shape, id, rights) : null;
    if (id && !existing) throw new ApiError(400, 'noData');
    if (!rights.operates.has(existing ? 'edit' : 'add')) throw new ApiError(403, MSG.noOperate);
    if (existing && !opts.anyStatus && Number(existing[p.dataStatus]) !== DATA_STATUS.normal) throw new ApiError(400, MSG.onlyNormalEdit);
    // a field hidden from or read-only for the writer keeps its stored value: what they send for it is dropped
    const mainWritable = this.writable(p, rights);
    // what the record will hold: the stored values with the sent ones over them; live child rows only
    const values: Row = existing ? { ...this.present(p, existing, rights) } : {};
    for (const it of p.items) if (mainWritable.has(it.fieldName) && Object.hasOwn(body, it.fieldName)) values[it.fieldName] = body[it.fieldName];
    const childInput = new Map<Part, Row[]>();
    for (const c of shape.children) {
      const rows = body[c.prop];
      if (rows === undefined) continue;
      if (!Array.isArray(rows) || rows.length > 1000 || rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) throw new ApiError(400, 'invalid', { field: c.prop });
      childInput.set(c, opts.replaceChildren && existing ? await this.withUnsentRemoved(ctx, c, String(existing[p.key]), rows as Row[]) : (rows as Row[]));
      const live = (rows as Row[]).filter((r) => Number(r.isDeleted) !== 1);
      if (c.relation === 'one' && live.length > 1) throw new ApiError(400, MSG.oneChildOnly, { model: c.model.modelName });
      values[c.prop] = live;
    }
    const childWritable = new Map(shape.children.map((c) => [c.prop, this.writable(c, rights)]));
    const form = this.form(shape, lang);
    for (const col of form.column ?? []) {
      const w = childWritable.get(col.prop);
      if (w && col.children?.column) col.children.column = col.children.column.filter((x) => w.has(x.prop));
    }
    const errors = await this.directory.formErrors(ctx.tenantId, form, values, lang, {
      // a child table the body left out is not checked (its rows stay as they are); nor a field the writer may not write
      writable: (col) => (col.type === 'dynamic' ? Object.hasOwn(values, col.prop) : mainWritable.has(col.prop)),
      dicUrls: this.optionSources(ctx, who, shape.appId),
    });
    if (errors.length) {
      // a refused submission is a failed collection, kept with its reasons (the record is unchanged)
      await writeCollect(this.db, ctx, { appId: shape.appId, bizCode: existing ? String(existing[p.key]) : null, bizName: shape.appName, tableName: p.model.modelTable, source: from, method: existing ? 'update' : 'insert', type: 'main', ok: false, newData: body, info: errors.join(' | ') });
      throw failText(errors.join(' | '));
    }
    if (opts.checkOnly) return values;
    await opts.before?.(values);
    // the audit entry's "before": the whole record with its child rows, as its managers read it
    const before = existing ? await this.detail(ctx, shape, String(existing[p.key]), FULL) : null;
    return this.db.transaction().execute(async (tx) => {
      const row: Row = {};
      for (const it of p.items) if (mainWritable.has(it.fieldName) && Object.hasOwn(body, it.fieldName)) row[it.fieldName] = toColumn(it, body[it.fieldName]);
      if (existing) row[p.key] = existing[p.key];
      else Object.assign(row, { [p.dataStatus]: opts.status?.() ?? DATA_STATUS.normal, [p.dataFrom]: from });
      const saved = await p.repo.save(ctx, row, tx);
      const mainId = String(saved[p.key]);
      const collect = (part: Part, type: 'main' | 'one' | 'more', method: 'insert' | 'update', bizCode: string, oldData: unknown, newData: unknown) =>
        writeCollect(tx, ctx, { appId: shape.appId, bizCode, bizName: shape.appName, tableName: part.model.modelTable + (type === 'main' ? '' : '_dynamic'), source: from, method, type, ok: true, oldData, newData });
      await collect(p, 'main', existing ? 'update' : 'insert', mainId, existing && this.present(p, existing, FULL), this.present(p, saved, FULL));
      for (const [c, rows] of childInput) {
        const written = await this.saveChildren(ctx, tx, c, mainId, rows, !!existing, childWritable.get(c.prop)!, from);
        for (const w of written) await collect(c, c.relation === 'one' ? 'one' : 'more', w.old ? 'update' : 'insert', mainId, w.old && this.present(c, w.old, FULL), this.present(c, w.row, FULL));
        // a one-to-one table holds one row with those already stored (a row added without the stored
        // one's key, by saveBizChildData or a second save): counted after the write, under the main
        // row's lock the update above took, so two saves at once cannot both add one
        if (c.relation === 'one' && existing && Number((await c.repo.select(ctx, tx).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).where(c.parentKey!, '=', mainId).executeTakeFirstOrThrow()).n) > 1) {
          throw new ApiError(400, MSG.oneChildOnly, { model: c.model.modelName });
        }
      }
      const after: Row = this.present(p, saved, FULL);
      for (const c of shape.children) after[c.prop] = (await c.repo.select(ctx, tx).where(c.parentKey!, '=', mainId).orderBy('createTime').orderBy(c.key).limit(10_000).execute()).map((r) => this.present(c, r, FULL));
      await writeAudit(tx, who, { appId: shape.appId, module: 'dataManagement', bizId: mainId, operate: existing ? 'update' : 'add', before, after });
      await opts.inTx?.(tx, mainId);
      return this.present(p, saved, rights);
    }).catch(async (e: unknown) => {
      await opts.undo?.();
      throw e;
    });
  }

  /** A record's child rows as sent, plus a removal (isDeleted 1) of each of its live rows of that table the list leaves out. */
  private async withUnsentRemoved(ctx: Ctx, c: Part, mainId: string, rows: Row[]): Promise<Row[]> {
    const sent = new Set(rows.map((r) => r[c.upper.id]).filter((k) => k !== undefined && k !== null && k !== '').map(String));
    const own = (await c.repo.select(ctx).select(c.key).where(c.parentKey!, '=', mainId).execute()).map((r) => String(r[c.key]));
    return [...rows, ...own.filter((k) => !sent.has(k)).map((k): Row => ({ [c.upper.id]: k, isDeleted: 1 }))];
  }

  /** Writes a record's child rows of one child table; answers each row written with what it held before (none: added). */
  private async saveChildren(ctx: Ctx, tx: Db, c: Part, mainId: string, rows: Row[], mainExisted: boolean, writable: ReadonlySet<string>, from: 'app' | 'report' | 'flow'): Promise<{ old: Row | null; row: Row }[]> {
    const written: { old: Row | null; row: Row }[] = [];
    const own = mainExisted ? new Set((await c.repo.select(ctx, tx).select(c.key).where(c.parentKey!, '=', mainId).execute()).map((r) => String(r[c.key]))) : new Set<string>();
    const gone: string[] = [];
    for (const r of rows) {
      const key = r[c.upper.id];
      const has = key !== undefined && key !== null && key !== '';
      if (has && !own.has(String(key))) throw new ApiError(400, MSG.notOwnChild, { model: c.model.modelName });
      if (Number(r.isDeleted) === 1) { if (has) gone.push(String(key)); continue; }
      const values: Row = {};
      for (const it of c.items) if (writable.has(it.fieldName) && Object.hasOwn(r, it.fieldName)) values[it.fieldName] = toColumn(it, r[it.fieldName]);
      if (has) values[c.key] = key;
      else Object.assign(values, { [c.parentKey!]: mainId, [c.dataStatus]: DATA_STATUS.normal, [c.dataFrom]: from });
      const old = has ? ((await c.repo.select(ctx, tx).where(c.key, '=', key).executeTakeFirst()) ?? null) : null;
      written.push({ old, row: await c.repo.save(ctx, values, tx) });
    }
    if (gone.length) await c.repo.remove(ctx, gone, tx);
    return written;
  }

  /** removeBizData: removes the records in status 1 among ids (with their child rows); answers how many went and how many were skipped. */
  async remove(ctx: Ctx, shape: AppShape, ids: string[], rights: AppRights, who: Who): Promise<{ removed: number; skipped: number }> {
    const p = shape.main;
    return this.db.transaction().execute(async (tx) => {
      const normal = (await this.inRange(p.repo.select(ctx, tx), ctx, rights).select(p.key).where(p.key, 'in', ids).where(p.dataStatus, '=', DATA_STATUS.normal).execute()).map((r) => String(r[p.key]));
      if (normal.length) {
        for (const rid of normal) {
          const row = await p.repo.select(ctx, tx).where(p.key, '=', rid).executeTakeFirst();
          await writeAudit(tx, who, { appId: shape.appId, module: 'dataManagement', bizId: rid, operate: 'del', before: row && this.present(p, row, FULL) });
        }
        await p.repo.remove(ctx, normal, tx);
        for (const c of shape.children) {
          // stamped with the record's removal moment (now() is the transaction's): restoring brings back these rows only
          await dynamic(scoped(tx, ctx.tenantId)).updateTable(c.table).set({ isDeleted: 1, updateUser: ctx.userId || null, updateTime: sql`now()` }).where(c.parentKey!, 'in', normal).where('isDeleted', '=', 0).execute();
        }
      }
      return { removed: normal.length, skipped: ids.length - normal.length };
    });
  }

  /** regainBizData: a page of removed records (the recycle bin). */
  async removedPage(ctx: Ctx, shape: AppShape, q: { current?: unknown; size?: unknown }, rights: AppRights) {
    const p = shape.main;
    const repo = new Repo(this.db, { ...p.repo.def, softDelete: false });
    const page = await repo.page(ctx, { current: q.current, size: q.size, descs: 'updateTime' }, (qb) => this.inRange(qb.where('isDeleted', '=', 1), ctx, rights));
    return { ...page, records: page.records.map((r) => this.present(p, r, rights)) };
  }

  /** regainUpdateBizData: brings removed records back with the child rows removed with them. */
  async restore(ctx: Ctx, shape: AppShape, ids: string[], rights: AppRights, who: Who): Promise<number> {
    const p = shape.main;
    return this.db.transaction().execute(async (tx) => {
      const t = dynamic(scoped(tx, ctx.tenantId));
      const mine = (await this.inRange(t.selectFrom(p.table).select(p.key).where(p.key, 'in', ids).where('isDeleted', '=', 1), ctx, rights).execute()).map((r) => String(r[p.key]));
      if (!mine.length) return 0;
      // the child rows removed with their record (the same moment), not those removed on their own before it
      for (const c of shape.children) {
        await t.updateTable(c.table).set({ isDeleted: 0 }).where(c.parentKey!, 'in', mine).where('isDeleted', '=', 1)
          .where((eb) => eb(eb.ref(`${c.table}.updateTime`), '=', eb.selectFrom(`${p.table} as removedParent`).select('removedParent.updateTime').whereRef(`removedParent.${p.key}`, '=', `${c.table}.${c.parentKey!}`)))
          .execute();
      }
      await t.updateTable(p.table).set({ isDeleted: 0, updateUser: ctx.userId || null, updateTime: sql`now()` }).where(p.key, 'in', mine).execute();
      for (const rid of mine) await writeAudit(tx, who, { appId: shape.appId, module: 'dataManagement', bizId: rid, operate: 'update', before: { isDeleted: 1 }, after: { isDeleted: 0 } });
      return mine.length;
    });
  }

  /** getBizChileData / childOneToMoreList: a page of a record's child rows of one child model. */
  async childPage(ctx: Ctx, shape: AppShape, tableName: string, parentId: string, q: { current?: unknown; size?: unknown }, rights: AppRights, deleted = false) {
    const c = shape.children.find((x) => x.prop === tableName || x.model.modelTable === tableName);
    if (!c) throw new ApiError(400, MSG.noChildTable);
    if (!isId(parentId)) throw new ApiError(400, 'invalid', { field: 'foreignKey' });
    // the rows of a record the reader may see (a removed record's, in the recycle bin, too)
    const parent = await this.inRange(dynamic(scoped(this.db, ctx.tenantId)).selectFrom(shape.main.table).select(shape.main.key).where(shape.main.key, '=', parentId), ctx, rights).executeTakeFirst();
    if (!parent) throw new ApiError(400, 'noData');
    const repo = deleted ? new Repo(this.db, { ...c.repo.def, softDelete: false }) : c.repo;
    // rows saved together share a createTime: their keys (made in order) keep the order they were sent in
    const page = await repo.page(ctx, { current: q.current, size: q.size, ascs: `createTime,${c.key}` }, (qb) => {
      const x = qb.where(c.parentKey!, '=', parentId);
      return deleted ? x.where('isDeleted', '=', 1) : x;
    });
    return { ...page, records: page.records.map((r) => this.present(c, r, rights)) };
  }
}

/** A JSON object given as text or as an object ({} when absent); anything else is a 400. */
/** What a workshop card asks of an app's records (queryAppDataForPortrait). */
export interface PortraitQuery {
  /** field names, a date one optionally with ":day", ":month" or ":year"; createTime too */
  dimensions: string[];
  measures: { agg: 'count' | 'sum' | 'avg' | 'min' | 'max'; field?: string }[];
  queryObj?: unknown;
  limit: number;
}

function parseObject(v: unknown): Row {
  if (v === undefined || v === null || v === '') return {};
  let o = v;
  if (typeof v === 'string') {
    try { o = JSON.parse(v); } catch { throw new ApiError(400, 'invalid', { field: 'queryObj' }); }
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new ApiError(400, 'invalid', { field: 'queryObj' });
  return Object.fromEntries(Object.entries(o as Row).filter(([, x]) => x !== '' && x !== null && x !== undefined).map(([k, x]) => [k, String(x)]));
}

/** A checked value as its column stores it: people and departments as comma-joined ids, attachments as JSON text. */
export function toColumn(it: ItemRow, v: unknown): unknown {
  if (v === '' || v === undefined || v === null) return null;
  if (it.fieldType === 'user' || it.fieldType === 'dept' || it.fieldType === 'select') return Array.isArray(v) ? v.map(String).join(',') : String(v);
  if (it.fieldType === 'file') return typeof v === 'string' ? v : JSON.stringify(v);
  if (it.fieldType === 'int' || it.fieldType === 'decimal') return Number(v);
  return v;
}

/** A stored value as a client reads it (numerics arrive as numbers, dates and times as text). */
function fromColumn(it: ItemRow, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (it.fieldType === 'user' || it.fieldType === 'dept') return String(v);
  return v;
}

