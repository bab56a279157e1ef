// A record of a micro-app in a drawer (001 §2.7, §4): add, edit, copy and view with the app's form
// (the one FormRenderer: sub-tables, user picker, signature), read-only fields not editable, the
// child rows sent with §4's tracking (key: change, no key: add with a temp id, gone: isDeleted 1).
// Viewing shows the fields read-only and each sub-table's rows paged from the server
// (childOneToMoreList; removed rows of a record in the recycle bin: childOneToMoreRegainList).
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Descriptions, Drawer, Form, Skeleton, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { typeOf, type FormColumn, type FormOption, type Values } from '@campus/schema';
import { FormRenderer, defaultsOf, validateForm } from '../../../components/workflow/FormRenderer';
import { NO_PEOPLE, StartPeople, missingPeople, startPeopleBody } from '../../../components/workflow/StartPeople';
import { totalText } from '../../../api/crud';
import type { BizRecord, FieldRight } from '../api';
import { useMiniApp } from '../context';
import { bizApi, type BoundProcess } from './api';
import { asCopy, Cell, childKeysOf, keysOf, StatusTag, subTables, trackChildren, valueColumns, type Keys } from './fields';

export type RecordMode = 'add' | 'edit' | 'view' | 'copy';

/** A record's rows of one sub-table, paged by the server (removed: those in the recycle bin). */
export function ChildRows({ appId, sub, parentId, removed = false }: { appId: string; sub: FormColumn; parentId: string; removed?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<{ records: BizRecord[]; total: number } | null>(null);
  useEffect(() => {
    let live = true;
    bizApi.childList(appId, sub.prop, parentId, page.current, page.size, removed).then((p) => live && setData(p), () => live && setData({ records: [], total: 0 }));
    return () => { live = false; };
  }, [appId, sub.prop, parentId, page, removed]);
  const k = childKeysOf(sub.prop);
  // the child fields the reader's rights list (display)
  const rights = useMiniApp().permission?.fieldPermissions?.[sub.prop] as Record<string, FieldRight> | undefined;
  const cols = (sub.children?.column ?? []).filter((c) => c.prop && c.display !== false && rights?.[c.prop]?.display !== false);
  return (
    <Table<BizRecord>
      size="small"
      bordered
      className={`ma-child-rows ma-child-${sub.prop}`}
      rowKey={(r) => String(r[k.id])}
      loading={!data}
      dataSource={data?.records ?? []}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '#', width: 48, render: (_, _r, i) => (page.current - 1) * page.size + i + 1 },
        ...cols.map((c) => ({ title: c.label ?? c.prop, dataIndex: c.prop, render: (v: unknown) => <Cell column={c} value={v} /> })),
      ]}
      pagination={{ current: page.current, pageSize: page.size, total: data?.total ?? 0, size: 'small', showTotal: (n) => totalText(t, n), onChange: (current, size) => setPage({ current, size }), hideOnSinglePage: true }}
    />
  );
}

/** The read-only fields of a record (the recycle bin's view, where the form is not needed). */
export function RecordFields({ option, record }: { option: FormOption; record: BizRecord }) {
  return (
    <Descriptions bordered size="small" column={2} className="ma-record-fields">
      {valueColumns(option).map((c) => (
        <Descriptions.Item key={c.prop} label={c.label ?? c.prop} span={typeOf(c) === 'textarea' || typeOf(c) === 'richtext' ? 2 : 1}>
          <Cell column={c} value={record[c.prop]} />
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

export interface RecordDrawerProps {
  open: boolean;
  mode: RecordMode;
  /** the record (edit, view, copy) */
  id?: string;
  appId: string;
  appName: string;
  table: string;
  option: FormOption;
  processBound: boolean;
  /** the bound process's start choices: a new record going for approval asks them */
  process?: BoundProcess | null;
  onClose(): void;
  onSaved(): void;
  /** opens the record's process (status 3/4/5) */
  onOpenProcess?(processInstanceId: string): void;
}

export function RecordDrawer({ open, mode, id, appId, appName, table, option, processBound, process, onClose, onSaved, onOpenProcess }: RecordDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [record, setRecord] = useState<BizRecord | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const keys: Keys = keysOf(table);
  const view = mode === 'view';
  // a new record of a bound app starts its process: the people its start asks for
  const starts = processBound && mode !== 'edit' && !view && !!process;
  const [people, setPeople] = useState(NO_PEOPLE);
  const [checked, setChecked] = useState(false);
  // viewing: the fields read-only and the sub-tables paged from the server below
  const shown = useMemo<FormOption>(() => (view ? { ...option, column: (option.column ?? []).filter((c) => typeOf(c) !== 'dynamic') } : option), [option, view]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setRecord(null);
    setPeople(NO_PEOPLE);
    setChecked(false);
    if (mode === 'add') {
      form.setFieldsValue(defaultsOf(option));
      return;
    }
    if (!id) return;
    let live = true;
    setLoading(true);
    bizApi.detail(appId, id).then((r) => {
      if (!live) return;
      if (!r) {
        message.warning(t('miniApp.data.gone'));
        onClose();
        return;
      }
      setRecord(r);
      form.setFieldsValue(mode === 'copy' ? asCopy(r, option) : r);
    }, () => live && onClose()).finally(() => live && setLoading(false));
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, mode, id]);

  const writableOf = (c: FormColumn) => c.disabled !== true && c.readonly !== true && c.writable !== false;
  const save = async () => {
    let values: Values;
    try {
      values = await validateForm(form, option, () => true);
    } catch (e) {
      message.error((e as Error).message);
      return;
    }
    const data: BizRecord = {};
    for (const c of valueColumns(option)) if (writableOf(c) && Object.hasOwn(values, c.prop)) data[c.prop] = values[c.prop] ?? null;
    for (const s of subTables(option)) {
      const writable = new Set((s.children?.column ?? []).filter(writableOf).map((c) => c.prop));
      const stored = mode === 'edit' ? ((record?.[s.prop] as BizRecord[] | undefined) ?? []) : [];
      const now = (values[s.prop] as Values[] | undefined) ?? [];
      if (mode !== 'edit' && !now.length) continue;
      data[s.prop] = trackChildren(s.prop, stored, mode === 'edit' ? now : now.map((r) => ({ ...r, [childKeysOf(s.prop).id]: undefined })), writable);
    }
    if (mode === 'edit') data[keys.id] = record?.[keys.id];
    const missing = starts ? missingPeople(process!, people, t) : null;
    if (missing) {
      setChecked(true);
      message.error(missing);
      return;
    }
    setSaving(true);
    try {
      const r = await bizApi.save(appId, data, starts ? startPeopleBody(process!, people) : {});
      if (mode !== 'edit' && (r.data?.processInstanceId || (processBound && Number(r.data?.[keys.status]) === 3))) message.success(t('miniApp.data.submittedForApproval'));
      else message.success(t('miniApp.data.saved'));
      onSaved();
    } catch {
      /* the server's message was shown */
    } finally {
      setSaving(false);
    }
  };

  const title = `${t(`miniApp.data.mode.${mode}`)} · ${appName}`;
  const processId = record?.processInstanceId ? String(record.processInstanceId) : null;
  return (
    <Drawer
      open={open}
      title={title}
      width="min(1100px, 92vw)"
      onClose={onClose}
      destroyOnHidden
      maskClosable={view}
      className={`ma-record-drawer ma-record-${mode}`}
      extra={view && record ? <Space><StatusTag status={record[keys.status]} />{processId && onOpenProcess && <Button size="small" onClick={() => onOpenProcess(processId)} className="ma-open-process">{t('miniApp.data.viewProcess')}</Button>}</Space> : null}
      footer={view ? null : (
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={loading} onClick={() => void save()} className="ma-record-save">{processBound && mode !== 'edit' ? t('miniApp.data.saveAndSubmit') : t('common.save')}</Button>
        </Space>
      )}
    >
      {loading ? <Skeleton active paragraph={{ rows: 8 }} /> : (
        <>
          <FormRenderer option={shown} form={form} writable={() => !view} />
          {starts && (
            <div className="ma-start-people" style={{ marginTop: 16 }}>
              <StartPeople nodes={process!} value={people} onChange={setPeople} checked={checked} />
            </div>
          )}
          {view && record && subTables(option).map((s) => (
            <Card key={s.prop} size="small" title={s.label ?? s.prop} className="ma-child-card" style={{ marginTop: 16 }}>
              <ChildRows appId={appId} sub={s} parentId={String(record[keys.id])} />
            </Card>
          ))}
          {view && record && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
              {t('miniApp.data.stamp', { created: String(record.createTime ?? '-').replace('T', ' ').slice(0, 19), updated: String(record.updateTime ?? '-').replace('T', ' ').slice(0, 19) })}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Drawer>
  );
}
