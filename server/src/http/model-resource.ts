// The four calls of an entity from its one model definition (@campus/schema defineModel): the list
// filters and sort fields, the submit body (types, lengths, ranges, options, required messages in
// zh / en), uniqueness among the tenant's live rows, and the permission codes. What is special
// about an entity still goes in the resource hooks (extra).
import { userPatternTest } from './user-regex.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditColumnsOf, splitEmails, type FieldDef, type ModelDef } from '@campus/schema';
import { dynamic, type Db } from '../db/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { Repo, type Row, type TableDef } from '../db/repo.ts';
import { resource, zOptId, type ResourceDef } from './crud.ts';
import { ApiError } from './errors.ts';
import type { ColumnType } from './page.ts';
import { zmsg, type Message } from './messages.ts';

const REQUIRED: Message = ['{label}不能为空', '{label} is required'];
const NOT_OPTION: Message = ['{label}的值不在可选项中', '{label} is not one of its options'];
const TOO_SHORT: Message = ['{label}不能少于{n}个字符', '{label} needs at least {n} characters'];
const INVALID: Message = ['{label}格式不正确', '{label} is invalid'];
const TOO_LONG: Message = ['{label}长度不能超过{n}', '{label} must be at most {n} characters'];
const fill = (m: Message, f: FieldDef, n = ''): Message => [m[0].replace('{label}', f.label[0]).replace('{n}', n), m[1].replace('{label}', f.label[1]).replace('{n}', n)];

const parsesAsJson = (v: string): boolean => {
  try { JSON.parse(v); return true; } catch { return false; }
};

/** The zod schema of one field of a submit body. */
function fieldSchema(f: FieldDef): z.ZodType {
  const required = f.requiredMessage ?? fill(REQUIRED, f);
  let s: z.ZodType;
  if (f.type === 'int' || f.type === 'decimal') {
    let n = z.coerce.number({ error: zmsg(required) });
    // (a check without a message of its own says the schema's error above: a fraction is invalid, not missing;
    // out of range without a rangeMessage keeps the required message, which an emptied select ('' → 0) also gets)
    const range = f.rangeMessage ? zmsg(f.rangeMessage) : undefined;
    if (f.type === 'int') n = n.int(range ?? zmsg(fill(INVALID, f)));
    if (f.min !== undefined) n = n.min(f.min, range);
    if (f.max !== undefined) n = n.max(f.max, range);
    s = n;
  } else if (f.type === 'id') {
    // (a required reference with its own message says it for a value missing or wrong alike)
    s = z.union([z.string().regex(/^\d{1,19}$/), z.number().int().transform(String)], f.requiredMessage ? { error: zmsg(required) } : undefined);
    // an optional reference left empty (a cleared select) is none
    if (!f.required) s = z.union([s, z.literal('').transform(() => null)]);
  } else if (f.format === 'emails') {
    s = addressList(f, required);
  } else {
    let t = z.string({ error: zmsg(required) });
    if (f.type === 'string' && !f.keepSpaces) t = t.trim();
    if (f.required) t = t.min(1, zmsg(required));
    if (f.minLength) t = t.min(f.minLength, zmsg(f.minLengthMessage ?? fill(TOO_SHORT, f, String(f.minLength))));
    // (its own message: the schema's error above would call a too long value missing)
    if (f.length) t = t.max(f.length, zmsg(fill(TOO_LONG, f, String(f.length))));
    const invalid = zmsg(f.patternMessage ?? fill(INVALID, f));
    // patterns of run-time models are users' own: every model's runs in linear time (RE2), one way
    const pattern = f.pattern;
    if (pattern) t = t.refine((v) => !v || userPatternTest(pattern, v) === true, invalid);
    if (f.format === 'url') t = t.refine((v) => !v || URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), invalid);
    // a time the database could not read is the caller's mistake (400), not the table's (500)
    if (f.type === 'datetime') t = t.refine((v) => !v || !Number.isNaN(Date.parse(v)), invalid);
    if (f.format === 'email') t = t.refine((v) => !v || z.email().safeParse(v).success, invalid);
    if (f.format === 'json') t = t.refine((v) => !v || parsesAsJson(v), invalid);
    // several values: a list is accepted too, both kept as one comma-joined string
    s = f.multiple
      ? z.preprocess((v) => (Array.isArray(v) ? v.map(String).join(',') : v), t.transform((v) => v.split(',').map((x) => x.trim()).filter(Boolean).join(',')))
      : t;
    // a JSON field may come as the document itself; it is kept as its text
    if (f.format === 'json') s = z.preprocess((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v), s);
  }
  if (f.options) {
    const values = new Set(f.options.map((o) => String(o.value)));
    const has = f.multiple ? (v: unknown) => String(v).split(',').every((x) => values.has(x)) : (v: unknown) => values.has(String(v));
    s = s.refine((v) => v === undefined || v === null || has(v), zmsg(fill(NOT_OPTION, f)));
  }
  // a default applies to a new row only (the DDL's): an update leaving the field out keeps its value,
  // except a required field with a default, which the body fills in as before
  if (f.required && f.default !== undefined) return s.default(f.default as never);
  return f.required ? s : s.optional().nullable();
}

/**
 * An address list (format emails): a string or an array of addresses, each a valid address (the
 * message names the first wrong one as {value}), kept as the de-duplicated comma list, or null when
 * it holds none (refused when required).
 */
function addressList(f: FieldDef, required: Message): z.ZodType {
  const invalid = f.patternMessage ?? fill(INVALID, f);
  let text = z.string({ error: zmsg(required) });
  if (f.length) text = text.max(f.length);
  const list = z.union([text, z.array(z.string().max(255)).max(500)], { error: zmsg(required) }).transform((v, ctx) => {
    const all = splitEmails(v);
    const wrong = all.find((a) => !z.email().safeParse(a).success);
    const value = wrong?.slice(0, 100) ?? '';
    if (wrong !== undefined) ctx.addIssue({ code: 'custom', message: zmsg([invalid[0].replace('{value}', value), invalid[1].replace('{value}', value)]) });
    else if (f.required && !all.length) ctx.addIssue({ code: 'custom', message: zmsg(required) });
    return all.length ? all.join(',') : null;
  });
  return list;
}

const COLUMN: Record<FieldDef['type'], ColumnType> = { id: 'id', string: 'string', text: 'string', int: 'number', decimal: 'number', datetime: 'date' };

/** The submit body of a model (for routes that submit their own way, e.g. with side effects). */
export function modelBody(model: ModelDef) {
  const shape: Record<string, z.ZodType> = { id: zOptId };
  for (const [name, f] of Object.entries(model.fields)) if (!f.readOnly) shape[name] = fieldSchema(f);
  return z.object(shape);
}

/** The columns a model's lists filter and sort by: id, createTime where the table has it (auditColumnsOf: not with audit false), every field sent to clients. */
export function modelColumns(model: ModelDef): Record<string, ColumnType> {
  const columns: Record<string, ColumnType> = { id: 'id', ...(auditColumnsOf(model).includes('create_time') ? { createTime: 'date' as const } : {}) };
  for (const [name, f] of Object.entries(model.fields)) if (!f.hidden && !f.secret) columns[name] = COLUMN[f.type];
  return columns;
}

/**
 * The data layer of a model's table (db/repo.ts Repo: tenant, soft delete, audit stamps, list filters)
 * for a service that reads and writes it its own way rather than through modelResource's four calls.
 * extra: what differs (its columns are added to the model's, e.g. a view's further columns).
 */
export function modelRepo(db: Db, model: ModelDef, extra: Partial<TableDef> = {}): Repo {
  const fields = Object.entries(model.fields);
  return new Repo(db, {
    table: model.table, tenant: model.tenant, softDelete: model.softDelete, owner: model.owner,
    // the data layer stamps the full set (create_user … update_time) or nothing: a create_time alone is the database's
    audit: model.audit === 'createTime' ? false : model.audit,
    hidden: fields.filter(([, f]) => f.hidden || f.secret).map(([n]) => n),
    defaultOrder: model.order?.map((o) => ({ ...o })),
    ...extra,
    columns: { ...modelColumns(model), ...extra.columns },
  });
}

export function modelResource(app: FastifyInstance, db: Db, model: ModelDef, extra: Partial<Omit<ResourceDef, 'body' | 'columns' | 'table'>> & { tag: string }) {
  const fields = Object.entries(model.fields);
  const columns = modelColumns(model);
  const unique = fields.filter(([, f]) => f.unique);
  const secrets = fields.filter(([, f]) => f.secret).map(([n]) => n);
  return resource(app, db, {
    // permission null: no codes on the routes (who may call says model.access: a guard around them, or the tenant's users);
    // owner: each user's own rows only
    base: model.api, table: model.table, tenant: model.tenant, softDelete: model.softDelete, permission: model.permission ?? undefined, owner: model.owner,
    // the data layer stamps the full set (create_user … update_time) or nothing: a create_time alone is the database's
    audit: model.audit === 'createTime' ? false : model.audit,
    hidden: fields.filter(([, f]) => f.hidden || f.secret).map(([n]) => n),
    defaultOrder: model.order?.map((o) => ({ ...o })),
    columns,
    body: modelBody(model),
    ...extra,
    beforeSave: async (ctx, e: Row, req) => {
      // a secret left empty on update keeps the stored one
      for (const name of secrets) if (e.id && (e[name] === undefined || e[name] === null || e[name] === '')) delete e[name];
      for (const [name, f] of unique) {
        if (e[name] === undefined || e[name] === null) continue;
        let q = dynamic(model.tenant ? scoped(db, ctx.tenantId) : db).selectFrom(model.table).select('id').where(name, '=', e[name]);
        if (model.softDelete !== false) q = q.where('isDeleted', '=', 0);
        if (e.id) q = q.where('id', '<>', e.id as string);
        if (await q.executeTakeFirst()) throw new ApiError(400, f.unique!);
      }
      await extra.beforeSave?.(ctx, e, req);
    },
  });
}
