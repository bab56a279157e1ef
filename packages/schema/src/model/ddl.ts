// A model defined at run time (stored as data, e.g. a micro-app's model): its definition checked
// (identifiers, types, limits), the DDL of its table, and the designed form its values are checked
// with (the one validator, validate.ts). Compiled models use the same field format (define.ts).
import type { FormColumn, FormOption } from '../form/schema.ts';
import type { FieldDef, ModelDef, ModelFieldType, Text2 } from './define.ts';
import { auditColumnsOf, snake } from './define.ts';

/** Columns every run-time table has; no field may take their names. */
export const SYSTEM_COLUMNS = ['id', 'tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted'] as const;

// PostgreSQL's reserved key words (a column or table may not be named so without quoting)
const RESERVED = new Set(('all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create '
  + 'current_catalog current_date current_role current_time current_timestamp current_user default deferrable desc distinct do else end '
  + 'except false fetch for foreign from grant group having in initially intersect into lateral leading limit localtime localtimestamp '
  + 'not null offset on only or order placing primary references returning select session_user some symmetric system_user table then '
  + 'to trailing true union unique user using variadic when where window with').split(' '));

const NAME = /^[a-z][a-zA-Z0-9]{0,39}$/;
const TABLE = /^[a-z][a-z0-9_]{0,39}$/;
const TYPES: ModelFieldType[] = ['string', 'text', 'int', 'decimal', 'datetime'];
export const MAX_FIELDS = 200;

/** What is wrong with a run-time definition, each problem in zh and en (empty: fine). */
export function modelProblems(def: Pick<ModelDef, 'name' | 'fields'> & { table?: string }): Text2[] {
  const out: Text2[] = [];
  if (!TABLE.test(def.name ?? '') || RESERVED.has(def.name)) out.push([`模型名“${def.name}”须为小写字母开头的字母、数字或下划线（最多 40 个），且不能是保留字`, `The model name "${def.name}" must be lower-case letters, digits or _ starting with a letter (at most 40), not a reserved word`]);
  const fields = Object.entries(def.fields ?? {});
  if (!fields.length) out.push(['模型至少需要一个字段', 'A model needs at least one field']);
  if (fields.length > MAX_FIELDS) out.push([`模型最多 ${MAX_FIELDS} 个字段`, `A model has at most ${MAX_FIELDS} fields`]);
  const columns = new Set<string>();
  for (const [name, f] of fields) {
    const col = snake(name);
    if (!NAME.test(name) || RESERVED.has(col) || (SYSTEM_COLUMNS as readonly string[]).includes(col)) {
      out.push([`字段名“${name}”须为字母开头的字母或数字（最多 40 个），且不能是保留字或系统字段`, `The field name "${name}" must be letters or digits starting with a letter (at most 40), not a reserved word or a system column`]);
      continue;
    }
    if (columns.has(col)) out.push([`字段“${name}”重复`, `The field "${name}" is repeated`]);
    columns.add(col);
    if (!f || !TYPES.includes(f.type)) out.push([`字段“${name}”的类型不受支持`, `The field "${name}" has an unsupported type`]);
    else if (f.type === 'string' && !(Number.isInteger(f.length) && f.length! >= 1 && f.length! <= 4000)) out.push([`字段“${name}”的长度须在 1 到 4000 之间`, `The field "${name}" needs a length from 1 to 4000`]);
    else if (f.type === 'decimal' && f.scale !== undefined && !(Number.isInteger(f.scale) && f.scale >= 0 && f.scale <= 8)) out.push([`字段“${name}”的小数位须在 0 到 8 之间`, `The field "${name}" needs 0 to 8 decimal places`]);
    if (!Array.isArray(f?.label) || f.label.length !== 2 || f.label.some((l) => typeof l !== 'string' || !l.trim() || l.length > 64)) out.push([`字段“${name}”需要中文和英文名称`, `The field "${name}" needs a Chinese and an English label`]);
  }
  return out;
}

/** The column type of a field (run-time columns are nullable: required is the validator's, so a column can be added to a table with rows). */
export function columnType(f: FieldDef): string {
  switch (f.type) {
    case 'string': return `varchar(${f.length ?? 255})`;
    case 'text': return 'text';
    case 'int': return 'integer';
    case 'decimal': return `numeric(24, ${f.scale ?? 2})`;
    case 'datetime': return 'timestamptz';
    default: return 'bigint';
  }
}

/** The DDL of each system column. */
const SYSTEM_DDL: Record<(typeof SYSTEM_COLUMNS)[number], string> = {
  id: 'bigint primary key', tenant_id: 'varchar(12) not null', create_user: 'bigint', create_dept: 'bigint',
  create_time: 'timestamptz not null default now()', update_user: 'bigint', update_time: 'timestamptz not null default now()',
  status: 'int not null default 1', is_deleted: 'int not null default 0',
};

/**
 * CREATE TABLE and its tenant index for a definition under a physical table name (checked identifiers
 * only): its fields, then the audit and is_deleted columns it declares (auditColumnsOf; both by default).
 */
export function createTableDdl(def: Pick<ModelDef, 'fields' | 'audit' | 'softDelete'>, table: string): string[] {
  if (!/^dm_[a-z0-9]{1,12}_[a-z][a-z0-9_]{0,39}$/.test(table)) throw new Error(`bad table name ${table}`);
  const system = [...auditColumnsOf(def), ...(def.softDelete === false ? [] : ['is_deleted' as const])];
  const cols = [
    ...(['id', 'tenant_id'] as const).map((c) => `${c} ${SYSTEM_DDL[c]}`),
    ...Object.entries(def.fields).map(([name, f]) => `${snake(name)} ${columnType(f)}`),
    ...system.map((c) => `${c} ${SYSTEM_DDL[c]}`),
  ];
  return [
    `create table ${table} (${cols.join(', ')})`,
    `create index ${table}_tenant on ${table} (tenant_id${system.includes('create_time') ? ', create_time' : ''})`,
  ];
}

/** The designed form a model's values are checked with (the one validator). */
export function formOfModel(def: Pick<ModelDef, 'fields'>, lang: 'zh' | 'en' = 'zh'): FormOption {
  const at = lang === 'en' ? 1 : 0;
  const column = Object.entries(def.fields).filter(([, f]) => !f.readOnly).map(([prop, f]): FormColumn => {
    const base: FormColumn = { prop, label: f.label[at], required: f.required, min: f.min, max: f.max };
    if (f.options) return { ...base, type: 'select', dicData: f.options.map((o) => ({ label: o.label[at], value: o.value })) };
    switch (f.type) {
      case 'int': return { ...base, type: 'number', precision: 0 };
      case 'decimal': return { ...base, type: 'number', precision: f.scale ?? 2 };
      case 'datetime': return { ...base, type: 'datetime' };
      case 'text': return { ...base, type: 'textarea', maxlength: f.length };
      default: return { ...base, type: 'input', maxlength: f.length ?? 255 };
    }
  });
  return { column };
}
