// The controls of designed fields, each taking value/onChange so it works inside a Form.Item and
// inside a sub-table cell. Values stay plain JSON (strings for dates, lists for uploads, a data URL
// for a signature) so what the form holds is what the server stores.
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  DatePicker,
  Image,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  TimePicker,
  TreeSelect,
  Upload,
  message,
} from 'antd';
import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import DOMPurify from 'dompurify';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/request';
import { putFile } from '../../api/system';
import { dictionary, regionLazyTree } from '../../api/admin';
import { deptTree, treeOptions, type Person, type TreeOption } from '../../api/message';
import { PeoplePicker } from '../PeoplePicker';
import { RegionPicker } from '../RegionPicker';
import { TransferBar, type Transfer } from '../transfer';
import { loadDicUrl } from './dic-url';
import { checkUpload, isImageName } from './form-upload';
import { isEmpty, isRequired, labelOf, OPTION_TYPES, PICK_TYPES, typeOf, USER_TYPES, type DicItem, type FormColumn, type Values } from './form-schema';
import { resolveDefault, type TemplateContext } from './form-template';
import { totalText } from '../../api/crud';
import { rangeSeparator } from '../rangeSeparator';

export interface UploadedItem {
  name: string;
  url: string;
}

const DATE_FORMATS: Record<string, string> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss', month: 'YYYY-MM', year: 'YYYY' };

// ---- options (static or from a dictionary) ------------------------------------------------------

const dictCache = new Map<string, Promise<DicItem[]>>();
function loadDict(code: string): Promise<DicItem[]> {
  let p = dictCache.get(code);
  if (!p) {
    p = dictionary(code).then(
      (items) => (items ?? []).map((i) => ({ label: i.dictValue, value: i.dictKey })),
      (e) => {
        dictCache.delete(code); // a failure is not remembered
        throw e;
      },
    );
    dictCache.set(code, p);
  }
  return p;
}

/** The options of a column: its dictionary's items when it names one, else what its dicUrl answers (dic-url.ts), else its static list. */
export function useOptions(c: FormColumn): DicItem[] {
  const [items, setItems] = useState<DicItem[]>(c.dicCode || c.dicUrl ? [] : (c.dicData ?? []));
  useEffect(() => {
    if (!c.dicCode && !c.dicUrl) {
      setItems(c.dicData ?? []);
      return;
    }
    let live = true;
    (c.dicCode ? loadDict(c.dicCode) : loadDicUrl(c.dicUrl!)).then(
      (r) => live && setItems(r),
      (e: unknown) => {
        if (!c.dicCode) console.warn('dicUrl', e);
        if (live) setItems([]);
      },
    );
    return () => {
      live = false;
    };
  }, [c.dicCode, c.dicUrl, c.dicData]);
  return items;
}

// ---- dates ----------------------------------------------------------------------------------------

function DateField({ value, onChange, type, disabled, format, placeholder }: { value?: string; onChange?: (v?: string) => void; type: string; disabled?: boolean; format?: string; placeholder?: string }) {
  const fmt = format || DATE_FORMATS[type] || DATE_FORMATS.date;
  const parsed = value ? dayjs(value, fmt) : null;
  const d = parsed && parsed.isValid() ? parsed : value ? dayjs(value) : null;
  if (type === 'time') {
    return <TimePicker style={{ width: '100%' }} disabled={disabled} placeholder={placeholder} value={d} format={fmt} onChange={(x) => onChange?.(x ? x.format(fmt) : undefined)} />;
  }
  return (
    <DatePicker
      style={{ width: '100%' }}
      disabled={disabled}
      placeholder={placeholder}
      value={d}
      showTime={type === 'datetime'}
      picker={type === 'month' ? 'month' : type === 'year' ? 'year' : 'date'}
      format={fmt}
      onChange={(x) => onChange?.(x ? x.format(fmt) : undefined)}
    />
  );
}

/** A date range: the value is [start, end] as date strings. */
function DateRangeField({ value, onChange, disabled, format }: { value?: string[]; onChange?: (v?: string[]) => void; disabled?: boolean; format?: string }) {
  const fmt = format || DATE_FORMATS.date;
  const parts = Array.isArray(value) ? value : typeof value === 'string' && value ? String(value).split(',') : [];
  const range = parts.length === 2 ? ([dayjs(parts[0], fmt), dayjs(parts[1], fmt)] as [dayjs.Dayjs, dayjs.Dayjs]) : null;
  return (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      separator={rangeSeparator()}
      disabled={disabled}
      value={range}
      format={fmt}
      showTime={fmt.includes('H')}
      onChange={(x) => onChange?.(x && x[0] && x[1] ? [x[0].format(fmt), x[1].format(fmt)] : undefined)}
    />
  );
}

// ---- upload ---------------------------------------------------------------------------------------

const listOf = (value: unknown): UploadedItem[] =>
  Array.isArray(value)
    ? (value as UploadedItem[]).filter((f) => f && f.url)
    : typeof value === 'string' && value
      ? value.split(',').map((url) => ({ name: url.split('/').pop() || url, url }))
      : [];

function UploadField({ value, onChange, disabled, column: c }: { value?: UploadedItem[] | string; onChange?: (v: UploadedItem[]) => void; disabled?: boolean; column: FormColumn }) {
  const { t } = useTranslation();
  const list = listOf(value);
  const latest = useRef(list);
  latest.current = list;
  const [busy, setBusy] = useState(0);
  /** the files on their way, by uid: their progress is shown as one bar under the control */
  const [sending, setSending] = useState<Record<string, Transfer>>({});
  const image = c.uploadType === 'image';
  if (disabled) {
    if (!list.length) return <div className="wf-readonly-value">-</div>;
    if (image) {
      return (
        <Image.PreviewGroup>
          <Space wrap>
            {list.map((f) => (
              <Image key={f.url} src={f.url} width={88} height={88} style={{ objectFit: 'cover', borderRadius: 6 }} />
            ))}
          </Space>
        </Image.PreviewGroup>
      );
    }
    return (
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
    );
  }
  const full = !!c.limit && list.length + busy >= c.limit;
  const going = Object.values(sending);
  const progress: Transfer | null = going.length
    ? {
        phase: going.every((p) => p.phase === 'server') ? 'server' : 'upload',
        loaded: going.reduce((a, p) => a + p.loaded, 0),
        total: going.every((p) => p.total) ? going.reduce((a, p) => a + (p.total ?? 0), 0) : undefined,
      }
    : null;
  return (
    <>
      <Upload
        accept={c.accept || (image ? 'image/*' : undefined)}
        multiple={!c.limit || c.limit > 1}
        listType={image ? 'picture-card' : 'text'}
        fileList={list.map((f) => ({ uid: f.url, name: f.name, url: f.url, thumbUrl: image || isImageName(f.name) ? f.url : undefined, status: 'done' as const }))}
        onRemove={(f) => onChange?.(latest.current.filter((x) => x.url !== f.url))}
        onPreview={(f) => f.url && window.open(f.url, '_blank', 'noopener')}
        beforeUpload={async (file) => {
          const refusal = checkUpload(file, latest.current.length + busy, { accept: c.accept, imageOnly: image, limit: c.limit, fileSize: c.fileSize });
          if (refusal) {
            message.error(t(`fr.upload.${refusal.key}`, refusal.values));
            return Upload.LIST_IGNORE;
          }
          setBusy((n) => n + 1);
          const track = (p: Transfer) => setSending((all) => ({ ...all, [file.uid]: p }));
          track({ phase: 'upload', loaded: 0, total: file.size });
          try {
            const r = await putFile(file, undefined, { onProgress: track });
            const next = [...latest.current, { name: r.originalName || file.name, url: r.link }];
            latest.current = next;
            onChange?.(next);
          } catch (e) {
            message.error(`${t('fr.upload.failed')}${(e as Error).message ?? ''}`);
          } finally {
            setBusy((n) => n - 1);
            setSending(({ [file.uid]: _, ...rest }) => rest);
          }
          return Upload.LIST_IGNORE;
        }}
      >
        {full ? null : image ? (
          <div className="fr-upload-card">
            <PlusOutlined />
            <div>{busy ? t('common.loading') : t('fr.upload.image')}</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />} loading={busy > 0}>
            {t('fr.upload.file')}
          </Button>
        )}
      </Upload>
      <TransferBar transfer={progress} style={{ marginTop: 6, maxWidth: 360 }} />
    </>
  );
}

// ---- people and departments -----------------------------------------------------------------------

/** Names of user ids (from the picker, or looked up once through the pickers' user lookup). */
const nameCache = new Map<string, string>();
function useNames(ids: string[]): Map<string, string> {
  const [, bump] = useState(0);
  useEffect(() => {
    const missing = ids.filter((id) => !nameCache.has(id));
    if (!missing.length) return;
    let live = true;
    Promise.all(
      missing.map((id) =>
        http
          .get<{ realName?: string; name?: string; account?: string } | null>('/api/blade-workflow/process/user/detail', { id }, { silent: true })
          .then((u) => nameCache.set(id, u?.realName || u?.name || u?.account || id), () => nameCache.set(id, id)),
      ),
    ).then(() => live && bump((n) => n + 1));
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
          {placeholder ?? t('fr.choosePeople')}
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

let deptPromise: Promise<TreeOption[]> | null = null;
function useDepts(): TreeOption[] {
  const [tree, setTree] = useState<TreeOption[]>([]);
  useEffect(() => {
    deptPromise ??= deptTree().then(treeOptions, (e) => {
      deptPromise = null;
      throw e;
    });
    let live = true;
    deptPromise.then((r) => live && setTree(r), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return tree;
}

/** Departments' names for their ids (comma-joined), as a list cell shows them; an id no longer in the tree shows as itself. */
export function DeptNames({ value }: { value: string }) {
  const tree = useDepts();
  const names = new Map<string, string>();
  const walk = (nodes: TreeOption[]) => nodes.forEach((n) => { names.set(String(n.value), String(n.title)); if (n.children) walk(n.children); });
  walk(tree);
  return <>{value.split(',').filter(Boolean).map((id) => names.get(id) ?? id).join('、')}</>;
}

/** A department chooser over the department tree; the value is the id (ids comma-joined when multiple). */
function DeptField({ value, onChange, disabled, multiple, placeholder }: { value?: string; onChange?: (v?: string) => void; disabled?: boolean; multiple?: boolean; placeholder?: string }) {
  const tree = useDepts();
  const ids = String(value ?? '').split(',').filter(Boolean);
  return (
    <TreeSelect
      style={{ width: '100%' }}
      treeData={tree}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      multiple={multiple}
      value={multiple ? ids : ids[0]}
      onChange={(v: string | string[] | undefined) => {
        const list = Array.isArray(v) ? v : v ? [v] : [];
        onChange?.(list.length ? list.join(',') : undefined);
      }}
    />
  );
}

// ---- region ---------------------------------------------------------------------------------------

const regionNames = new Map<string, string>();
/** Names of a region code path, read level by level from the same lazy tree the picker uses. */
function useRegionNames(codes: string[]): string[] {
  const [, bump] = useState(0);
  useEffect(() => {
    if (!codes.length || codes.every((c) => regionNames.has(c))) return;
    let live = true;
    void (async () => {
      let parent = '00';
      for (const code of codes) {
        if (!regionNames.has(code)) {
          try {
            for (const n of await regionLazyTree(parent)) regionNames.set(String(n.value), String(n.title));
          } catch {
            break;
          }
        }
        parent = code;
      }
      if (live) bump((n) => n + 1);
    })();
    return () => {
      live = false;
    };
  }, [codes.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  return codes.map((c) => regionNames.get(c) ?? c);
}

function RegionField({ value, onChange, disabled, levels, placeholder }: { value?: string[]; onChange?: (v?: string[]) => void; disabled?: boolean; levels?: 1 | 2 | 3; placeholder?: string }) {
  const codes = Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? String(value).split(',') : [];
  const names = useRegionNames(disabled ? codes : []);
  if (disabled) return <div className="wf-readonly-value">{codes.length ? names.join(' / ') : '-'}</div>;
  return <RegionPicker value={codes} levels={levels ?? 3} placeholder={placeholder} onChange={(c) => onChange?.(c.length ? c : undefined)} />;
}

// ---- signature ------------------------------------------------------------------------------------

/** Smallest decoded length of a signature image that counts as signed (spec 000 §9). */
export const SIGNATURE_MIN_LENGTH = 5200;
/** Export size keeps the spec's 80x50 proportions, at 4x for a sharp print. */
const SIGN_W = 320;
const SIGN_H = 200;

function SignatureDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: (dataUrl: string) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<import('signature_pad').default | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    // the canvas exists once the dialog has rendered
    const timer = window.setTimeout(async () => {
      const { default: SignaturePad } = await import('signature_pad');
      if (!live || !canvas.current) return;
      const el = canvas.current;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      pad.current?.off();
      pad.current = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)', penColor: '#111', minWidth: 1, maxWidth: 2.6 });
    }, 50);
    return () => {
      live = false;
      window.clearTimeout(timer);
      pad.current?.off();
      pad.current = null;
    };
  }, [open]);
  const confirm = () => {
    const p = pad.current;
    const full = p && !p.isEmpty() ? p.toDataURL('image/png') : '';
    const decoded = full ? atob(full.split(',')[1] ?? '').length : 0;
    if (!p || p.isEmpty() || decoded < SIGNATURE_MIN_LENGTH) {
      message.warning(t('fr.signature.tooSmall'));
      return;
    }
    const out = document.createElement('canvas');
    out.width = SIGN_W;
    out.height = SIGN_H;
    const ctx = out.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, SIGN_W, SIGN_H);
    ctx.drawImage(canvas.current!, 0, 0, SIGN_W, SIGN_H);
    onConfirm(out.toDataURL('image/png'));
  };
  return (
    <Modal
      open={open}
      title={t('fr.signature.title')}
      width={640}
      onCancel={onCancel}
      destroyOnClose
      footer={
        <Space>
          <Button onClick={() => pad.current?.clear()} className="fr-sign-redo">
            {t('fr.signature.redo')}
          </Button>
          <Button type="primary" onClick={confirm} className="fr-sign-confirm">
            {t('common.confirm')}
          </Button>
        </Space>
      }
    >
      <canvas ref={canvas} className="fr-sign-canvas" />
    </Modal>
  );
}

function SignatureField({ value, onChange, disabled }: { value?: string; onChange?: (v?: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="fr-signature">
      {value ? <Image src={value} width={160} height={100} className="fr-sign-image" /> : <span className="fr-sign-none">{t('fr.signature.none')}</span>}
      {!disabled && (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(true)} className="fr-sign-open">
            {t('fr.signature.sign')}
          </Button>
          {value && (
            <Button size="small" danger type="text" icon={<DeleteOutlined />} onClick={() => onChange?.(undefined)} aria-label={t('common.delete')} />
          )}
        </Space>
      )}
      <SignatureDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={(url) => {
          onChange?.(url);
          setOpen(false);
        }}
      />
    </div>
  );
}

// ---- rich text ------------------------------------------------------------------------------------

/** Stored rich text is shown only after DOMPurify has removed scripts and handlers. */
export const sanitize = (html: string): string => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });

const RichEditor = lazy(() => import('./form-richtext'));

function RichTextField({ value, onChange, disabled }: { value?: string; onChange?: (v?: string) => void; disabled?: boolean }) {
  if (disabled) {
    return value ? <div className="fr-richtext-view" dangerouslySetInnerHTML={{ __html: sanitize(String(value)) }} /> : <div className="wf-readonly-value">-</div>;
  }
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: 180 }} />}>
      <RichEditor value={value} onChange={onChange} />
    </Suspense>
  );
}

// ---- sub-table ------------------------------------------------------------------------------------

/** Starting values of a new sub-table row: its columns' defaults with templates filled. */
export function rowDefaults(column: FormColumn, ctx: TemplateContext): Values {
  const row: Values = {};
  for (const c of column.children?.column ?? []) {
    if (c.prop && c.value !== undefined && c.value !== null && c.value !== '') row[c.prop] = resolveDefault(c.value, ctx);
  }
  return row;
}

const PAGE = 10;

function SubTable({ value, onChange, column, disabled, templateContext }: { value?: Values[]; onChange?: (v: Values[]) => void; column: FormColumn; disabled?: boolean; templateContext: () => TemplateContext }) {
  const { t } = useTranslation();
  const rows = Array.isArray(value) ? value : [];
  const children = (column.children?.column ?? []).filter((c) => c.prop && c.readable !== false && c.display !== false);
  const [page, setPage] = useState(1);
  const set = (i: number, prop: string, v: unknown) => onChange?.(rows.map((r, j) => (j === i ? { ...r, [prop]: v } : r)));
  return (
    <div className="wf-subtable">
      <Table<Values & { $i: number }>
        size="small"
        bordered
        rowKey="$i"
        scroll={{ x: 'max-content' }}
        dataSource={rows.map((r, i) => ({ ...r, $i: i }))}
        locale={{ emptyText: t('fr.sub.empty') }}
        pagination={
          rows.length > PAGE
            ? { current: page, pageSize: PAGE, onChange: setPage, showSizeChanger: false, showTotal: (n) => totalText(t, n), size: 'small' }
            : false
        }
        columns={[
          { title: '#', width: 48, render: (_, r) => r.$i + 1 },
          ...children.map((c) => ({
            title: (
              <span>
                {isRequired(c) && !disabled && c.writable !== false && <span style={{ color: '#ff4d4f' }}>* </span>}
                {labelOf(c)}
              </span>
            ),
            dataIndex: c.prop,
            onCell: () => ({ className: `fr-cell-${c.prop}` }),
            render: (_: unknown, r: Values & { $i: number }) => (
              <div style={{ minWidth: typeOf(c) === 'upload' ? 160 : 140 }}>
                <Control column={c} value={r[c.prop]} disabled={disabled || c.writable === false || c.disabled === true} onChange={(v) => set(r.$i, c.prop, v)} compact templateContext={templateContext} />
              </div>
            ),
          })),
          ...(disabled
            ? []
            : [
                {
                  title: t('common.action'),
                  width: 72,
                  fixed: 'right' as const,
                  render: (_: unknown, r: Values & { $i: number }) => (
                    <Button
                      type="link"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      className="fr-row-delete"
                      aria-label={t('common.delete')}
                      onClick={() => {
                        if (r.$i >= rows.length) {
                          message.error(t('fr.sub.deleteFailed'));
                          return;
                        }
                        const rest = rows.filter((_x, j) => j !== r.$i);
                        onChange?.(rest);
                        if (page > 1 && (page - 1) * PAGE >= rest.length) setPage(page - 1);
                        message.success(t('fr.sub.deleted'));
                      }}
                    />
                  ),
                },
              ]),
        ]}
      />
      {!disabled && !(column.limit && rows.length >= column.limit) && (
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            const next = [...rows, rowDefaults(column, templateContext())];
            onChange?.(next);
            setPage(Math.ceil(next.length / PAGE));
          }}
          className="wf-subtable-add"
        >
          {t('fr.sub.add')}
        </Button>
      )}
    </div>
  );
}

// ---- the control of a type ------------------------------------------------------------------------

function OptionControl({ column: c, value, onChange, disabled, placeholder }: { column: FormColumn; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean; placeholder?: string }) {
  const items = useOptions(c);
  const options = items.map((o) => ({ label: o.label, value: o.value }));
  // dictionary keys are strings; a stored number still shows its label
  const norm = (v: unknown) => (options.some((o) => o.value === v) ? v : options.find((o) => String(o.value) === String(v))?.value ?? v);
  switch (typeOf(c)) {
    case 'radio':
      return <Radio.Group disabled={disabled} options={options} value={norm(value)} onChange={(e) => onChange?.(e.target.value)} />;
    case 'checkbox': {
      const list = Array.isArray(value) ? value : value !== undefined && value !== null && value !== '' ? String(value).split(',') : [];
      return <Checkbox.Group disabled={disabled} options={options} value={list.map(norm)} onChange={(v) => onChange?.(v.length ? v : undefined)} />;
    }
    default:
      return (
        <Select
          disabled={disabled}
          placeholder={placeholder}
          allowClear
          showSearch
          optionFilterProp="label"
          options={options}
          mode={c.multiple ? 'multiple' : undefined}
          value={c.multiple ? (Array.isArray(value) ? value.map(norm) : value ? String(value).split(',') : []) : (norm(value) as string)}
          onChange={(v) => onChange?.(Array.isArray(v) && !v.length ? undefined : v)}
          style={{ width: '100%' }}
        />
      );
  }
}

/** One control for a column type, receiving value/onChange (Form.Item or a sub-table cell). */
export function Control({
  column: c,
  value,
  onChange,
  disabled,
  compact,
  templateContext,
}: {
  column: FormColumn;
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
  compact?: boolean;
  templateContext: () => TemplateContext;
}) {
  const { t } = useTranslation();
  const type = typeOf(c);
  const ph = compact ? undefined : (c.placeholder ?? t(PICK_TYPES.has(type) ? 'common.requiredSelect' : 'common.required', { label: labelOf(c) }));
  const common = { disabled, placeholder: ph };
  if (OPTION_TYPES.has(type)) return <OptionControl column={c} value={value} onChange={onChange} disabled={disabled} placeholder={ph} />;
  switch (type) {
    case 'textarea':
      return (
        <Input.TextArea {...common} value={value as string} maxLength={c.maxlength} showCount={!!c.maxlength && !disabled} autoSize={{ minRows: compact ? 1 : (c.minRows ?? 3) }} onChange={(e) => onChange?.(e.target.value)} />
      );
    case 'password':
      return <Input.Password {...common} value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
    case 'number':
      return <InputNumber {...common} style={{ width: '100%' }} min={c.min} max={c.max} precision={c.precision} value={value as number} onChange={(v) => onChange?.(v ?? undefined)} />;
    case 'switch':
      return <Switch disabled={disabled} checked={value === true || value === 1 || value === '1' || value === 'true'} onChange={(v) => onChange?.(v)} />;
    case 'date':
    case 'datetime':
    case 'time':
    case 'month':
    case 'year':
      return <DateField type={type} disabled={disabled} placeholder={ph} format={c.valueFormat || c.format} value={value as string} onChange={onChange} />;
    case 'daterange':
      return <DateRangeField disabled={disabled} format={c.valueFormat || c.format} value={value as string[]} onChange={onChange} />;
    case 'upload':
      return <UploadField disabled={disabled} column={c} value={value as UploadedItem[]} onChange={onChange} />;
    case 'richtext':
      return <RichTextField disabled={disabled} value={value as string} onChange={onChange} />;
    case 'signature':
      return <SignatureField disabled={disabled} value={value as string} onChange={onChange} />;
    case 'dept':
      return <DeptField disabled={disabled} multiple={!!c.multiple} placeholder={ph} value={value as string} onChange={onChange} />;
    case 'region':
      return <RegionField disabled={disabled} levels={c.levels} placeholder={ph} value={value as string[]} onChange={onChange} />;
    case 'dynamic':
      return <SubTable column={c} disabled={disabled} value={value as Values[]} onChange={onChange} templateContext={templateContext} />;
    default:
      if (USER_TYPES.has(type)) return <UserField disabled={disabled} multiple={c.multiple !== false} value={value as string} onChange={onChange} />;
      return <Input {...common} value={value as string} maxLength={c.maxlength} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

export { isEmpty };
