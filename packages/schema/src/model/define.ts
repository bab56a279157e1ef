// One model definition per entity (issue 14): its table, tenant and soft-delete behaviour, fields
// with their types, limits, labels and screen hints, and its permission code. The server derives the
// list filters, the body schema, the uniqueness checks and the expected DDL from it; the web app its
// row type, list columns, search fields and form. A new entity is declared once, here.
import type { Lang } from '../form/messages.ts';

/** A label or message in both languages: [zh, en]. */
export type Text2 = readonly [string, string];

export type ModelFieldType = 'id' | 'string' | 'text' | 'int' | 'decimal' | 'datetime';

export interface FieldDef {
  type: ModelFieldType;
  label: Text2;
  /** string: most characters (varchar length); text: most characters accepted. */
  length?: number;
  required?: boolean;
  /** The exact message when a required value is missing (spec wording); default {label}不能为空. */
  requiredMessage?: Text2;
  min?: number;
  max?: number;
  /** int / decimal: the message when the value is outside min..max (or, for an int, not whole). */
  rangeMessage?: Text2;
  /** decimal: digits after the point. */
  scale?: number;
  /** DDL default and the value a new record starts with. */
  default?: string | number;
  /** Unique among the tenant's live rows; the message when taken. */
  unique?: Text2;
  /** Static options (the value stored, the label shown, a tag colour). */
  options?: readonly { value: string | number; label: Text2; color?: string }[];
  /** How lists filter by it: like (contains), equal; absent: not filterable. */
  filter?: 'like' | 'equal';
  sortable?: boolean;
  /** Never sent to clients (passwords, secrets). */
  hidden?: boolean;
  /** Written by the server only (not in the body). */
  readOnly?: boolean;
  /** string / text: fewest characters (after trimming a string); the message when shorter. */
  minLength?: number;
  minLengthMessage?: Text2;
  /** string / text: a regular expression (its source) the value matches; the message when not. */
  pattern?: string;
  patternMessage?: Text2;
  /**
   * A kind of value checked beyond its length (url: http(s) address; email: an address; emails: a
   * list of addresses, which a body may send as one string (split at , ; or spaces) or an array, kept
   * as the checked, de-duplicated addresses joined by commas (none: null); its patternMessage may
   * name the wrong address as {value}; json: a JSON document, which a body may also send as an
   * object or array, kept as its text).
   */
  format?: 'url' | 'email' | 'emails' | 'json';
  /** Several of its options, stored joined by commas (each checked against the options). */
  multiple?: boolean;
  /** hidden and written only when given: an empty value on update keeps the stored one (passwords, keys). */
  secret?: boolean;
  /** string: kept as typed, not trimmed (passwords, where a space is part of the value). */
  keepSpaces?: boolean;
  /** Optional in the body but never empty in the table: the server fills it in when left out (generated keys). */
  autoFill?: boolean;
  /** The column accepts null (older rows) though a body must give a value; absent: not null when required or defaulted. */
  nullable?: boolean;
  /** Screen hints. */
  ui?: { width?: number; form?: 'textarea' | 'select' | 'radio' | 'number' | 'json' | 'password' | false; rows?: number; span?: number; ellipsis?: boolean; search?: boolean; hideInTable?: boolean; detail?: boolean };
}

export interface ModelDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Short name: i18n keys model.<name>.<field>, the OpenAPI schema name. */
  name: string;
  table: string;
  /** The HTTP base of its list / detail / submit / remove calls. */
  api: string;
  title: Text2;
  /** Rows belong to a tenant (tenant_id). */
  tenant: boolean;
  /** is_deleted column; default true. */
  softDelete?: boolean;
  /**
   * Audit columns. true (the default): create_user, create_dept, create_time, update_user, update_time
   * and status, stamped by the data layer on save; 'createTime': only a create_time the database fills
   * (not null default now()), as logs written by the server have; false: none.
   */
  audit?: boolean | 'createTime';
  /**
   * Permission prefix: <p>_view, _add, _edit, _delete. null: no code of its own (no role holds one);
   * who may call it is then said in `access` (e.g. a guard around its routes, or every user of the tenant).
   */
  permission: string | null;
  /** Required when permission is null: who may call the four calls instead (documentation and review). */
  access?: string;
  /** Rows are their creator's own: lists and details show a user only the rows they made (personal drafts). */
  owner?: boolean;
  /** Default list order (a field or an audit column such as createTime). */
  order?: readonly { field: string; dir: 'asc' | 'desc' }[];
  fields: F;
}

export function defineModel<const F extends Record<string, FieldDef>>(def: ModelDef<F>): ModelDef<F> {
  // an entity without a code of its own says who may call it instead
  if (def.permission === null && !def.access?.trim()) throw new Error(`${def.name}: permission null needs access (who may call it)`);
  for (const name of Object.keys(def.fields)) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) throw new Error(`${def.name}: field name ${name} must be camelCase`);
  }
  // a default order names a field, id or an audit column the model has (createTime only where it declares one)
  const audit: readonly string[] = auditColumnsOf(def);
  for (const { field } of def.order ?? []) {
    if (!(field in def.fields) && field !== 'id' && !audit.includes(snake(field))) throw new Error(`${def.name}: order by ${field}, which is neither a field nor an audit column it has`);
  }
  return def;
}

type ValueOf<T extends ModelFieldType> = T extends 'int' | 'decimal' ? number : string;
type IsRequired<D> = D extends { required: true } ? true : D extends { default: string | number } ? true : D extends { autoFill: true } ? true : false;

type Unsent<D> = D extends { hidden: true } ? true : D extends { secret: true } ? true : false;

/** The row a client gets: id, every field not hidden (optional unless required or defaulted). */
export type RowOf<M extends ModelDef> = { id: string } & {
  [K in keyof M['fields'] as Unsent<M['fields'][K]> extends true ? never : IsRequired<M['fields'][K]> extends true ? K : never]: ValueOf<M['fields'][K]['type']>;
} & {
  [K in keyof M['fields'] as Unsent<M['fields'][K]> extends true ? never : IsRequired<M['fields'][K]> extends true ? never : K]?: ValueOf<M['fields'][K]['type']> | null;
};

/** The addresses of an address list (format emails): a string split at , ; (either width) or spaces, or an array; trimmed, empty ones and repeats left out. */
export function splitEmails(v: unknown): string[] {
  const list = Array.isArray(v) ? v.map(String) : String(v ?? '').split(/[,;，；\s]+/);
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
}

export const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const textOf = (t: Text2, lang: Lang): string => t[lang === 'en' ? 1 : 0];

/** The column of the table a field is, as PostgreSQL's information_schema describes it. */
export function columnOf(f: FieldDef): { type: string; length: number | null; nullable: boolean } {
  const type = { id: 'bigint', string: 'character varying', text: 'text', int: 'integer', decimal: 'numeric', datetime: 'timestamp with time zone' }[f.type];
  return { type, length: f.type === 'string' ? (f.length ?? 255) : null, nullable: f.nullable ?? (!f.required && f.default === undefined && !f.autoFill) };
}

/** The audit columns a table may have, in their DDL order. */
export const AUDIT_COLUMNS = ['create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status'] as const;
export type AuditColumn = (typeof AUDIT_COLUMNS)[number];

/** The audit columns a model's table has, as its `audit` declares them. */
export function auditColumnsOf(model: Pick<ModelDef, 'audit'>): readonly AuditColumn[] {
  if (model.audit === 'createTime') return ['create_time'];
  return model.audit === false ? [] : AUDIT_COLUMNS;
}
