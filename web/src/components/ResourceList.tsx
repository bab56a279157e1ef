import { useMemo, useRef, useState, type ComponentType, type MutableRefObject, type ReactNode } from 'react';
import {
  ModalForm,
  ProForm,
  ProFormDatePicker,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
  ProTable,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { Button, Col, Descriptions, Modal, Space, Tag, Typography, message } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Crud, ListParams, TreeNode } from '../api/crud';
import { usePermission } from './Permitted';
import { useSession } from '../shell/store';
import { CheckTree } from './CheckTree';
import { FoldingToolbar } from './FoldingToolbar';
import { rangeSeparator } from './rangeSeparator';
import { website } from '../website';
import { totalText } from '../api/crud';

export interface FieldOption {
  /** i18n key of the label. */
  label: string;
  value: string | number;
  color?: string;
}

/** An option loaded from a call: labels are data, not i18n keys. */
export interface LoadedOption {
  label: string;
  value: string | number;
}

type Row = Record<string, unknown>;

export interface FieldSpec {
  type?:
    | 'text'
    | 'textarea'
    | 'json'
    | 'number'
    | 'select'
    | 'radio'
    | 'datetime'
    | 'date'
    | 'switch'
    | 'password'
    | 'treeSelect'
    | 'checkTree'
    | 'custom';
  required?: boolean;
  /** i18n key of the exact required message (spec 002 §5) instead of 请输入{label}. */
  requiredMessage?: string;
  rows?: number;
  /** i18n key of a help text under the field. */
  help?: string;
  /** i18n key of the placeholder. */
  placeholder?: string;
  min?: number;
  max?: number;
  /** Editable only when adding (keys). */
  addOnly?: boolean;
  /** Only in the add form (initial password). */
  addOnlyField?: boolean;
  rules?: Rule[];
  /** select / treeSelect: several values. */
  multiple?: boolean;
  /** The server keeps several ids as one comma-joined string: split for the form, joined on submit. */
  csv?: boolean;
  /** Options of select / radio from a call (labels are data). */
  loadOptions?: () => Promise<LoadedOption[]>;
  /** TreeNodes of treeSelect / checkTree from a call. */
  loadTree?: () => Promise<TreeNode[]>;
  /** Default value when adding. */
  default?: unknown;
  /** Shown only when this answers true for the current form values. */
  visible?: (values: Row) => boolean;
  /** Field names `visible` reads. */
  dependencies?: string[];
  /** Grid width out of 24 (default 24). */
  span?: number;
  /** custom: a form control receiving value/onChange. */
  component?: ComponentType<{ id?: string; value?: unknown; onChange?: (v: unknown) => void }>;
}

export interface ResourceColumn<T> {
  /** i18n key of the column title. */
  title: string;
  dataIndex: keyof T & string;
  /**
   * Search form entry: like → `<key>_like`, equal → `<key>_equal`, plain → `<key>` (tree lists),
   * daterange → `<key>_dategt` + `<key>_datelt`.
   */
  search?: 'like' | 'equal' | 'plain' | 'daterange';
  /** Form field; omit (or false) to leave it out of the add/edit form. */
  form?: FieldSpec | false;
  valueType?: 'text' | 'dateTime' | 'code';
  options?: FieldOption[];
  width?: number;
  ellipsis?: boolean;
  sortable?: boolean;
  hideInTable?: boolean;
  /** Shown in the detail view (default true). */
  inDetail?: boolean;
  /** Cell (and detail) content instead of the plain value. */
  render?: (row: Row, helpers: ListHelpers) => ReactNode;
}

export interface ListHelpers {
  reload(): void;
}

export interface ExtraAction {
  key: string;
  /** i18n key of the button text. */
  label: string;
  /** Button code the user must hold. */
  permission?: string;
  icon?: ReactNode;
  danger?: boolean;
  /** row: a link in the action column; toolbar: a button above the table (receives the selection). */
  placement: 'row' | 'toolbar';
  /** Toolbar: warn 请选择至少一条数据 when nothing is selected. */
  needSelection?: boolean;
  /** i18n key of a confirmation asked first. */
  confirm?: string;
  /** Row: shown only when this answers true. */
  visible?: (row: Row) => boolean;
  onClick(ctx: { row?: Row; selected: string[]; selectedRows: Row[]; reload(): void }): void | Promise<unknown>;
}

export interface ResourceDescription<T> {
  /** i18n key of the table title. */
  title: string;
  /** Data shown after the title (e.g. the dictionary whose items these are). */
  subtitle?: string;
  api: Crud<T>;
  rowKey?: keyof T & string;
  columns: ResourceColumn<T>[];
  permissions: { add?: string; edit?: string; delete?: string; view?: string };
  /** No add, edit or delete at all (logs). */
  readOnly?: boolean;
  /** No view action even when the user holds the code (spec: tenant package). */
  hideView?: boolean;
  /** The list answers a tree (api.tree): expandable rows, no pager, "add child" on each row. */
  tree?: boolean;
  /** Field a child row points to its parent with (tree; default parentId). */
  parentField?: string;
  /** Default sort, e.g. { descs: 'create_time' }. */
  sort?: { ascs?: string; descs?: string };
  formWidth?: number;
  /** Buttons beyond add/edit/view/delete. */
  extraActions?: ExtraAction[];
  /** Row selection even without delete (bulk extra actions). */
  selectable?: boolean;
  /** Shape the form values before they are sent (MD5 a password, derive fields). */
  beforeSubmit?: (values: Row, ctx: { isEdit: boolean; record: Row | null }) => Row | Promise<Row>;
  /** Send the form here instead of api.submit. */
  submit?: (values: Row, ctx: { isEdit: boolean }) => Promise<unknown>;
  /** Extra list parameters (e.g. the department chosen in a side tree); a change reloads. */
  params?: ListParams;
  /** false: no search form. */
  search?: false;
  /** Edit starts from the list row instead of a detail call. */
  editFromRow?: boolean;
  /** A click on a row (e.g. choose the dictionary whose items show beside). */
  onRowClick?: (row: Row) => void;
  /** Key of the row shown as chosen. */
  activeKey?: string;
}

/** The 启用/停用 status column most entities share (status 1 enabled, 0 disabled). */
export function statusColumn<T>(): ResourceColumn<T> {
  return {
    title: 'common.status',
    dataIndex: 'status' as keyof T & string,
    width: 90,
    options: [
      { label: 'common.enabled', value: 1, color: 'green' },
      { label: 'common.disabled', value: 0, color: 'default' },
    ],
    form: { type: 'radio', span: 12, default: 1 },
  };
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const splitCsv = (v: unknown) => (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',').filter(Boolean));

/** The one generic list screen: search, paging, add/edit/view/delete and multi-delete from a description. */
export function ResourceList<T extends object>({
  resource,
  actionRef: outerRef,
  toolbarExtra,
  titleExtra,
}: {
  resource: ResourceDescription<T>;
  actionRef?: MutableRefObject<ActionType | undefined | null>;
  /** Elements before the toolbar buttons. */
  toolbarExtra?: ReactNode;
  /** Elements beside the title (e.g. a switch between two lists of the screen). */
  titleExtra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const innerRef = useRef<ActionType>(null);
  const actionRef = (outerRef ?? innerRef) as MutableRefObject<ActionType | undefined>;
  const [selected, setSelected] = useState<string[]>([]);
  const [selectedRows, setSelectedRows] = useState<Row[]>([]);
  const [editing, setEditing] = useState<{ record: Row | null; initial: Row } | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  /** extra actions still at work (an export, a download): their button spins and takes no second click until they end */
  const [running, setRunning] = useState<ReadonlySet<string>>(() => new Set());
  const permission = useSession((s) => s.permission);
  const rowKey = (resource.rowKey ?? 'id') as string;
  const parentField = resource.parentField ?? 'parentId';
  const holds = (code?: string) => !!code && permission[code] === true;
  const canAdd = usePermission(resource.permissions.add) && !!resource.permissions.add && !resource.readOnly;
  const canEdit = usePermission(resource.permissions.edit) && !!resource.permissions.edit && !resource.readOnly;
  const canDelete = usePermission(resource.permissions.delete) && !!resource.permissions.delete && !resource.readOnly;
  const canView = usePermission(resource.permissions.view) && !!resource.permissions.view && !resource.hideView;
  const rowExtras = (resource.extraActions ?? []).filter((a) => a.placement === 'row' && (!a.permission || holds(a.permission)));
  const barExtras = (resource.extraActions ?? []).filter((a) => a.placement === 'toolbar' && (!a.permission || holds(a.permission)));
  const selectable = canDelete || (!!resource.selectable && barExtras.some((a) => a.needSelection));
  const helpers: ListHelpers = { reload: () => actionRef.current?.reload() };
  const formFields = resource.columns.filter((c) => c.form);

  const optionText = (col: ResourceColumn<T>, value: unknown): ReactNode => {
    const opt = col.options?.find((o) => String(o.value) === String(value));
    if (!opt) return value === undefined || value === null || value === '' ? '-' : String(value);
    return opt.color ? <Tag color={opt.color}>{t(opt.label)}</Tag> : t(opt.label);
  };

  /** Form values from a stored row: comma lists split, numbers of option fields as the options hold them. */
  const toForm = (row: Row): Row => {
    const out: Row = { ...row };
    for (const col of formFields) {
      const spec = col.form as FieldSpec;
      const v = row[col.dataIndex];
      if (spec.csv) out[col.dataIndex] = splitCsv(v);
      // BladeX trees root at parent 0: the picker shows it as "no parent"
      else if (spec.type === 'treeSelect' && !spec.multiple && (v === '0' || v === 0)) out[col.dataIndex] = undefined;
      else if (spec.type === 'datetime' && v) out[col.dataIndex] = dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss');
      else if (spec.type === 'date' && v) out[col.dataIndex] = dayjs(String(v)).format('YYYY-MM-DD');
      else if (col.options && v !== undefined && v !== null && typeof col.options[0]?.value === 'number') out[col.dataIndex] = Number(v);
      else if (col.options && v !== undefined && v !== null) out[col.dataIndex] = String(v);
    }
    return out;
  };

  const defaults = (): Row => {
    const out: Row = {};
    for (const col of formFields) {
      const spec = col.form as FieldSpec;
      if (spec.default !== undefined) out[col.dataIndex] = spec.default;
    }
    return out;
  };

  const openEdit = async (record: Row | null, initial: Row = {}) => {
    if (!record) {
      setEditing({ record: null, initial: { ...defaults(), ...initial } });
      return;
    }
    // the detail wins; the list row fills what a detail leaves out
    const detail = resource.editFromRow ? null : ((await resource.api.detail(String(record[rowKey]))) as Row | null);
    const full = { ...record, ...(detail ?? {}) };
    setEditing({ record: full, initial: toForm(full) });
  };

  const openView = async (record: Row) => {
    const detail = resource.editFromRow ? null : ((await resource.api.detail(String(record[rowKey]))) as Row | null);
    setViewing({ ...record, ...(detail ?? {}) });
  };

  const confirmThen = (text: string | undefined, run: () => Promise<unknown> | void) => {
    if (!text) {
      void run();
      return;
    }
    Modal.confirm({ title: t('common.tip'), content: t(text), onOk: async () => run() });
  };

  const clearSelection = () => {
    setSelected([]);
    setSelectedRows([]);
    actionRef.current?.clearSelected?.();
  };

  const runId = (a: ExtraAction, row?: Row) => (row ? `${a.key}:${String(row[rowKey])}` : a.key);
  const runExtra = (a: ExtraAction, row?: Row) => {
    if (a.placement === 'toolbar' && a.needSelection && !selected.length) {
      message.warning(t('common.selectAtLeastOne'));
      return;
    }
    const id = runId(a, row);
    if (running.has(id)) return;
    confirmThen(a.confirm, async () => {
      setRunning((r) => new Set(r).add(id));
      try {
        await a.onClick({ row, selected, selectedRows, reload: () => actionRef.current?.reload() });
        if (a.needSelection) clearSelection();
      } finally {
        setRunning((r) => {
          const next = new Set(r);
          next.delete(id);
          return next;
        });
      }
    });
  };

  const removeRows = (ids: string[], text: string) => {
    Modal.confirm({
      title: t('common.tip'),
      content: text,
      okButtonProps: { danger: true },
      onOk: async () => {
        await resource.api.remove(ids);
        message.success(t('common.success'));
        clearSelection();
        actionRef.current?.reload();
      },
    });
  };

  const canAddChild = resource.tree && canAdd;
  const columns = useMemo<ProColumns<Row>[]>(() => {
    const out: ProColumns<Row>[] = [];
    for (const col of resource.columns) {
      const title = t(col.title);
      const valueEnum = col.options
        ? Object.fromEntries(col.options.map((o) => [String(o.value), { text: t(o.label) }]))
        : undefined;
      const searchable = col.search === 'like' || col.search === 'equal' || col.search === 'plain';
      out.push({
        title,
        dataIndex: col.dataIndex,
        width: col.width,
        ellipsis: col.ellipsis,
        hideInTable: col.hideInTable,
        sorter: col.sortable,
        hideInSearch: !searchable,
        valueType: col.options ? 'select' : 'text',
        valueEnum,
        render: col.render
          ? (_, row) => col.render!(row, helpers)
          : col.options
            ? (_, row) => optionText(col, row[col.dataIndex])
            : col.valueType === 'code'
              ? (_, row) => (
                  <Typography.Text code ellipsis style={{ maxWidth: 320 }}>
                    {String(row[col.dataIndex] ?? '')}
                  </Typography.Text>
                )
              : undefined,
        search: searchable
          ? { transform: (v: unknown) => ({ [col.search === 'plain' ? col.dataIndex : `${col.dataIndex}_${col.search}`]: v }) }
          : undefined,
      });
      if (col.search === 'daterange') {
        out.push({
          title,
          dataIndex: `${col.dataIndex}__range`,
          valueType: 'dateRange',
          hideInTable: true,
          fieldProps: { placeholder: [t('list.start'), t('list.end')], separator: rangeSeparator() },
          search: {
            transform: (v: unknown) => {
              const [start, end] = (v as string[]) ?? [];
              return {
                ...(start ? { [`${col.dataIndex}_dategt`]: `${String(start).slice(0, 10)} 00:00:00` } : {}),
                ...(end ? { [`${col.dataIndex}_datelt`]: `${String(end).slice(0, 10)} 23:59:59` } : {}),
              };
            },
          },
        });
      }
    }
    // text links only: a row of icons and words would push the data columns out of sight
    const labels = [
      canView && t('common.view'),
      canEdit && t('common.edit'),
      canAddChild && t('list.addChild'),
      ...rowExtras.map((a) => t(a.label)),
      canDelete && t('common.delete'),
    ].filter((x): x is string => !!x);
    if (labels.length) {
      const textWidth = (text: string) => [...text].reduce((w, c) => w + (c.charCodeAt(0) > 255 ? 14 : 7.5), 0) + 10;
      out.push({
        title: t('common.action'),
        valueType: 'option',
        key: '__action',
        fixed: 'right',
        width: Math.ceil(Math.max(80, labels.reduce((w, l) => w + textWidth(l), 24))),
        render: (_, row) => (
          <Space size={0} wrap={false} className="row-actions">
            {canView && (
              <Button type="link" size="small" onClick={() => void openView(row)}>
                {t('common.view')}
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => void openEdit(row)}>
                {t('common.edit')}
              </Button>
            )}
            {canAddChild && (
              <Button type="link" size="small" onClick={() => void openEdit(null, { [parentField]: String(row[rowKey]) })}>
                {t('list.addChild')}
              </Button>
            )}
            {rowExtras
              .filter((a) => !a.visible || a.visible(row))
              .map((a) => (
                <Button key={a.key} type="link" size="small" danger={a.danger} loading={running.has(runId(a, row))} onClick={() => runExtra(a, row)}>
                  {t(a.label)}
                </Button>
              ))}
            {canDelete && (
              <Button type="link" size="small" danger onClick={() => removeRows([String(row[rowKey])], t('common.confirmDelete'))}>
                {t('common.delete')}
              </Button>
            )}
          </Space>
        ),
      });
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, t, i18n.language, canView, canEdit, canDelete, permission, selected, running]);

  const isEdit = !!editing?.record;

  const renderField = (col: ResourceColumn<T>) => {
    const spec = col.form as FieldSpec;
    if (spec.addOnlyField && isEdit) return null;
    const label = t(col.title);
    // rule messages are i18n keys like every other text of a description
    const rules: Rule[] = (spec.rules ?? []).map((r) =>
      typeof r === 'object' && typeof r.message === 'string' ? { ...r, message: t(r.message) } : r,
    );
    if (spec.required) {
      const selectLike = ['select', 'radio', 'treeSelect', 'checkTree', 'datetime'].includes(spec.type ?? 'text');
      rules.push({
        required: true,
        message: spec.requiredMessage ? t(spec.requiredMessage) : t(selectLike ? 'common.requiredSelect' : 'common.required', { label }),
      });
    }
    if (spec.type === 'json') {
      rules.push({
        validator: async (_, value: string) => {
          if (!value) return;
          try {
            JSON.parse(value);
          } catch {
            throw new Error(t('common.invalidJson', { label }));
          }
        },
      });
    }
    const common = {
      key: col.dataIndex,
      name: col.dataIndex,
      label,
      rules,
      extra: spec.help ? t(spec.help) : undefined,
      disabled: spec.addOnly && isEdit,
      colProps: { span: spec.span ?? 24 },
      placeholder: spec.placeholder ? t(spec.placeholder) : undefined,
    };
    let field: ReactNode;
    switch (spec.type) {
      case 'textarea':
        field = <ProFormTextArea {...common} fieldProps={{ rows: spec.rows ?? 3 }} />;
        break;
      case 'json':
        field = (
          <ProFormTextArea
            {...common}
            fieldProps={{ rows: spec.rows ?? 8, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } }}
          />
        );
        break;
      case 'number':
        field = <ProFormDigit {...common} min={spec.min} max={spec.max} fieldProps={{ style: { width: '100%' } }} />;
        break;
      case 'password':
        field = <ProFormText.Password {...common} fieldProps={{ autoComplete: 'new-password' }} />;
        break;
      case 'select':
        field = spec.loadOptions ? (
          <ProFormSelect
            {...common}
            request={spec.loadOptions}
            mode={spec.multiple ? 'multiple' : undefined}
            fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
          />
        ) : (
          <ProFormSelect
            {...common}
            mode={spec.multiple ? 'multiple' : undefined}
            options={(col.options ?? []).map((o) => ({ label: t(o.label), value: o.value }))}
          />
        );
        break;
      case 'radio':
        field = (
          <ProFormRadio.Group
            {...common}
            radioType="button"
            options={(col.options ?? []).map((o) => ({ label: t(o.label), value: o.value }))}
          />
        );
        break;
      case 'treeSelect':
        field = (
          <ProFormTreeSelect
            {...common}
            request={async () => (spec.loadTree ? spec.loadTree() : [])}
            fieldProps={{
              multiple: spec.multiple,
              treeCheckable: spec.multiple,
              showCheckedStrategy: 'SHOW_ALL',
              treeCheckStrictly: false,
              treeDefaultExpandAll: true,
              showSearch: true,
              treeNodeFilterProp: 'title',
              allowClear: true,
              maxTagCount: 'responsive',
              popupMatchSelectWidth: true,
            }}
          />
        );
        break;
      case 'checkTree':
        field = (
          <Col key={col.dataIndex} span={spec.span ?? 24}>
            <ProForm.Item {...common}>
              <CheckTree load={spec.loadTree ?? (async () => [])} />
            </ProForm.Item>
          </Col>
        );
        break;
      case 'custom': {
        const Comp = spec.component!;
        field = (
          <Col key={col.dataIndex} span={spec.span ?? 24}>
            <ProForm.Item {...common}>
              <Comp />
            </ProForm.Item>
          </Col>
        );
        break;
      }
      case 'datetime':
        field = <ProFormDateTimePicker {...common} fieldProps={{ format: 'YYYY-MM-DD HH:mm:ss', style: { width: '100%' } }} />;
        break;
      case 'date':
        field = <ProFormDatePicker {...common} fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' } }} />;
        break;
      case 'switch':
        field = <ProFormSwitch {...common} />;
        break;
      default:
        field = <ProFormText {...common} />;
    }
    if (!spec.visible) return field;
    return (
      <ProFormDependency key={col.dataIndex} name={spec.dependencies ?? []}>
        {(values) => (spec.visible!(values as Row) ? field : null)}
      </ProFormDependency>
    );
  };

  const detailColumns = resource.columns.filter((c) => c.inDetail !== false);

  return (
    <div className="resource-list">
      <ProTable<Row, ListParams>
        rowKey={rowKey}
        actionRef={actionRef}
        headerTitle={
          <span className="list-title">
            {t(resource.title)}
            {resource.subtitle && <span className="list-subtitle">{resource.subtitle}</span>}
            {titleExtra}
          </span>
        }
        columns={columns}
        params={resource.params}
        cardBordered
        scroll={{ x: 'max-content' }}
        dateFormatter="string"
        search={resource.search === false ? false : { labelWidth: 'auto', defaultCollapsed: true }}
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        expandable={resource.tree ? { indentSize: 20 } : undefined}
        pagination={
          resource.tree
            ? false
            : {
                defaultPageSize: website.defaultPageSize,
                pageSizeOptions: website.pageSizes.map(String),
                showSizeChanger: true,
                showTotal: (total) => totalText(t, total),
              }
        }
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected,
                checkStrictly: true,
                onChange: (keys, rows) => {
                  setSelected(keys.map(String));
                  setSelectedRows(rows as Row[]);
                },
                preserveSelectedRowKeys: false,
              }
            : false
        }
        tableAlertRender={false}
        onRow={
          resource.onRowClick
            ? (row) => ({ onClick: () => resource.onRowClick!(row), style: { cursor: 'pointer' } })
            : undefined
        }
        rowClassName={(row) => (resource.activeKey && String(row[rowKey]) === resource.activeKey ? 'row-active' : '')}
        request={async (params, sort) => {
          const { current, pageSize, ...filters } = params as Row & { current?: number; pageSize?: number };
          if (resource.tree && resource.api.tree) {
            const rows = await resource.api.tree(filters as ListParams);
            return { data: (rows ?? []) as Row[], success: true };
          }
          const sorts: { ascs?: string; descs?: string } = { ...resource.sort };
          const entries = Object.entries(sort ?? {}).filter(([, v]) => v);
          if (entries.length) {
            sorts.ascs = entries.filter(([, v]) => v === 'ascend').map(([k]) => snake(k)).join(',') || undefined;
            sorts.descs = entries.filter(([, v]) => v === 'descend').map(([k]) => snake(k)).join(',') || undefined;
          }
          const page = await resource.api.list({ ...(filters as ListParams), ...sorts, current, size: pageSize });
          return { data: (page?.records ?? []) as Row[], total: page?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          toolbarExtra,
          <FoldingToolbar
            key="fold"
            items={[
              ...(canAdd ? [{ key: 'add', label: t('common.add'), primary: true, icon: <PlusOutlined />, onClick: () => void openEdit(null) }] : []),
              ...barExtras.map((a) => ({
                key: a.key,
                label: `${t(a.label)}${a.needSelection && selected.length ? ` (${selected.length})` : ''}`,
                danger: a.danger,
                icon: a.icon,
                loading: running.has(a.key),
                onClick: () => runExtra(a),
              })),
              ...(canDelete
                ? [
                    {
                      key: 'delete',
                      label: `${t('common.delete')}${selected.length ? ` (${selected.length})` : ''}`,
                      danger: true,
                      icon: <DeleteOutlined />,
                      onClick: () => {
                        if (!selected.length) {
                          message.warning(t('common.selectAtLeastOne'));
                          return;
                        }
                        removeRows(selected, t('common.confirmBatchDelete'));
                      },
                    },
                  ]
                : []),
            ]}
          />,
        ]}
      />

      <ModalForm<Row>
        key={editing?.record ? String(editing.record[rowKey]) : `new-${String(editing?.initial?.[parentField] ?? '')}`}
        title={`${t(resource.title)} · ${t(isEdit ? 'common.edit' : 'common.add')}`}
        open={!!editing}
        width={resource.formWidth ?? 640}
        layout="vertical"
        grid
        rowProps={{ gutter: 16 }}
        initialValues={editing?.initial}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null), maskClosable: false }}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
        onFinish={async (values) => {
          let body: Row = { ...values };
          for (const col of formFields) {
            if ((col.form as FieldSpec).csv && Array.isArray(body[col.dataIndex])) body[col.dataIndex] = (body[col.dataIndex] as unknown[]).join(',');
          }
          if (editing?.record) body[rowKey] = editing.record[rowKey];
          if (resource.beforeSubmit) body = await resource.beforeSubmit(body, { isEdit, record: editing?.record ?? null });
          if (resource.submit) await resource.submit(body, { isEdit });
          else await resource.api.submit(body as Partial<T>);
          message.success(t('common.success'));
          setEditing(null);
          actionRef.current?.reload();
          return true;
        }}
      >
        {formFields.map(renderField)}
      </ModalForm>

      <Modal
        title={`${t(resource.title)} · ${t('list.view')}`}
        open={!!viewing}
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>{t('common.close')}</Button>}
        width={760}
        destroyOnHidden
      >
        {viewing && (
          <Descriptions bordered column={1} size="small" styles={{ label: { width: 160, whiteSpace: 'nowrap' } }}>
            {detailColumns.map((col) => {
              const v = viewing[col.dataIndex];
              const isBlock = col.valueType === 'code' || (col.form && (col.form.type === 'json' || col.form.type === 'textarea'));
              let content: ReactNode;
              if (col.render) content = col.render(viewing, helpers);
              else if (col.options) content = optionText(col, v);
              else if (isBlock && v) content = <pre className="detail-pre">{prettyJson(String(v))}</pre>;
              else content = v === undefined || v === null || v === '' ? '-' : String(v);
              return (
                <Descriptions.Item key={col.dataIndex} label={t(col.title)}>
                  {content}
                </Descriptions.Item>
              );
            })}
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}

function prettyJson(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}
