import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProTable,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { Button, Descriptions, Modal, Space, Tag, Typography, message } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { Crud, ListParams } from '../api/crud';
import { usePermission } from './Permitted';
import { website } from '../website';

export interface FieldOption {
  /** i18n key of the label. */
  label: string;
  value: string | number;
  color?: string;
}

export interface FieldSpec {
  type?: 'text' | 'textarea' | 'json' | 'number' | 'select' | 'datetime' | 'switch';
  required?: boolean;
  rows?: number;
  /** i18n key of a help text under the field. */
  help?: string;
  min?: number;
  max?: number;
  /** Editable only when adding (keys). */
  addOnly?: boolean;
  rules?: Rule[];
}

export interface ResourceColumn<T> {
  /** i18n key of the column title. */
  title: string;
  dataIndex: keyof T & string;
  /** Search form entry: like → `<key>_like`, equal → `<key>_equal`, daterange → `<key>_dategt` + `<key>_datelt`. */
  search?: 'like' | 'equal' | 'daterange';
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
}

export interface ResourceDescription<T> {
  /** i18n key of the table title. */
  title: string;
  api: Crud<T>;
  rowKey?: keyof T & string;
  columns: ResourceColumn<T>[];
  permissions: { add?: string; edit?: string; delete?: string; view?: string };
  /** No add, edit or delete at all (logs). */
  readOnly?: boolean;
  /** Default sort, e.g. { descs: 'create_time' }. */
  sort?: { ascs?: string; descs?: string };
  formWidth?: number;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type Row = Record<string, unknown>;

/** The one generic list screen: search, paging, add/edit/view/delete and multi-delete from a description. */
export function ResourceList<T extends object>({ resource }: { resource: ResourceDescription<T> }) {
  const { t, i18n } = useTranslation();
  const actionRef = useRef<ActionType>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  const rowKey = (resource.rowKey ?? 'id') as string;
  const canAdd = usePermission(resource.permissions.add) && !!resource.permissions.add && !resource.readOnly;
  const canEdit = usePermission(resource.permissions.edit) && !!resource.permissions.edit && !resource.readOnly;
  const canDelete = usePermission(resource.permissions.delete) && !!resource.permissions.delete && !resource.readOnly;
  const canView = usePermission(resource.permissions.view) && !!resource.permissions.view;

  const optionText = (col: ResourceColumn<T>, value: unknown): ReactNode => {
    const opt = col.options?.find((o) => String(o.value) === String(value));
    if (!opt) return value === undefined || value === null || value === '' ? '-' : String(value);
    return opt.color ? <Tag color={opt.color}>{t(opt.label)}</Tag> : t(opt.label);
  };

  const openEdit = async (record: Row | null) => {
    if (!record) {
      setEditing({ record: null });
      return;
    }
    const full = await resource.api.detail(String(record[rowKey]));
    setEditing({ record: (full as Row | null) ?? record });
  };

  const openView = async (record: Row) => {
    const full = await resource.api.detail(String(record[rowKey]));
    setViewing((full as Row | null) ?? record);
  };

  const removeRows = (ids: string[], text: string) => {
    Modal.confirm({
      title: t('common.tip'),
      content: text,
      okButtonProps: { danger: true },
      onOk: async () => {
        await resource.api.remove(ids);
        message.success(t('common.success'));
        setSelected([]);
        actionRef.current?.clearSelected?.();
        actionRef.current?.reload();
      },
    });
  };

  const columns = useMemo<ProColumns<Row>[]>(() => {
    const out: ProColumns<Row>[] = [];
    for (const col of resource.columns) {
      const title = t(col.title);
      const valueEnum = col.options
        ? Object.fromEntries(col.options.map((o) => [String(o.value), { text: t(o.label) }]))
        : undefined;
      out.push({
        title,
        dataIndex: col.dataIndex,
        width: col.width,
        ellipsis: col.ellipsis,
        hideInTable: col.hideInTable,
        sorter: col.sortable,
        hideInSearch: !col.search || col.search === 'daterange',
        valueType: col.options ? 'select' : 'text',
        valueEnum,
        render: col.options
          ? (_, row) => optionText(col, row[col.dataIndex])
          : col.valueType === 'code'
            ? (_, row) => (
                <Typography.Text code ellipsis style={{ maxWidth: 320 }}>
                  {String(row[col.dataIndex] ?? '')}
                </Typography.Text>
              )
            : undefined,
        search:
          col.search === 'like' || col.search === 'equal'
            ? { transform: (v: unknown) => ({ [`${col.dataIndex}_${col.search}`]: v }) }
            : undefined,
      });
      if (col.search === 'daterange') {
        out.push({
          title,
          dataIndex: `${col.dataIndex}__range`,
          valueType: 'dateRange',
          hideInTable: true,
          fieldProps: { placeholder: [t('list.start'), t('list.end')] },
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
    if (canView || canEdit || canDelete) {
      out.push({
        title: t('common.action'),
        valueType: 'option',
        key: '__action',
        fixed: 'right',
        width: 200,
        render: (_, row) => (
          <Space size={4}>
            {canView && (
              <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void openView(row)}>
                {t('common.view')}
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row)}>
                {t('common.edit')}
              </Button>
            )}
            {canDelete && (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => removeRows([String(row[rowKey])], t('common.confirmDelete'))}
              >
                {t('common.delete')}
              </Button>
            )}
          </Space>
        ),
      });
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, t, i18n.language, canView, canEdit, canDelete]);

  const formFields = resource.columns.filter((c) => c.form);
  const isEdit = !!editing?.record;

  const renderField = (col: ResourceColumn<T>) => {
    const spec = col.form as FieldSpec;
    const label = t(col.title);
    const rules: Rule[] = [...(spec.rules ?? [])];
    if (spec.required) {
      rules.push({
        required: true,
        message: t(spec.type === 'select' ? 'common.requiredSelect' : 'common.required', { label }),
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
      tooltip: undefined,
      extra: spec.help ? t(spec.help) : undefined,
      disabled: spec.addOnly && isEdit,
    };
    switch (spec.type) {
      case 'textarea':
        return <ProFormTextArea {...common} fieldProps={{ rows: spec.rows ?? 3 }} />;
      case 'json':
        return (
          <ProFormTextArea
            {...common}
            fieldProps={{ rows: spec.rows ?? 8, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } }}
          />
        );
      case 'number':
        return <ProFormDigit {...common} min={spec.min} max={spec.max} />;
      case 'select':
        return (
          <ProFormSelect {...common} options={(col.options ?? []).map((o) => ({ label: t(o.label), value: o.value }))} />
        );
      case 'datetime':
        return <ProFormDateTimePicker {...common} fieldProps={{ format: 'YYYY-MM-DD HH:mm:ss' }} />;
      case 'switch':
        return <ProFormSwitch {...common} />;
      default:
        return <ProFormText {...common} />;
    }
  };

  const detailColumns = resource.columns.filter((c) => c.inDetail !== false);

  return (
    <div className="resource-list">
      <ProTable<Row, ListParams>
        rowKey={rowKey}
        actionRef={actionRef}
        headerTitle={t(resource.title)}
        columns={columns}
        cardBordered
        scroll={{ x: 'max-content' }}
        dateFormatter="string"
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        pagination={{
          defaultPageSize: website.defaultPageSize,
          pageSizeOptions: website.pageSizes.map(String),
          showSizeChanger: true,
          showTotal: (total) => t('list.total', { total }),
        }}
        rowSelection={
          canDelete
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: false }
            : false
        }
        tableAlertRender={false}
        request={async (params, sort) => {
          const { current, pageSize, ...filters } = params as Row & { current?: number; pageSize?: number };
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
          canAdd && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => void openEdit(null)}>
              {t('common.add')}
            </Button>
          ),
          canDelete && (
            <Button
              key="delete"
              danger
              icon={<DeleteOutlined />}
              onClick={() => {
                if (!selected.length) {
                  message.warning(t('common.selectAtLeastOne'));
                  return;
                }
                removeRows(selected, t('common.confirmBatchDelete'));
              }}
            >
              {t('common.delete')}
              {selected.length ? ` (${selected.length})` : ''}
            </Button>
          ),
        ]}
      />

      <ModalForm<Row>
        key={editing?.record ? String(editing.record[rowKey]) : 'new'}
        title={`${t(resource.title)} · ${t(isEdit ? 'common.edit' : 'common.add')}`}
        open={!!editing}
        width={resource.formWidth ?? 640}
        layout="vertical"
        initialValues={editing?.record ?? undefined}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null), maskClosable: false }}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
        onFinish={async (values) => {
          const body: Row = { ...values };
          if (editing?.record) body[rowKey] = editing.record[rowKey];
          await resource.api.submit(body as Partial<T>);
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
          <Descriptions bordered column={1} size="small" labelStyle={{ width: 140, whiteSpace: 'nowrap' }}>
            {detailColumns.map((col) => {
              const v = viewing[col.dataIndex];
              const isBlock = col.valueType === 'code' || (col.form && (col.form.type === 'json' || col.form.type === 'textarea'));
              let content: ReactNode;
              if (col.options) content = optionText(col, v);
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
