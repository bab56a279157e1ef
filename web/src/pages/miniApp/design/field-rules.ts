// The checks of a model's fields before they are saved — the same rules the server applies
// (@campus/schema miniModelItemModel, server tables.ts fieldNameProblem): name pattern, names every
// table has and reserved words, duplicates, label and type, a dictionary for dictionary options, a
// pattern that compiles. Pure, so the grid and the tests share them.
import { miniModelItemModel } from '@campus/schema';
import type { MiniItem, MiniModel } from './api';

const F = miniModelItemModel.fields;
const FIELD_NAME = new RegExp(F.fieldName.pattern!);
/** Types whose values are too long or free for an index (server tables.ts). */
export const UNSEARCHABLE = new Set(['text', 'file', 'signature']);
export const HAS_LENGTH = new Set(['string', 'select', 'user', 'dept']);
export const DEFAULT_LENGTH: Record<string, number> = { string: 255, select: 255, user: 2000, dept: 2000 };
/** Columns every table has (server tables.ts COMMON). */
const COMMON = ['tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted'];
/** PostgreSQL's reserved key words (server tables.ts RESERVED): no column may be named so. */
const RESERVED = new Set(('all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create '
  + 'current_catalog current_date current_role current_time current_timestamp current_user default deferrable desc distinct do else end '
  + 'except false fetch for foreign from grant group having in initially intersect into lateral leading limit localtime localtimestamp '
  + 'not null offset on only or order placing primary references returning select session_user some symmetric system_user table then '
  + 'to trailing true union unique user using variadic when where window with').split(' '));

export type EditRow = MiniItem & { $k: string };

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** What is wrong with a row (i18n keys with values), none when it may be saved. */
export function rowProblems(r: EditRow, all: EditRow[], model: Pick<MiniModel, 'modelTable'>, parentTable?: string): { field: string; key: string; values?: Record<string, unknown> }[] {
  const out: { field: string; key: string; values?: Record<string, unknown> }[] = [];
  const name = r.fieldName.trim();
  if (!name) out.push({ field: 'fieldName', key: 'miniApp.design.field.nameRequired' });
  else if (!FIELD_NAME.test(name)) out.push({ field: 'fieldName', key: 'miniApp.design.field.nameInvalid' });
  else if (RESERVED.has(snake(name)) || COMMON.includes(snake(name)) || [`${model.modelTable}_id`, `${model.modelTable}_data_status`, `${model.modelTable}_data_from`, `${model.modelTable}_temp_id`, parentTable ? `${parentTable}_id` : ''].includes(snake(name))) {
    out.push({ field: 'fieldName', key: 'miniApp.design.field.nameReserved', values: { name } });
  } else if (all.filter((x) => x.fieldName.trim() === name).length > 1) out.push({ field: 'fieldName', key: 'miniApp.design.field.nameTaken', values: { name } });
  if (!r.fieldLabel.trim()) out.push({ field: 'fieldLabel', key: 'miniApp.design.field.labelRequired' });
  if (!r.fieldType) out.push({ field: 'fieldType', key: 'miniApp.design.field.typeRequired' });
  if (r.fieldType === 'select' && !r.dictCode) out.push({ field: 'dictCode', key: 'miniApp.design.field.dictRequired' });
  if (r.pattern) {
    try {
      new RegExp(r.pattern);
    } catch {
      out.push({ field: 'pattern', key: 'miniApp.design.field.patternInvalid' });
    }
  }
  return out;
}

