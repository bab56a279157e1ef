// The data screen's dialogs (001 §2.7, §3.7, contracts "Excel" and "App settings"): Excel import with
// its per-row errors, 数据导出 (all matching or the chosen records, with or without attachments),
// export by template, batch edit of one field, the recycle bin, and the pre-read notice.
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Form, Modal, Radio, Select, Space, Table, Typography, Upload, type UploadFile } from 'antd';
import { DownloadOutlined, InboxOutlined, PaperClipOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { typeOf, type AppPreRead, type FormColumn, type FormOption } from '@campus/schema';
import { saveBlob } from '../../../api/download';
import { RequestError } from '../../../api/request';
import { totalText } from '../../../api/crud';
import { TransferBar, useTransfer } from '../../../components/transfer';
import { sessionTemplateContext } from '../../../components/workflow/FormRenderer';
import { Control } from '../../../components/workflow/form-fields';
import type { BizRecord } from '../api';
import { NO_PEOPLE, StartPeople, missingPeople, startPeopleBody } from '../../../components/workflow/StartPeople';
import { bizApi, excelApi, exportTemplate, exportTemplates, type BoundProcess, type ExportBody, type ExportTemplate, type ImportError } from './api';
import { Cell, keysOf, StatusTag, subTables, valueColumns } from './fields';
import { ChildRows } from './RecordDrawer';

// ---- import ----------------------------------------------------------------------------------------

export function ImportDialog({ open, appId, appName, onClose }: { open: boolean; appId: string; appName: string; onClose(imported: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [result, setResult] = useState<{ imported: number; children: number } | null>(null);
  const [refusal, setRefusal] = useState<{ msg: string; errors: ImportError[] } | null>(null);
  const upload = useTransfer();
  const template = useTransfer();
  const close = () => {
    if (upload.busy) return;
    const done = !!result;
    setFile(null);
    setResult(null);
    setRefusal(null);
    onClose(done);
  };
  const run = async () => {
    if (!file?.originFileObj) { message.warning(t('miniApp.data.import.chooseFile')); return; }
    setRefusal(null);
    try {
      const r = await upload.run((onProgress) => excelApi.importData(appId, file.originFileObj as File, onProgress));
      if (r) {
        setResult(r);
        message.success(t('miniApp.data.import.done', { n: r.imported, children: r.children }));
      }
    } catch (e) {
      const body = (e as RequestError).body as { data?: { errors?: ImportError[] } } | undefined;
      setRefusal({ msg: (e as Error).message, errors: body?.data?.errors ?? [] });
    }
  };
  const downloadTemplate = () => template.run(async (onProgress) => saveBlob(await excelApi.template(appId, onProgress), `${appName}-${t('miniApp.data.import.templateFile')}.xlsx`), 'download').catch(() => undefined);
  return (
    <Modal open={open} title={t('miniApp.data.import.title')} onCancel={close} width={720} maskClosable={!upload.busy} closable={!upload.busy} className="ma-import-dialog"
      footer={result ? <Button type="primary" onClick={close}>{t('miniApp.data.import.finish')}</Button> : (
        <Space>
          <Button icon={<DownloadOutlined />} loading={template.busy} onClick={() => void downloadTemplate()} className="ma-import-template">{t('miniApp.data.import.template')}</Button>
          <Button onClick={close} disabled={upload.busy}>{t('common.cancel')}</Button>
          <Button type="primary" loading={upload.busy} onClick={() => void run()} className="ma-import-run">{t('miniApp.data.import.run')}</Button>
        </Space>
      )}>
      {result ? (
        <Alert type="success" showIcon message={t('miniApp.data.import.done', { n: result.imported, children: result.children })} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('miniApp.data.import.intro')}</Typography.Paragraph>
          <Upload.Dragger accept=".xlsx" maxCount={1} disabled={upload.busy} fileList={file ? [file] : []} beforeUpload={() => false}
            onChange={({ fileList }) => { setFile(fileList.at(-1) ?? null); setRefusal(null); }}>
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p className="ant-upload-text">{t('miniApp.data.import.drop')}</p>
            <p className="ant-upload-hint">{t('miniApp.data.import.hint')}</p>
          </Upload.Dragger>
          <TransferBar transfer={upload.transfer ?? template.transfer} />
          {refusal && <Alert type="error" showIcon message={refusal.msg} className="ma-import-refusal" />}
          {refusal && refusal.errors.length > 0 && (
            <Table<ImportError & { i: number }>
              size="small" bordered className="ma-import-errors" rowKey="i" pagination={refusal.errors.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
              dataSource={refusal.errors.map((e, i) => ({ ...e, i }))}
              columns={[
                { title: t('miniApp.data.import.sheet'), dataIndex: 'sheet', width: 140 },
                { title: t('miniApp.data.import.row'), dataIndex: 'row', width: 70 },
                ...(refusal.errors.some((e) => e.field) ? [{ title: t('miniApp.data.import.field'), dataIndex: 'field', width: 140 }] : []),
                { title: t('miniApp.data.import.message'), dataIndex: 'message' },
              ]}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}

// ---- export ----------------------------------------------------------------------------------------

/** 数据导出: every record the search matches, or the chosen ones; as .xlsx, or a .zip with the attachments. */
export function ExportDialog({ open, body, selected, total, onClose }: { open: boolean; body: Omit<ExportBody, 'ids'>; selected: string[]; total: number; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const [kind, setKind] = useState<'data' | 'files'>('data');
  const job = useTransfer();
  useEffect(() => { if (open) setScope(selected.length ? 'selected' : 'all'); }, [open, selected.length]);
  const run = async () => {
    if (scope === 'selected' && !selected.length) { message.warning(t('miniApp.data.selectOne')); return; }
    const req: ExportBody = { ...body, ...(scope === 'selected' ? { ids: selected } : {}) };
    try {
      const blob = await job.run((p) => (kind === 'files' ? excelApi.exportFiles(req, p) : excelApi.exportData(req, p)), 'download');
      if (!blob) return;
      saveBlob(blob, `${t('miniApp.data.export.title')}.${kind === 'files' ? 'zip' : 'xlsx'}`);
      onClose();
    } catch {
      /* shown by the transfer */
    }
  };
  return (
    <Modal open={open} title={t('miniApp.data.export.title')} onCancel={() => !job.busy && onClose()} closable={!job.busy} maskClosable={!job.busy} className="ma-export-dialog"
      okText={t('miniApp.data.export.run')} onOk={() => void run()} okButtonProps={{ loading: job.busy }} cancelButtonProps={{ disabled: job.busy }}>
      <Form layout="vertical">
        <Form.Item label={t('miniApp.data.export.scope')}>
          <Radio.Group value={scope} onChange={(e) => setScope(e.target.value)} disabled={job.busy}>
            <Radio value="all">{t('miniApp.data.export.all', { n: total })}</Radio>
            <Radio value="selected" disabled={!selected.length}>{t('miniApp.data.export.selected', { n: selected.length })}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('miniApp.data.export.kind')}>
          <Radio.Group value={kind} onChange={(e) => setKind(e.target.value)} disabled={job.busy}>
            <Radio value="data">{t('miniApp.data.export.xlsx')}</Radio>
            <Radio value="files">{t('miniApp.data.export.files')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
      <TransferBar transfer={job.transfer} />
    </Modal>
  );
}

/** 模板导出: the app's export templates (enabled); the chosen one filled with all matching or the chosen records. */
export function TemplateExportDialog({ open, body, selected, onClose }: { open: boolean; body: Omit<ExportBody, 'ids'>; selected: string[]; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [list, setList] = useState<ExportTemplate[] | null>(null);
  const [chosen, setChosen] = useState<string>();
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const job = useTransfer();
  useEffect(() => {
    if (!open) return;
    setList(null);
    setScope(selected.length ? 'selected' : 'all');
    exportTemplates(body.appId).then((l) => { setList(l); setChosen(l[0]?.id); }, () => setList([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const run = async () => {
    const tpl = list?.find((x) => x.id === chosen);
    if (!tpl) { message.warning(t('miniApp.data.templateExport.choose')); return; }
    try {
      const blob = await job.run((p) => exportTemplate({ ...body, templateId: tpl.id, ...(scope === 'selected' ? { ids: selected } : {}) }, p), 'download');
      if (!blob) return;
      saveBlob(blob, tpl.fileName?.endsWith('.xlsx') ? tpl.fileName : `${tpl.templateName}.xlsx`);
      onClose();
    } catch {
      /* shown by the transfer */
    }
  };
  return (
    <Modal open={open} title={t('miniApp.data.templateExport.title')} onCancel={() => !job.busy && onClose()} className="ma-template-export"
      okText={t('miniApp.data.export.run')} onOk={() => void run()} okButtonProps={{ loading: job.busy, disabled: !list?.length }} cancelButtonProps={{ disabled: job.busy }}>
      {list && !list.length ? <Empty description={t('miniApp.data.templateExport.none')} /> : (
        <Form layout="vertical">
          <Form.Item label={t('miniApp.data.templateExport.template')}>
            <Select loading={!list} value={chosen} onChange={setChosen} options={(list ?? []).map((x) => ({ value: x.id, label: t('miniApp.data.templateOption', { name: x.templateName, type: t(`miniApp.data.templateType.${x.templateType}`) }) }))} />
          </Form.Item>
          <Form.Item label={t('miniApp.data.export.scope')}>
            <Radio.Group value={scope} onChange={(e) => setScope(e.target.value)}>
              <Radio value="all">{t('miniApp.data.export.allShort')}</Radio>
              <Radio value="selected" disabled={!selected.length}>{t('miniApp.data.export.selected', { n: selected.length })}</Radio>
            </Radio.Group>
          </Form.Item>
        </Form>
      )}
      <TransferBar transfer={job.transfer} />
    </Modal>
  );
}

// ---- batch edit ------------------------------------------------------------------------------------

const BATCH_TYPES = new Set(['input', 'textarea', 'number', 'select', 'radio', 'checkbox', 'switch', 'date', 'datetime', 'time', 'user', 'dept']);

/** One field set to one value on the chosen records (status 1 only; the server checks each with the form). */
export function BatchEditDialog({ open, appId, option, ids, onClose }: { open: boolean; appId: string; option: FormOption; ids: string[]; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fields = useMemo(() => valueColumns(option).filter((c) => c.disabled !== true && BATCH_TYPES.has(typeOf(c))), [option]);
  const [prop, setProp] = useState<string>();
  const [value, setValue] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (open) { setProp(undefined); setValue(undefined); } }, [open]);
  const column = fields.find((c) => c.prop === prop);
  const run = async () => {
    if (!column) { message.warning(t('miniApp.data.batch.chooseField')); return; }
    setBusy(true);
    try {
      const r = await bizApi.batchUpdate(appId, ids, { [column.prop]: value ?? null });
      if (r.updated < ids.length) message.warning(t('miniApp.data.batch.partly', { n: r.updated, skipped: ids.length - r.updated }));
      else message.success(t('miniApp.data.batch.done', { n: r.updated }));
      onClose(true);
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('miniApp.data.batch.title', { n: ids.length })} onCancel={() => onClose(false)} onOk={() => void run()} okButtonProps={{ loading: busy }} className="ma-batch-dialog" destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('miniApp.data.batch.field')} required>
          <Select value={prop} onChange={(v) => { setProp(v); setValue(undefined); }} placeholder={t('miniApp.data.batch.chooseField')} options={fields.map((c) => ({ value: c.prop, label: c.label ?? c.prop }))} />
        </Form.Item>
        {column && (
          <Form.Item label={t('miniApp.data.batch.value')}>
            <Control column={column} value={value} onChange={setValue} templateContext={sessionTemplateContext} />
          </Form.Item>
        )}
      </Form>
      <Typography.Text type="secondary">{t('miniApp.data.batch.note')}</Typography.Text>
    </Modal>
  );
}

// ---- the recycle bin -------------------------------------------------------------------------------

export function RecycleBin({ open, appId, table, option, onClose }: { open: boolean; appId: string; table: string; option: FormOption; onClose(restored: boolean): void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const keys = keysOf(table);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<{ records: BizRecord[]; total: number } | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);
  const [viewing, setViewing] = useState<BizRecord | null>(null);
  const load = () => bizApi.recycle(appId, page.current, page.size).then(setData, () => setData({ records: [], total: 0 }));
  useEffect(() => { if (open) void load(); }, [open, page]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => { if (open) { setChosen([]); setRestored(false); } }, [open]);
  const cols = valueColumns(option).slice(0, 6);
  const restore = (ids: string[]) => {
    if (!ids.length) { message.warning(t('miniApp.data.selectOne')); return; }
    modal.confirm({
      title: t('common.tip'), content: t('miniApp.data.recycle.confirm', { n: ids.length }), okText: t('common.confirm'), cancelText: t('common.cancel'),
      onOk: async () => {
        const r = await bizApi.restore(appId, ids);
        message.success(t('miniApp.data.recycle.restored', { n: r.restored }));
        setChosen([]);
        setRestored(true);
        await load();
      },
    });
  };
  return (
    <Drawer open={open} width="min(1000px, 92vw)" title={t('miniApp.data.recycle.title')} onClose={() => onClose(restored)} className="ma-recycle"
      extra={<Button type="primary" icon={<UndoOutlined />} onClick={() => restore(chosen)} className="ma-restore">{t('miniApp.data.recycle.restore')}</Button>}>
      <Table<BizRecord>
        size="small" bordered rowKey={(r) => String(r[keys.id])} loading={!data} dataSource={data?.records ?? []} scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (k) => setChosen(k.map(String)) }}
        columns={[
          ...cols.map((c) => ({ title: c.label ?? c.prop, dataIndex: c.prop, render: (v: unknown) => <Cell column={c} value={v} /> })),
          { title: t('miniApp.data.col.status'), dataIndex: keys.status, width: 100, render: (v: unknown) => <StatusTag status={v} /> },
          { title: t('miniApp.data.recycle.removedAt'), dataIndex: 'updateTime', width: 170, render: (v: unknown) => String(v ?? '-').replace('T', ' ').slice(0, 19) },
          { title: t('common.action'), width: 130, fixed: 'right' as const, render: (_: unknown, r: BizRecord) => (
            <Space size={4}>
              <Button type="link" size="small" onClick={() => setViewing(r)}>{t('common.view')}</Button>
              <Button type="link" size="small" onClick={() => restore([String(r[keys.id])])}>{t('miniApp.data.recycle.restoreOne')}</Button>
            </Space>
          ) },
        ]}
        pagination={{ current: page.current, pageSize: page.size, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [10, 20, 30, 50], showTotal: (n) => totalText(t, n), onChange: (current, size) => setPage({ current, size }) }}
      />
      <Modal open={!!viewing} title={t('miniApp.data.recycle.viewTitle')} width="min(960px, 90vw)" footer={null} onCancel={() => setViewing(null)} destroyOnHidden className="ma-recycle-view">
        {viewing && (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <RecordFieldsPlain option={option} record={viewing} />
            {subTables(option).map((s) => (
              <div key={s.prop}>
                <Typography.Title level={5}>{t('miniApp.data.recycle.removedRows', { name: s.label ?? s.prop })}</Typography.Title>
                <ChildRows appId={appId} sub={s} parentId={String(viewing[keys.id])} removed />
              </div>
            ))}
          </Space>
        )}
      </Modal>
    </Drawer>
  );
}

function RecordFieldsPlain({ option, record }: { option: FormOption; record: BizRecord }) {
  return (
    <div className="ma-record-plain">
      {valueColumns(option).map((c: FormColumn) => (
        <div key={c.prop} className="ma-record-plain-row"><span className="ma-record-plain-label">{c.label ?? c.prop}</span><span><Cell column={c} value={record[c.prop]} /></span></div>
      ))}
    </div>
  );
}

// ---- pre-read (001 §3.7) ---------------------------------------------------------------------------

/** The app's pre-read settings when enabled (null: none). */
export function preReadOf(p: AppPreRead | null | undefined): AppPreRead | null {
  return p && Number(p.enable) === 1 ? p : null;
}

export function PreReadDialog({ config, onClose }: { config: AppPreRead | null; onClose(): void }) {
  const { t } = useTranslation();
  const seconds = Math.min(9999, Math.max(1, Number(config?.readTime) || 5));
  const compel = Number(config?.compelRead) === 1;
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!config) return;
    setLeft(seconds);
    const timer = window.setInterval(() => setLeft((n) => (n <= 1 ? (window.clearInterval(timer), 0) : n - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [config, seconds]);
  if (!config) return null;
  const files = Array.isArray(config.relationFiles) ? config.relationFiles : [];
  const waiting = compel && left > 0;
  return (
    <Modal open title={config.title || t('miniApp.data.preRead.title')} width={680} className="ma-preread" closable={!compel} maskClosable={false} keyboard={!compel} onCancel={onClose}
      footer={<Button type="primary" disabled={waiting} onClick={onClose} className="ma-preread-ok">{waiting ? t('miniApp.data.preRead.wait', { n: left }) : t('miniApp.data.preRead.ok')}</Button>}>
      <div className="ma-preread-body">{(config.body ?? '').split('\n').map((line, i) => <p key={i}>{line}</p>)}</div>
      {files.length > 0 && (
        <div className="ma-preread-files">
          <Typography.Text type="secondary">{t('miniApp.data.preRead.files')}</Typography.Text>
          {files.map((f) => <div key={f.link}><PaperClipOutlined /> <a href={f.link} target="_blank" rel="noreferrer">{f.name}</a></div>)}
        </div>
      )}
      {!compel && left > 0 && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('miniApp.data.preRead.suggested', { n: left })}</Typography.Text>}
    </Modal>
  );
}

/**
 * 提交流程 for records whose bound process asks its initiator for people (a required approver, 发起人自选
 * nodes): the choices first, then the records go (each a new instance, started as the caller).
 */
export function SubmitProcessDialog({ appId, process, ids, onClose }: { appId: string; process: BoundProcess | null; ids: string[]; onClose(submitted: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [people, setPeople] = useState(NO_PEOPLE);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = !!ids.length && !!process;
  useEffect(() => {
    if (open) { setPeople(NO_PEOPLE); setChecked(false); }
  }, [open]);
  if (!process) return null;
  const submit = async () => {
    const missing = missingPeople(process, people, t);
    if (missing) { setChecked(true); message.error(missing); return; }
    setBusy(true);
    try {
      const r = await bizApi.submitProcess(appId, ids, startPeopleBody(process, people));
      if (r.data?.skipped) message.warning(r.msg);
      else message.success(r.msg || t('miniApp.data.submittedForApproval'));
      onClose(true);
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={`${t('miniApp.data.submitProcess')} · ${process.processName}`} onCancel={() => onClose(false)} onOk={() => void submit()} confirmLoading={busy}
      okText={t('miniApp.data.submitProcess')} cancelText={t('common.cancel')} destroyOnHidden className="ma-submit-dialog">
      <Typography.Paragraph>{t('miniApp.data.confirmSubmit', { n: ids.length })}</Typography.Paragraph>
      <StartPeople nodes={process} value={people} onChange={setPeople} checked={checked} compact />
    </Modal>
  );
}
