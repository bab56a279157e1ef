// What the data screen derives from the app's form (001 §2.7, §3.3, §4): the record's key columns,
// the list's columns and cells, the search controls of the searchable fields, and the child-row
// tracking sent when a record is saved.
import { DatePicker, Image, Input, InputNumber, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { columnsOf, LAYOUT_TYPES, OPTION_TYPES, typeOf, USER_TYPES, type FormColumn, type FormOption, type Values } from '@campus/schema';
import { UserField } from '../../../components/workflow/FormRenderer';
import { DeptNames, useOptions } from '../../../components/workflow/form-fields';
import { rangeSeparator } from '../../../components/rangeSeparator';
import type { BizRecord, FieldRight } from '../api';

/** The key columns of a table as records carry them (server biz-data.ts: the table name in capitals). */
export interface Keys { id: string; status: string; from: string; temp: string }
export const keysOf = (table: string): Keys => {
  const up = table.toUpperCase();
  return { id: `${up}_ID`, status: `${up}_DATA_STATUS`, from: `${up}_DATA_FROM`, temp: `${up}_TEMP_ID` };
};
/** A child table's keys from its sub-table prop (<table>_dynamic). */
export const childKeysOf = (prop: string): Keys => keysOf(prop.replace(/_dynamic$/, ''));

/** Data status (001 §4) and the colour of its tag. */
export const STATUS_COLORS: Record<number, string> = { 1: 'success', 2: 'warning', 3: 'processing', 4: 'error', 5: 'default' };
export const NORMAL = 1;

/** The value fields of a form (no layout, no sub-tables). */
export const valueColumns = (option: FormOption | null | undefined): FormColumn[] =>
  columnsOf(option).filter((c) => !LAYOUT_TYPES.has(typeOf(c)) && typeOf(c) !== 'dynamic');
export const subTables = (option: FormOption | null | undefined): FormColumn[] => columnsOf(option).filter((c) => typeOf(c) === 'dynamic');

/** A main field's right as the shell is told it (open when the server names none). */
export const rightOf = (perms: Record<string, FieldRight | Record<string, FieldRight>> | undefined, prop: string): FieldRight => {
  const r = perms?.[prop] as FieldRight | undefined;
  return r && typeof r.hide === 'boolean' ? r : { hide: false, disabled: false, display: true, search: true };
};

// ---- cells -----------------------------------------------------------------------------------------

function OptionCell({ column, value }: { column: FormColumn; value: unknown }) {
  const items = useOptions(column);
  const list = Array.isArray(value) ? value : String(value).split(',');
  return <>{list.map((v) => items.find((o) => String(o.value) === String(v))?.label ?? String(v)).join('、')}</>;
}

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();

/** A field's value as the list shows it. */
export function Cell({ column: c, value }: { column: FormColumn; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return <Typography.Text type="secondary">-</Typography.Text>;
  const type = typeOf(c);
  if (OPTION_TYPES.has(type)) return <OptionCell column={c} value={value} />;
  if (USER_TYPES.has(type)) return <UserField value={String(value)} disabled />;
  switch (type) {
    case 'dept':
      return <DeptNames value={String(value)} />;
    case 'switch':
      return <>{value === true || value === 1 || value === '1' || value === 'true' ? t('miniApp.data.yes') : t('miniApp.data.no')}</>;
    case 'signature':
      return <Image src={String(value)} height={32} preview={{ mask: false }} />;
    case 'upload': {
      let files: { name?: string; url?: string }[] = [];
      try { files = Array.isArray(value) ? value : JSON.parse(String(value)); } catch { files = String(value).split(',').map((url) => ({ url, name: url.split('/').pop() })); }
      return <>{files.filter((f) => f?.url).map((f) => <a key={f.url} href={f.url} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>{f.name || f.url}</a>)}</>;
    }
    case 'richtext':
      return <Typography.Text ellipsis style={{ maxWidth: 260 }}>{stripHtml(String(value))}</Typography.Text>;
    case 'region':
    case 'daterange':
      return <>{Array.isArray(value) ? value.join(' ~ ') : String(value)}</>;
    default:
      return <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 260 }}>{String(value)}</Typography.Text>;
  }
}

export function StatusTag({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const n = Number(status);
  if (!STATUS_COLORS[n]) return <Tag>{String(status ?? '-')}</Tag>;
  return <Tag color={STATUS_COLORS[n]} className={`ma-status ma-status-${n}`}>{t(`miniApp.data.status.${n}`)}</Tag>;
}

// ---- search ----------------------------------------------------------------------------------------

/** The filter keys of a search value (queryObj): text matches a part, choices and dates exactly, date-times by day. */
export function searchEntries(c: FormColumn, v: unknown): [string, string][] {
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) return [];
  const type = typeOf(c);
  if (type === 'datetime') {
    const d = dayjs(v as string);
    return [[`${c.prop}_ge`, d.startOf('day').format('YYYY-MM-DD HH:mm:ss')], [`${c.prop}_le`, d.endOf('day').format('YYYY-MM-DD HH:mm:ss')]];
  }
  if (type === 'date' || type === 'switch' || ((type === 'select' || type === 'radio') && !c.multiple)) return [[`${c.prop}_equal`, String(v)]];
  return [[c.prop, Array.isArray(v) ? v.join(',') : String(v)]];
}

function SearchOptions({ column, value, onChange, placeholder }: { column: FormColumn; value?: unknown; onChange?: (v: unknown) => void; placeholder: string }) {
  const items = useOptions(column);
  return <Select allowClear showSearch optionFilterProp="label" placeholder={placeholder} style={{ width: '100%' }} options={items.map((o) => ({ label: o.label, value: String(o.value) }))} value={value as string} onChange={onChange} />;
}

/** The control of a searchable field in the search form. */
export function SearchControl({ column: c, value, onChange }: { column: FormColumn; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const type = typeOf(c);
  const ph = t(OPTION_TYPES.has(type) || type.startsWith('date') || type === 'switch' ? 'common.requiredSelect' : 'common.required', { label: c.label ?? c.prop });
  if (OPTION_TYPES.has(type)) return <SearchOptions column={c} value={value} onChange={onChange} placeholder={ph} />;
  if (type === 'switch') return <Select allowClear placeholder={ph} style={{ width: '100%' }} value={value as string} onChange={onChange} options={[{ label: t('miniApp.data.yes'), value: '1' }, { label: t('miniApp.data.no'), value: '0' }]} />;
  if (type === 'date' || type === 'datetime') {
    return <DatePicker style={{ width: '100%' }} placeholder={ph} value={value ? dayjs(value as string) : null} onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)} />;
  }
  if (type === 'daterange') return <DatePicker.RangePicker separator={rangeSeparator()} style={{ width: '100%' }} onChange={(d) => onChange?.(d?.[0] ? d[0].format('YYYY-MM-DD') : undefined)} />;
  if (type === 'number') return <InputNumber style={{ width: '100%' }} placeholder={ph} value={value as number} onChange={(v) => onChange?.(v ?? undefined)} />;
  return <Input allowClear placeholder={ph} value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
}

// ---- the child-row tracking of §4 ------------------------------------------------------------------

let temp = 0;
/** A temporary id for a child row not saved yet ({TABLE}_TEMP_ID). */
export const tempId = () => `tmp-${Date.now().toString(36)}-${++temp}`;

/**
 * The rows of one sub-table to send (001 §4): a row with its key is changed, one without a key is
 * added (carrying a temp id), and a stored row no longer in the form goes back marked isDeleted 1.
 * Only the fields the writer may write are sent of each row.
 */
export function trackChildren(prop: string, stored: BizRecord[], now: Values[], writable: Set<string>): BizRecord[] {
  const k = childKeysOf(prop);
  const pick = (r: Values) => Object.fromEntries(Object.entries(r).filter(([f]) => writable.has(f)));
  const out: BizRecord[] = [];
  const kept = new Set<string>();
  for (const r of now) {
    const key = r[k.id];
    if (key !== undefined && key !== null && key !== '') {
      kept.add(String(key));
      out.push({ ...pick(r), [k.id]: key });
    } else {
      out.push({ ...pick(r), [k.temp]: r[k.temp] ?? tempId() });
    }
  }
  for (const r of stored) {
    const key = r[k.id];
    if (key !== undefined && key !== null && !kept.has(String(key))) out.push({ [k.id]: key, isDeleted: 1 });
  }
  return out;
}

/** A record's values as a new record (copy): no keys, no status, child rows without their keys. */
export function asCopy(record: BizRecord, option: FormOption | null | undefined): Values {
  const out: Values = {};
  for (const c of valueColumns(option)) if (record[c.prop] !== undefined && record[c.prop] !== null) out[c.prop] = record[c.prop];
  for (const s of subTables(option)) {
    const k = childKeysOf(s.prop);
    const props = new Set((s.children?.column ?? []).map((x) => x.prop));
    out[s.prop] = ((record[s.prop] as BizRecord[] | undefined) ?? []).map((r) => ({ ...Object.fromEntries(Object.entries(r).filter(([f]) => props.has(f))), [k.temp]: tempId() }));
  }
  return out;
}
