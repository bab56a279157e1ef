// Renderer of a designed form (spec 000 §3 "Form-designer column", §5): one schema drives the start
// page and the detail page. Unreadable fields are hidden, unwritable fields are read-only and drop
// their rules; required / upload / pattern rules carry the exact §5 messages; the dynamic sub-table
// has its own required checks. Values stay plain (strings for dates, arrays for uploads) so what
// the form holds is what the server stores.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Table,
  Tag,
  TimePicker,
  Typography,
  Upload,
  message,
  type FormInstance,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/system';
import type { Person } from '../../api/message';
import { PeoplePicker } from '../PeoplePicker';
import { wfApi, type FormColumn, type FormOption } from '../../pages/workflow/api';
import './workflow.css';

type Values = Record<string, unknown>;
export interface UploadedItem {
  name: string;
  url: string;
}

const DATE_FORMATS: Record<string, string> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss', month: 'YYYY-MM', year: 'YYYY' };
const USER_TYPES = new Set(['user', 'userSelect', 'user-select', 'selectUser']);
const OPTION_TYPES = new Set(['select', 'radio', 'checkbox', 'switch']);

/** Every column of a form option: top-level plus grouped. */
export function columnsOf(option: FormOption | null | undefined): FormColumn[] {
  if (!option) return [];
  return [...(option.column ?? []), ...(option.group ?? []).flatMap((g) => g.column ?? [])].filter((c) => c && c.prop);
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
export const labelOf = (c: FormColumn) => c.label || c.prop;
const typeOf = (c: FormColumn) => c.type || 'input';
const isRequired = (c: FormColumn) => !!c.required || (c.rules ?? []).some((r) => r.required);
const patternOf = (c: FormColumn) => c.pattern || (c.rules ?? []).find((r) => r.pattern)?.pattern;

/** Default values of the columns (value) for a start form. */
export function defaultsOf(option: FormOption | null | undefined): Values {
  const out: Values = {};
  for (const c of columnsOf(option)) {
    if (c.value !== undefined && c.value !== null && !(typeof c.value === 'string' && c.value.includes('${'))) out[c.prop] = c.value;
    else if (typeOf(c) === 'dynamic') out[c.prop] = [];
  }
  return out;
}

/** Values of the writable fields only (what a node may send). */
export function writableValues(option: FormOption | null | undefined, values: Values, writable: (c: FormColumn) => boolean): Values {
  const out: Values = {};
  for (const c of columnsOf(option)) if (writable(c) && c.prop in values) out[c.prop] = values[c.prop];
  return out;
}

/**
 * Validates the whole form: the field rules, then the sub-table required checks. Rejects with the
 * messages joined by ' | ' (spec 000 §4 "Start flow", §5).
 */
export async function validateForm(form: FormInstance, option: FormOption | null | undefined, writable: (c: FormColumn) => boolean, t: (k: string, o?: Values) => string): Promise<Values> {
  const errors: string[] = [];
  try {
    await form.validateFields();
  } catch (e) {
    const fields = (e as { errorFields?: { errors: string[] }[] }).errorFields ?? [];
    for (const f of fields) errors.push(...f.errors);
  }
  const values = form.getFieldsValue(true) as Values;
  for (const c of columnsOf(option)) {
    if (typeOf(c) !== 'dynamic' || !writable(c) || c.readable === false) continue;
    const children = (c.children?.column ?? []).filter((x) => x.prop);
    const required = children.filter(isRequired);
    if (!required.length) continue;
    const rows = Array.isArray(values[c.prop]) ? (values[c.prop] as Values[]) : [];
    if (!rows.length) {
      errors.push(t('wf.form.subEmpty', { label: labelOf(c) }));
      continue;
    }
    rows.forEach((row, i) => {
      for (const r of required) if (isEmpty(row[r.prop])) errors.push(t('wf.form.subRow', { label: labelOf(c), n: i + 1, field: labelOf(r) }));
    });
  }
  const unique = [...new Set(errors)];
  if (unique.length) throw new Error(unique.join(' | '));
  return values;
}

function rulesOf(c: FormColumn, t: (k: string, o?: Values) => string): Rule[] {
  const rules: Rule[] = [];
  const label = labelOf(c);
  if (isRequired(c)) {
    rules.push({
      validator: async (_, v) => {
        if (isEmpty(v)) throw new Error(t(typeOf(c) === 'upload' ? 'wf.form.uploadRequired' : 'wf.form.required', { label }));
      },
    });
  }
  const pattern = patternOf(c);
  if (pattern) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(pattern);
    } catch {
      re = null;
    }
    if (re) {
      rules.push({
        validator: async (_, v) => {
          if (!isEmpty(v) && !re!.test(String(v))) throw new Error(t('wf.form.pattern', { label }));
        },
      });
    }
  }
  return rules;
}

// ---- controls ---------------------------------------------------------------------------------

function DateField({ value, onChange, type, disabled, format }: { value?: string; onChange?: (v?: string) => void; type: string; disabled?: boolean; format?: string }) {
  const fmt = format || DATE_FORMATS[type] || DATE_FORMATS.date;
  const parsed = value ? dayjs(value, fmt) : null;
  const d = parsed && parsed.isValid() ? parsed : value ? dayjs(value) : null;
  if (type === 'time') {
    return <TimePicker style={{ width: '100%' }} disabled={disabled} value={d} format={fmt} onChange={(x) => onChange?.(x ? x.format(fmt) : undefined)} />;
  }
  return (
    <DatePicker
      style={{ width: '100%' }}
      disabled={disabled}
      value={d}
      showTime={type === 'datetime'}
      picker={type === 'month' ? 'month' : type === 'year' ? 'year' : 'date'}
      format={fmt}
      onChange={(x) => onChange?.(x ? x.format(fmt) : undefined)}
    />
  );
}

function UploadField({ value, onChange, disabled, limit, accept }: { value?: UploadedItem[] | string; onChange?: (v: UploadedItem[]) => void; disabled?: boolean; limit?: number; accept?: string }) {
  const { t } = useTranslation();
  const list: UploadedItem[] = Array.isArray(value)
    ? value
    : typeof value === 'string' && value
      ? value.split(',').map((url) => ({ name: url.split('/').pop() || url, url }))
      : [];
  const [busy, setBusy] = useState(false);
  if (disabled) {
    return list.length ? (
      <div className="wf-readonly-value">
        {list.map((f) => (
          <div key={f.url}>
            <PaperClipOutlined />{' '}
            <a href={f.url} target="_blank" rel="noreferrer">
              {f.name}
            </a>
          </div>
        ))}
      </div>
    ) : (
      <div className="wf-readonly-value">-</div>
    );
  }
  return (
    <Upload
      accept={accept}
      fileList={list.map((f) => ({ uid: f.url, name: f.name, url: f.url, status: 'done' as const }))}
      onRemove={(f) => onChange?.(list.filter((x) => x.url !== f.url))}
      beforeUpload={async (file) => {
        if (limit && list.length >= limit) {
          message.error(t('wf.form.uploadLimit', { n: limit }));
          return Upload.LIST_IGNORE;
        }
        setBusy(true);
        try {
          const r = await putFile(file);
          onChange?.([...list, { name: r.originalName || file.name, url: r.link }]);
        } catch {
          /* the request layer showed the server's refusal */
        } finally {
          setBusy(false);
        }
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy}>
        {t('wf.form.upload')}
      </Button>
    </Upload>
  );
}

/** Names of user ids (from the picker, or looked up once). */
const nameCache = new Map<string, string>();
function useNames(ids: string[]): Map<string, string> {
  const [, bump] = useState(0);
  useEffect(() => {
    const missing = ids.filter((id) => !nameCache.has(id));
    if (!missing.length) return;
    let live = true;
    Promise.all(missing.map((id) => wfApi.userDetail(id).then((u) => nameCache.set(id, u?.realName || u?.name || u?.account || id), () => nameCache.set(id, id)))).then(
      () => live && bump((n) => n + 1),
    );
    return () => {
      live = false;
    };
  }, [ids.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  return nameCache;
}

/** A user chooser: the people-selection dialog; the value is the ids, comma-joined. */
export function UserField({
  value,
  onChange,
  disabled,
  multiple = true,
  placeholder,
  className,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  disabled?: boolean;
  multiple?: boolean;
  placeholder?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ids = useMemo(() => String(value ?? '').split(',').filter(Boolean), [value]);
  const names = useNames(ids);
  const people: Person[] = ids.map((id) => ({ id, account: '', realName: names.get(id) ?? id }));
  return (
    <div className={`wf-people-tags ${className ?? ''}`}>
      {ids.map((id) => (
        <Tag
          key={id}
          color="blue"
          closable={!disabled}
          className="wf-person-tag"
          onClose={(e) => {
            e.preventDefault();
            const rest = ids.filter((x) => x !== id);
            onChange?.(rest.length ? rest.join(',') : undefined);
          }}
        >
          {names.get(id) ?? '…'}
        </Tag>
      ))}
      {!disabled && (
        <Button size="small" icon={<UserAddOutlined />} className="wf-pick-people" onClick={() => setOpen(true)}>
          {placeholder ?? t('wf.form.choosePeople')}
        </Button>
      )}
      {disabled && !ids.length && <span className="wf-readonly-value">-</span>}
      <PeoplePicker
        open={open}
        mode={multiple ? 'checkbox' : 'radio'}
        value={people}
        onCancel={() => setOpen(false)}
        onConfirm={(chosen) => {
          for (const p of chosen) nameCache.set(String(p.id), p.realName || p.name || p.account);
          onChange?.(chosen.length ? chosen.map((p) => String(p.id)).join(',') : undefined);
          setOpen(false);
        }}
      />
    </div>
  );
}

function SubTable({ value, onChange, column, disabled }: { value?: Values[]; onChange?: (v: Values[]) => void; column: FormColumn; disabled?: boolean }) {
  const { t } = useTranslation();
  const rows = Array.isArray(value) ? value : [];
  const children = (column.children?.column ?? []).filter((c) => c.prop && c.readable !== false);
  const [page, setPage] = useState(1);
  const set = (i: number, prop: string, v: unknown) => onChange?.(rows.map((r, j) => (j === i ? { ...r, [prop]: v } : r)));
  return (
    <div className="wf-subtable">
      <Table<Values & { $i: number }>
        size="small"
        bordered
        rowKey="$i"
        dataSource={rows.map((r, i) => ({ ...r, $i: i }))}
        pagination={rows.length > 10 ? { current: page, pageSize: 10, onChange: setPage, showSizeChanger: false, showTotal: (n) => t('list.total', { total: n }), size: 'small' } : false}
        columns={[
          { title: '#', width: 48, render: (_, r) => r.$i + 1 },
          ...children.map((c) => ({
            title: (
              <span>
                {isRequired(c) && !disabled && <span style={{ color: '#ff4d4f' }}>* </span>}
                {labelOf(c)}
              </span>
            ),
            dataIndex: c.prop,
            render: (_: unknown, r: Values & { $i: number }) => (
              <Control column={c} value={r[c.prop]} disabled={disabled || c.writable === false} onChange={(v) => set(r.$i, c.prop, v)} compact />
            ),
          })),
          ...(disabled
            ? []
            : [
                {
                  title: t('common.action'),
                  width: 72,
                  render: (_: unknown, r: Values & { $i: number }) => (
                    <Button
                      type="link"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      onClick={() => {
                        if (r.$i >= rows.length) {
                          message.error(t('wf.form.rowDeleteFailed'));
                          return;
                        }
                        onChange?.(rows.filter((_x, j) => j !== r.$i));
                        message.success(t('wf.form.rowDeleted'));
                      }}
                    />
                  ),
                },
              ]),
        ]}
      />
      {!disabled && (
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange?.([...rows, {}])} className="wf-subtable-add">
          {t('wf.form.addRow')}
        </Button>
      )}
    </div>
  );
}

/** One control for a column type, receiving value/onChange (Form.Item or a sub-table cell). */
function Control({ column: c, value, onChange, disabled, compact }: { column: FormColumn; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const type = typeOf(c);
  const ph = c.placeholder ?? (OPTION_TYPES.has(type) || DATE_FORMATS[type] ? t('common.requiredSelect', { label: labelOf(c) }) : t('common.required', { label: labelOf(c) }));
  const options = (c.dicData ?? []).map((o) => ({ label: o.label, value: o.value }));
  const common = { disabled, placeholder: compact ? undefined : ph };
  switch (type) {
    case 'textarea':
      return <Input.TextArea {...common} value={value as string} autoSize={{ minRows: c.minRows ?? 3 }} onChange={(e) => onChange?.(e.target.value)} />;
    case 'password':
      return <Input.Password {...common} value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
    case 'number':
      return <InputNumber {...common} style={{ width: '100%' }} min={c.min} max={c.max} precision={c.precision} value={value as number} onChange={(v) => onChange?.(v ?? undefined)} />;
    case 'select':
      return <Select {...common} allowClear options={options} mode={c.multiple ? 'multiple' : undefined} value={value as string} onChange={(v) => onChange?.(v)} style={{ width: '100%' }} />;
    case 'radio':
      return <Radio.Group disabled={disabled} options={options} value={value} onChange={(e) => onChange?.(e.target.value)} />;
    case 'checkbox':
      return <Checkbox.Group disabled={disabled} options={options} value={Array.isArray(value) ? value : value ? String(value).split(',') : []} onChange={(v) => onChange?.(v)} />;
    case 'switch':
      return <Switch disabled={disabled} checked={value === true || value === 1 || value === '1' || value === 'true'} onChange={(v) => onChange?.(v)} />;
    case 'date':
    case 'datetime':
    case 'time':
    case 'month':
    case 'year':
      return <DateField type={type} disabled={disabled} format={c.valueFormat || c.format} value={value as string} onChange={onChange} />;
    case 'upload':
      return <UploadField disabled={disabled} limit={c.limit} accept={c.accept} value={value as UploadedItem[]} onChange={onChange} />;
    case 'dynamic':
      return <SubTable column={c} disabled={disabled} value={value as Values[]} onChange={onChange} />;
    default:
      if (USER_TYPES.has(type)) return <UserField disabled={disabled} multiple={c.multiple !== false} value={value as string} onChange={onChange} />;
      return <Input {...common} value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

export interface FormRendererProps {
  option: FormOption | null | undefined;
  form: FormInstance;
  /** Whether a field may be written here (start: all; detail: per task). */
  writable: (c: FormColumn) => boolean;
  initialValues?: Values;
  className?: string;
}

export function FormRenderer({ option, form, writable, initialValues, className }: FormRendererProps) {
  const { t } = useTranslation();
  const item = (c: FormColumn): ReactNode => {
    if (c.readable === false || c.display === false) return null;
    const type = typeOf(c);
    const canWrite = writable(c) && c.disabled !== true && c.readonly !== true;
    const span = type === 'dynamic' || type === 'textarea' ? 24 : c.span ?? option?.span ?? 12;
    if (type === 'title' || type === 'divider') {
      return (
        <Col span={24} key={c.prop}>
          <Divider orientation="left" plain>
            {labelOf(c)}
          </Divider>
        </Col>
      );
    }
    return (
      <Col xs={24} md={span} key={c.prop}>
        <Form.Item
          name={c.prop}
          label={labelOf(c)}
          required={canWrite && isRequired(c)}
          rules={canWrite ? rulesOf(c, t) : []}
          className={`wf-field wf-field-${c.prop}`}
        >
          <Control column={c} disabled={!canWrite} />
        </Form.Item>
      </Col>
    );
  };
  if (!columnsOf(option).length) return <Typography.Text type="secondary">{t('wf.form.noForm')}</Typography.Text>;
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} className={`wf-form ${className ?? ''}`} requiredMark>
      <Row gutter={16}>{(option?.column ?? []).map(item)}</Row>
      {(option?.group ?? []).map((g, i) => (
        <div key={g.prop ?? i}>
          <Divider orientation="left">{g.label}</Divider>
          <Row gutter={16}>{(g.column ?? []).map(item)}</Row>
        </div>
      ))}
    </Form>
  );
}
