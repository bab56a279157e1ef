// The business data screen of a micro-app (001 §2.7, §4, §8, §9): the app's records in a table that
// searches the searchable fields, sorts (asc / desc / none, back to page 1), pages (10 … 200; the
// app's default page size), selects and refreshes; a double-click edits. Columns and form follow the
// caller's field rights (the server leaves hidden fields out of every answer and of the form).
// Buttons show with the right (permission.operates) and as the app's button settings say
// (appOperate; none: the defaults). Only status-1 records are edited or removed (the two warnings);
// batch removal takes the status-1 ones. Custom buttons, Excel, print, the recycle bin, the bound
// process and the pre-read notice live here too. The shell (/miniApp/home/dataManage) and the back
// office (/webapp/myApp/{params}) both render it inside <MiniAppProvider>.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Col, Dropdown, Form, Result, Row, Select, Skeleton, Space, Table, Tooltip, Typography, Watermark } from 'antd';
import type { ColumnsType, SorterResult, SortOrder } from 'antd/es/table/interface';
import {
  AuditOutlined, CopyOutlined, DeleteOutlined, DownloadOutlined, DownOutlined, EditOutlined, EyeOutlined, FileExcelOutlined, FormOutlined,
  LinkOutlined, PlusOutlined, PrinterOutlined, ReloadOutlined, RestOutlined, SearchOutlined, UploadOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { totalText } from '../../../api/crud';
import { RequestError } from '../../../api/request';
import { encodeParams as encodeProcess } from '../../../components/workflow/params';
import { appIconUrl, type BizRecord } from '../api';
import { useMiniApp } from '../context';
import { useSession } from '../../../shell/store';
import { appOperates, bizApi, getAppSysConfig, type AppOperate, type ListBody } from './api';
import { mustAsk } from '../../../components/workflow/StartPeople';
import { BatchEditDialog, ExportDialog, ImportDialog, preReadOf, PreReadDialog, RecycleBin, SubmitProcessDialog, TemplateExportDialog } from './dialogs';
import { Cell, keysOf, NORMAL, rightOf, searchEntries, SearchControl, StatusTag, valueColumns } from './fields';
import { PrintDialog, type PrintScope } from './print';
import { RecordDrawer, type RecordMode } from './RecordDrawer';
import './data.css';

const PAGE_SIZES = [10, 30, 50, 100, 200];
/** Buttons of the app's settings (appOperate) and the right each needs. */
const NEEDS: Record<string, string> = { add: 'add', edit: 'edit', delete: 'delete', view: 'view', print: 'print', template: 'template', import: 'add', export: 'view', copy: 'add', batchEdit: 'edit' };

/** What the server said when it refused (403: no access to the app). */
const statusOf = (e: unknown) => (e instanceof RequestError ? e.code : 0);

export function DataScreen({ inShell }: { inShell: boolean }) {
  const { t } = useTranslation();
  const app = useMiniApp();
  const navigate = useNavigate();
  if (app.loading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (app.error || !app.permission) {
    const code = statusOf(app.error);
    return (
      <Result status={code === 403 ? '403' : 'warning'} className="ma-no-access"
        title={code === 403 ? t('miniApp.data.noAccess') : (app.error as Error | null)?.message || t('miniApp.data.noApp')} />
    );
  }
  if (!app.permission.tableName) {
    const design = `/miniApp/home/appConfigManage?params=${app.encoded}&from=data`;
    return <NotDesigned manager={app.permission.manager} onDesign={() => (inShell ? navigate(design) : window.open(`${window.location.pathname}#${design}`, '_blank'))} redirect={inShell && app.permission.manager ? design : null} />;
  }
  return <DataTable inShell={inShell} />;
}

/** "Design it first": the managers are sent to the design screen (in the shell) or given a button to it. */
function NotDesigned({ manager, onDesign, redirect }: { manager: boolean; onDesign(): void; redirect: string | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    if (!redirect) return;
    message.warning(t('miniApp.data.designFirst'));
    navigate(redirect, { replace: true });
  }, [redirect]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Result status="info" className="ma-design-first" title={t('miniApp.data.designFirst')}
      extra={manager ? <Button type="primary" onClick={onDesign}>{t('miniApp.data.goDesign')}</Button> : null} />
  );
}

function DataTable({ inShell }: { inShell: boolean }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const app = useMiniApp();
  const perm = app.permission!;
  const appId = app.params.appId;
  const appName = app.info?.appName || app.params.appName;
  const table = perm.tableName!;
  const keys = keysOf(table);
  const rights = useMemo(() => new Set(perm.operates), [perm.operates]);
  const reader = useSession((x) => x.userInfo);

  const formQ = useQuery({ queryKey: ['miniApp', 'form', appId], queryFn: () => bizApi.form(appId), retry: false });
  const cfgQ = useQuery({ queryKey: ['miniApp', 'sysConfig', appId], queryFn: () => getAppSysConfig(appId, { silent: true }).catch(() => null), retry: false });
  const opQ = useQuery({ queryKey: ['miniApp', 'operates', appId], queryFn: () => appOperates(appId), retry: false });
  const option = formQ.data?.formOption ?? null;
  const processBound = !!formQ.data?.processBound;
  const process = formQ.data?.process ?? null;
  // 提交流程 of a process that asks its initiator for people: the records wait in the dialog
  const [submitting, setSubmitting] = useState<string[]>([]);

  // the list's query: page, size (the app's default), sort, the search values
  const [page, setPage] = useState({ current: 1, size: 0 });
  const size = page.size || (PAGE_SIZES.includes(Number(cfgQ.data?.pageSize)) ? Number(cfgQ.data?.pageSize) : 10);
  const [sort, setSort] = useState('');
  const [queryObj, setQueryObj] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<BizRecord[]>([]);
  const [search] = Form.useForm();
  const query: ListBody = { appId, current: page.current, size, sort: sort || undefined, queryObj: Object.keys(queryObj).length ? JSON.stringify(queryObj) : undefined };
  const listQ = useQuery({ queryKey: ['miniApp', 'records', appId, query], queryFn: () => bizApi.list(query), enabled: !cfgQ.isLoading && rights.has('view'), placeholderData: (prev) => prev });
  const reload = () => void qc.invalidateQueries({ queryKey: ['miniApp', 'records', appId] });

  // dialogs
  const [record, setRecord] = useState<{ mode: RecordMode; id?: string } | null>(null);
  const [dialog, setDialog] = useState<'import' | 'export' | 'template' | 'batch' | 'recycle' | null>(null);
  const [printing, setPrinting] = useState<PrintScope | null>(null);
  const [preRead, setPreRead] = useState<ReturnType<typeof preReadOf>>(null);
  useEffect(() => { setPreRead(preReadOf(cfgQ.data?.preRead)); }, [cfgQ.data]);

  /** the app's settings of a standard button: shown with the right and when not switched off; its label */
  const ops = useMemo(() => new Map((opQ.data ?? []).map((o: AppOperate) => [o.operateCode, o])), [opQ.data]);
  const can = (code: string) => rights.has(NEEDS[code] ?? code) && ops.get(code)?.enabled !== 0;
  const label = (code: string, fallback: string) => {
    const o = ops.get(code);
    return (i18n.language === 'en' ? o?.operateNameEn : o?.operateName) || o?.operateName || fallback;
  };

  const fields = useMemo(() => valueColumns(option), [option]);
  const listFields = fields.filter((c) => rightOf(perm.fieldPermissions, c.prop).display);
  const searchFields = fields.filter((c) => rightOf(perm.fieldPermissions, c.prop).search && (perm.fieldPermissions[c.prop] as { search?: boolean } | undefined)?.search === true);

  const status = (r: BizRecord) => Number(r[keys.status]);
  const idOf = (r: BizRecord) => String(r[keys.id]);
  const edit = (r: BizRecord) => {
    if (status(r) !== NORMAL) { message.warning(t('miniApp.data.cannotEdit')); return; }
    setRecord({ mode: 'edit', id: idOf(r) });
  };
  const removeRows = (rows: BizRecord[], one: boolean) => {
    if (!rows.length) { message.warning(t('miniApp.data.selectOne')); return; }
    const normal = rows.filter((r) => status(r) === NORMAL);
    if (!normal.length) { message.warning(t('miniApp.data.cannotDelete')); return; }
    modal.confirm({
      title: t('common.tip'),
      content: one ? t('common.confirmDelete') : normal.length < rows.length ? t('miniApp.data.confirmBatchPart', { n: normal.length, skipped: rows.length - normal.length }) : t('common.confirmBatchDelete'),
      okText: t('common.confirm'), cancelText: t('common.cancel'), okButtonProps: { danger: true },
      onOk: async () => {
        const r = await bizApi.remove(appId, normal.map(idOf));
        if (r.data.skipped) message.warning(r.msg || t('miniApp.data.cannotDelete'));
        else message.success(t('miniApp.data.removed', { n: r.data.removed }));
        setSelected([]);
        reload();
      },
    });
  };
  const openProcess = (processInstanceId: string) => {
    const path = `/workflow/process/detail/${encodeProcess({ processInsId: processInstanceId })}`;
    // the shell is a window of its own: the process opens in the back office beside it
    if (inShell) window.open(`${window.location.pathname}#${path}`, '_blank');
    else navigate(path);
  };
  const viewProcess = async (r: BizRecord) => {
    const d = await bizApi.detail(appId, idOf(r));
    const pid = d?.processInstanceId ? String(d.processInstanceId) : '';
    if (pid) openProcess(pid);
    else message.warning(t('miniApp.data.noProcess'));
  };
  const submitProcess = (rows: BizRecord[]) => {
    if (!rows.length) { message.warning(t('miniApp.data.selectOne')); return; }
    const fit = rows.filter((r) => [1, 4, 5].includes(status(r)));
    if (!fit.length) { message.warning(t('miniApp.data.cannotSubmit')); return; }
    if (mustAsk(process)) { setSubmitting(fit.map(idOf)); return; }
    modal.confirm({
      title: t('common.tip'), content: t('miniApp.data.confirmSubmit', { n: fit.length }), okText: t('common.confirm'), cancelText: t('common.cancel'),
      onOk: async () => {
        const r = await bizApi.submitProcess(appId, fit.map(idOf));
        if (r.data?.skipped) message.warning(r.msg);
        else message.success(r.msg || t('miniApp.data.submittedForApproval'));
        setSelected([]);
        reload();
      },
    });
  };
  const openDiy = (b: { btnName: string; btnUrl: string }) => {
    if (inShell) navigate(`/miniApp/home/urlPath?params=${app.encoded}&name=${encodeURIComponent(b.btnName)}&src=${encodeURIComponent(b.btnUrl)}`);
    else window.open(b.btnUrl, '_blank', 'noopener');
  };

  const runSearch = () => {
    const values = search.getFieldsValue() as Record<string, unknown>;
    const q: Record<string, string> = {};
    for (const c of searchFields) for (const [k, v] of searchEntries(c, values[c.prop])) q[k] = v;
    if (values.__status) q[keys.status] = String(values.__status);
    setQueryObj(q);
    setPage((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };
  const resetSearch = () => {
    search.resetFields();
    setQueryObj({});
    setPage((p) => ({ ...p, current: 1 }));
  };

  if (formQ.isLoading || cfgQ.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (!option) return <Result status="warning" title={(formQ.error as Error | null)?.message ?? t('miniApp.data.noForm')} />;
  if (!rights.has('view') && !rights.has('add')) return <Result status="403" title={t('miniApp.data.noAccess')} />;

  const sortOrder = (field: string): SortOrder => {
    const [f, d] = sort.split(' ');
    return f === field ? (d === 'desc' ? 'descend' : 'ascend') : null;
  };
  const columns: ColumnsType<BizRecord> = [
    ...listFields.map((c) => ({
      key: c.prop, dataIndex: c.prop, title: c.label ?? c.prop, sorter: true, sortOrder: sortOrder(c.prop), showSorterTooltip: false,
      onCell: () => ({ className: `ma-cell-${c.prop}` }), onHeaderCell: () => ({ className: `ma-head-${c.prop}` }),
      render: (v: unknown) => <Cell column={c} value={v} />,
    })),
    { key: keys.status, dataIndex: keys.status, title: t('miniApp.data.col.status'), width: 110, render: (v: unknown) => <StatusTag status={v} /> },
    { key: keys.from, dataIndex: keys.from, title: t('miniApp.data.col.from'), width: 90, render: (v: unknown) => (v ? t(`miniApp.data.from.${String(v)}`, { defaultValue: String(v) }) : '-') },
    { key: 'createTime', dataIndex: 'createTime', title: t('miniApp.data.col.createTime'), width: 170, sorter: true, sortOrder: sortOrder('createTime'), showSorterTooltip: false, render: (v: unknown) => String(v ?? '-').replace('T', ' ').slice(0, 19) },
    {
      key: '__action', title: t('common.action'), fixed: 'right', width: 220,
      render: (_: unknown, r: BizRecord) => {
        const links: ReactNode[] = [];
        if (can('view')) links.push(<Button key="v" type="link" size="small" icon={<EyeOutlined />} onClick={() => setRecord({ mode: 'view', id: idOf(r) })} className="ma-row-view">{label('view', t('common.view'))}</Button>);
        if (can('edit')) links.push(<Button key="e" type="link" size="small" icon={<EditOutlined />} onClick={() => edit(r)} className="ma-row-edit">{label('edit', t('common.edit'))}</Button>);
        if (can('delete')) links.push(<Button key="d" type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => removeRows([r], true)} className="ma-row-delete">{label('delete', t('common.delete'))}</Button>);
        const more = [
          ...(can('copy') && rights.has('view') ? [{ key: 'copy', icon: <CopyOutlined />, label: label('copy', t('miniApp.data.copy')) }] : []),
          ...(processBound && [3, 4, 5].includes(status(r)) ? [{ key: 'flow', icon: <LinkOutlined />, label: t('miniApp.data.viewProcess') }] : []),
          ...(processBound && [1, 4, 5].includes(status(r)) && (rights.has('add') || rights.has('edit')) ? [{ key: 'submit', icon: <AuditOutlined />, label: t('miniApp.data.submitProcess') }] : []),
        ];
        if (more.length) {
          links.push(
            <Dropdown key="m" menu={{ items: more, onClick: ({ key }) => (key === 'copy' ? setRecord({ mode: 'copy', id: idOf(r) }) : key === 'flow' ? void viewProcess(r) : submitProcess([r])) }}>
              <Button type="link" size="small" className="ma-row-more">{t('miniApp.data.more')} <DownOutlined /></Button>
            </Dropdown>,
          );
        }
        return <Space size={0} wrap={false}>{links}</Space>;
      },
    },
  ];

  const ids = selected.map(idOf);
  const exportBody = { appId, queryObj: query.queryObj, sort: query.sort };
  const records = listQ.data?.records ?? [];
  const toolbar: { code: string; node: ReactNode }[] = [];
  const push = (code: string, node: ReactNode) => toolbar.push({ code, node });
  if (can('add')) push('add', <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setRecord({ mode: 'add' })} className="ma-add">{label('add', t('common.add'))}</Button>);
  if (can('batchEdit')) push('batch', <Button key="batch" icon={<FormOutlined />} onClick={() => (ids.length ? setDialog('batch') : message.warning(t('miniApp.data.selectOne')))} className="ma-batch">{label('batchEdit', t('miniApp.data.batchEdit'))}</Button>);
  if (can('delete')) push('del', <Button key="del" danger icon={<DeleteOutlined />} onClick={() => removeRows(selected, false)} className="ma-batch-delete">{label('delete', t('common.delete'))}</Button>);
  if (processBound && (rights.has('add') || rights.has('edit'))) push('submit', <Button key="submit" icon={<AuditOutlined />} onClick={() => submitProcess(selected)} className="ma-submit-process">{t('miniApp.data.submitProcess')}</Button>);
  if (can('import')) push('imp', <Button key="imp" icon={<UploadOutlined />} onClick={() => setDialog('import')} className="ma-import">{label('import', t('miniApp.data.import.button'))}</Button>);
  if (can('export')) push('exp', <Button key="exp" icon={<DownloadOutlined />} onClick={() => setDialog('export')} className="ma-export">{label('export', t('miniApp.data.export.button'))}</Button>);
  if (can('template')) push('tpl', <Button key="tpl" icon={<FileExcelOutlined />} onClick={() => setDialog('template')} className="ma-template-export-btn">{label('template', t('miniApp.data.templateExport.button'))}</Button>);
  if (can('print')) {
    push('print',
      <Dropdown key="print" menu={{ items: (['page', 'all', 'selected'] as const).map((k) => ({ key: k, label: t(`miniApp.data.print.${k}`) })), onClick: ({ key }) => {
        if (key === 'selected' && !ids.length) { message.warning(t('miniApp.data.selectOne')); return; }
        setPrinting(key as PrintScope);
      } }}>
        <Button icon={<PrinterOutlined />} className="ma-print">{label('print', t('miniApp.data.print.button'))} <DownOutlined /></Button>
      </Dropdown>,
    );
  }
  if (rights.has('delete')) push('~bin', <Button key="bin" icon={<RestOutlined />} onClick={() => setDialog('recycle')} className="ma-recycle-btn">{t('miniApp.data.recycle.button')}</Button>);
  for (const b of perm.perDiyOperate) push('~diy', <Button key={`diy-${b.id}`} onClick={() => openDiy(b)} className="ma-diy">{b.btnName}</Button>);
  // the app's order of its standard buttons (appOperate sort); the recycle bin and custom buttons after them
  const CODES: Record<string, string> = { add: 'add', batch: 'batchEdit', del: 'delete', imp: 'import', exp: 'export', tpl: 'template', print: 'print', submit: 'edit' };
  const rank = (code: string) => (code.startsWith('~') ? 10_000 : (ops.get(CODES[code] ?? code)?.sort ?? 100) + (code === 'submit' ? 0.5 : 0));
  const ordered = toolbar.map((x, i) => ({ ...x, i })).sort((a, b) => rank(a.code) - rank(b.code) || a.i - b.i).map((x) => x.node);

  // the app's watermark (appSysConfig.watermark, 001 §9: grey, opacity 0.3, 16px, 15 degrees, 120x60 cells): who is reading
  const marked = (body: ReactNode) => (Number(cfgQ.data?.watermark) === 1 ? (
    <Watermark className="ma-watermark" content={[reader?.real_name || reader?.user_name || '', reader?.account ?? ''].filter(Boolean)} font={{ color: 'rgba(128,128,128,0.3)', fontSize: 16 }} rotate={-15} width={120} height={60} gap={[60, 60]}>{body}</Watermark>
  ) : body);
  return marked(
    <div className="ma-data">
      {!inShell && (
        <div className="ma-title">
          <img src={appIconUrl(app.info?.appIcon)} alt="" className="ma-title-icon" onError={(e) => { e.currentTarget.style.display = 'none'; }} />
          <Typography.Title level={4} style={{ margin: 0 }}>{appName}</Typography.Title>
          {app.info?.appDesc && <Typography.Text type="secondary" ellipsis style={{ maxWidth: 600 }}>{app.info.appDesc}</Typography.Text>}
        </div>
      )}
      {(
        <Card size="small" className="ma-search">
          <Form form={search} layout="vertical" onFinish={runSearch}>
            <Row gutter={16}>
              {searchFields.map((c) => (
                <Col key={c.prop} xs={24} sm={12} md={8} lg={6}>
                  <Form.Item name={c.prop} label={c.label ?? c.prop} className={`ma-search-${c.prop}`}><SearchControl column={c} /></Form.Item>
                </Col>
              ))}
              <Col xs={24} sm={12} md={8} lg={6}>
                <Form.Item name="__status" label={t('miniApp.data.col.status')} className="ma-search-status">
                  <Select allowClear placeholder={t('common.requiredSelect', { label: t('miniApp.data.col.status') })} options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t(`miniApp.data.status.${n}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} md={8} lg={6} style={{ display: 'flex', alignItems: 'flex-end', paddingBottom: 24 }}>
                <Space>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />} className="ma-search-run">{t('common.search')}</Button>
                  <Button onClick={resetSearch}>{t('common.reset')}</Button>
                </Space>
              </Col>
            </Row>
          </Form>
        </Card>
      )}
      <Card size="small" className="ma-list">
        <div className="ma-toolbar">
          <Space wrap>{ordered}</Space>
          <Space>
            {selected.length > 0 && <Typography.Text type="secondary">{t('common.selected', { count: selected.length })}</Typography.Text>}
            <Tooltip title={t('miniApp.data.refresh')}><Button icon={<ReloadOutlined />} onClick={reload} loading={listQ.isFetching} className="ma-refresh" aria-label={t('miniApp.data.refresh')} /></Tooltip>
          </Space>
        </div>
        {!rights.has('view') ? <Alert type="info" showIcon message={t('miniApp.data.addOnly')} /> : (
          <Table<BizRecord>
            rowKey={idOf}
            size="middle"
            className="ma-table"
            loading={listQ.isFetching}
            dataSource={records}
            columns={columns}
            scroll={{ x: 'max-content' }}
            rowSelection={{ selectedRowKeys: ids, onChange: (_k, rows) => setSelected(rows), preserveSelectedRowKeys: true }}
            onRow={(r) => ({ onDoubleClick: () => (can('edit') ? edit(r) : can('view') ? setRecord({ mode: 'view', id: idOf(r) }) : undefined) })}
            onChange={(p, _f, sorter, extra) => {
              if (extra.action === 'sort') {
                const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<BizRecord>;
                setSort(s.order ? `${String(s.columnKey)}${s.order === 'descend' ? ' desc' : ''}` : '');
                setPage({ current: 1, size });
                return;
              }
              setPage({ current: p.current ?? 1, size: p.pageSize ?? size });
            }}
            pagination={{ current: page.current, pageSize: size, total: listQ.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: PAGE_SIZES, showQuickJumper: true, showTotal: (n) => totalText(t, n) }}
          />
        )}
      </Card>

      <RecordDrawer
        open={!!record} mode={record?.mode ?? 'view'} id={record?.id} appId={appId} appName={appName} table={table} option={option} processBound={processBound} process={process}
        onClose={() => setRecord(null)} onSaved={() => { setRecord(null); reload(); }} onOpenProcess={openProcess}
      />
      <SubmitProcessDialog appId={appId} process={process} ids={submitting} onClose={(done) => { setSubmitting([]); if (done) { setSelected([]); reload(); } }} />
      <ImportDialog open={dialog === 'import'} appId={appId} appName={appName} onClose={(done) => { setDialog(null); if (done) reload(); }} />
      <ExportDialog open={dialog === 'export'} body={exportBody} selected={ids} total={listQ.data?.total ?? 0} onClose={() => setDialog(null)} />
      <TemplateExportDialog open={dialog === 'template'} body={exportBody} selected={ids} onClose={() => setDialog(null)} />
      <BatchEditDialog open={dialog === 'batch'} appId={appId} option={option} ids={ids} onClose={(changed) => { setDialog(null); if (changed) { setSelected([]); reload(); } }} />
      <RecycleBin open={dialog === 'recycle'} appId={appId} table={table} option={option} onClose={(restored) => { setDialog(null); if (restored) reload(); }} />
      <PrintDialog scope={printing} onClose={() => setPrinting(null)} option={option} appName={appName} query={query} pageIds={records.map(idOf)} selected={ids} keyName={keys.id} />
      <PreReadDialog config={preRead} onClose={() => setPreRead(null)} />
    </div>,
  );
}
