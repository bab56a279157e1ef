// Models defined at run time, served by the same data layer as the compiled ones: a definition
// (the defineModel field format, stored as data per tenant) is checked, its table created or
// altered in one transaction, and its rows read and written through Repo (tenant, soft delete,
// audit) with values checked by the one form validator.
import { sql } from 'kysely';
import { columnType, createTableDdl, formErrors, formOfModel, modelProblems, snake, type FieldDef, type ModelDef, type Text2 } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import { nextId } from '../../db/ids.ts';
import { Repo, type Ctx, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { ApiError, failText } from '../../http/errors.ts';
import type { Lang, Message } from '../../http/messages.ts';
import type { ColumnType } from '../../http/page.ts';

export const MSG = {
  noModel: ['模型“{name}”不存在', 'There is no model "{name}"'],
  typeChanged: ['字段“{field}”已有数据，不能从 {from} 改为 {to}', 'The field "{field}" holds data: it cannot change from {from} to {to}'],
  fieldRemoved: ['字段“{field}”已有数据，不能删除（可将其隐藏）', 'The field "{field}" holds data and cannot be removed (hide it instead)'],
  nameTaken: ['模型“{name}”已存在', 'The model "{name}" already exists'],
} satisfies Record<string, Message>;

export interface RuntimeModel {
  id: string;
  def: ModelDef;
  table: string;
  version: number;
}

const COLUMN: Record<FieldDef['type'], ColumnType> = { id: 'id', string: 'string', text: 'string', int: 'number', decimal: 'number', datetime: 'date' };

/** The physical table of a tenant's model: every tenant's models apart, whatever names they choose. */
export const tableOf = (tenantId: string, name: string): string => `dm_${tenantId.toLowerCase().replace(/[^a-z0-9]/g, '')}_${name}`;

export class RuntimeModels {
  private cache = new Map<string, RuntimeModel>();
  constructor(private readonly db: Db) {}

  /** Creates a model and its table, or changes it: new fields become columns, a longer text widens its column; a change that would lose data is refused. */
  async define(ctx: Ctx, input: { name: string; title: Text2; fields: Record<string, FieldDef> }): Promise<RuntimeModel> {
    const def: ModelDef = { name: input.name, table: '', api: '', title: input.title, tenant: true, permission: input.name, fields: input.fields };
    const problems = modelProblems(def);
    if (problems.length) throw new ApiError(400, [problems.map((p) => p[0]).join(' | '), problems.map((p) => p[1]).join(' | ')]);
    const table = tableOf(ctx.tenantId, def.name);
    def.table = table;
    const model = await this.db.transaction().execute(async (tx) => {
      const t = scoped(tx, ctx.tenantId);
      const old = await t.selectFrom('bladeRuntimeModel').selectAll().where('name', '=', def.name).where('isDeleted', '=', 0).forUpdate().executeTakeFirst();
      const stored = { titleZh: def.title[0], titleEn: def.title[1], tableName: table, definition: JSON.stringify(def.fields), updateUser: ctx.userId || null, updateTime: sql<string>`now()` };
      if (!old) {
        for (const stmt of createTableDdl(def, table)) await sql.raw(stmt).execute(tx);
        const id = nextId();
        await t.insertInto('bladeRuntimeModel').values({ id, tenantId: ctx.tenantId, name: def.name, createUser: ctx.userId || null, ...stored }).execute();
        return { id, def, table, version: 1 };
      }
      const before = JSON.parse(String(old.definition)) as Record<string, FieldDef>;
      for (const [name, f] of Object.entries(before)) {
        const now = def.fields[name];
        if (!now) throw new ApiError(400, MSG.fieldRemoved, { field: name });
        const [from, to] = [columnType(f), columnType(now)];
        if (from === to) continue;
        // the one change that keeps every value: a longer varchar
        const widen = f.type === 'string' && now.type === 'string' && (now.length ?? 255) > (f.length ?? 255);
        if (!widen) throw new ApiError(400, MSG.typeChanged, { field: name, from, to });
        await sql.raw(`alter table ${table} alter column ${snake(name)} type ${to}`).execute(tx);
      }
      for (const [name, f] of Object.entries(def.fields)) {
        if (!before[name]) await sql.raw(`alter table ${table} add column ${snake(name)} ${columnType(f)}`).execute(tx);
      }
      const version = Number(old.version) + 1;
      await t.updateTable('bladeRuntimeModel').set({ ...stored, version }).where('id', '=', old.id).execute();
      return { id: String(old.id), def, table, version };
    }).catch((e: { code?: string }) => {
      if (e?.code === '23505') throw new ApiError(400, MSG.nameTaken, { name: def.name }); // defined at the same moment elsewhere
      throw e;
    });
    this.cache.delete(`${ctx.tenantId}:${def.name}`);
    return model;
  }

  /** A tenant's model by name (404 when it has none). */
  async get(tenantId: string, name: string): Promise<RuntimeModel> {
    const key = `${tenantId}:${name}`;
    const row = await scoped(this.db, tenantId).selectFrom('bladeRuntimeModel').select(['id', 'name', 'titleZh', 'titleEn', 'tableName', 'definition', 'version'])
      .where('name', '=', name).where('isDeleted', '=', 0).executeTakeFirst();
    if (!row) throw new ApiError(404, MSG.noModel, { name: name.slice(0, 40) });
    const hit = this.cache.get(key);
    if (hit && hit.version === Number(row.version)) return hit;
    const fields = JSON.parse(String(row.definition)) as Record<string, FieldDef>;
    const table = String(row.tableName);
    const model: RuntimeModel = {
      id: String(row.id), table, version: Number(row.version),
      def: { name: String(row.name), table, api: '', title: [String(row.titleZh), String(row.titleEn)], tenant: true, permission: String(row.name), fields },
    };
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(key, model);
    return model;
  }

  async list(tenantId: string): Promise<Row[]> {
    return (await scoped(this.db, tenantId).selectFrom('bladeRuntimeModel').select(['id', 'name', 'titleZh', 'titleEn', 'version', 'updateTime'])
      .where('isDeleted', '=', 0).orderBy('name').execute()) as Row[];
  }

  /** The model's rows through the common data layer: the caller's tenant, live rows, audit columns. */
  repo(model: RuntimeModel): Repo {
    const columns: Record<string, ColumnType> = { id: 'id', createTime: 'date', updateTime: 'date' };
    for (const [name, f] of Object.entries(model.def.fields)) if (!f.hidden) columns[name] = COLUMN[f.type];
    return new Repo(this.db, {
      table: model.table, tenant: true, columns, defaultOrder: [{ field: 'createTime', dir: 'desc' }],
      hidden: Object.entries(model.def.fields).filter(([, f]) => f.hidden).map(([n]) => n),
    });
  }

  /** Saves a row: only the model's writable fields, checked (merged over the stored row on an update) by the one validator. */
  async save(ctx: Ctx, model: RuntimeModel, body: Row, lang: Lang): Promise<Row> {
    const repo = this.repo(model);
    const values: Row = {};
    for (const [name, f] of Object.entries(model.def.fields)) if (!f.readOnly && Object.hasOwn(body, name)) values[name] = body[name] === '' ? null : body[name];
    const existing = body.id ? await repo.detail(ctx, body.id) : null;
    if (body.id && !existing) throw new ApiError(400, 'noData');
    const errors = formErrors(formOfModel(model.def, lang), { ...(existing ?? {}), ...values }, lang);
    if (errors.length) throw failText(errors.join(' | '));
    return repo.save(ctx, { ...values, ...(existing ? { id: existing.id } : {}) });
  }
}
