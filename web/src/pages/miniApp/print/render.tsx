// Printing a micro-app's records (001 §2.7, §3.5, §8, §9) — shared by the print template designer and
// the data screen:
//   loadPrintTemplates(appId, type?)        the app's enabled templates (page 1, size 10, as the spec looks them up)
//   fetchPrintRecords(appId, type, what)    the records to print: a form template gets each record with its
//                                           child rows (queryBizPrintData, ids), a list template a page
//                                           (queryBizPrintPage; "all" and "selected" ask for size 99999)
//   printRecords(template, records, columns, opts)  fills the template and prints it through a hidden
//                                           frame (500 ms print delay, frame removed 100 ms after)
//   <PrintPreview open template records columns onClose />  the same printout in a dialog, with 打印
// columns are the app's form columns the reader may see (child models as type 'dynamic' columns with
// children.column); records are as the business-data calls answer them. A template whose templateJson
// cannot be read shows 打印配置异常; no enabled template shows "No print template configured".
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Modal, Select, Space, Spin, message } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormColumn } from '@campus/schema';
import i18n from '../../../i18n';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';
import { dictionary, deptTree } from '../../../api/admin';
import type { TreeNode } from '../../../api/crud';
import { loadDicUrl } from '../../../components/workflow/dic-url';
import { printHtml } from '../../../components/workflow/print';
import { BIZ, type BizRecord } from '../api';
import { lookupNeeds, NO_LOOKUPS, PrintConfigError, renderPrint, type PrintLookups, type PrintTemplate, type PrintType } from './template';

export { renderPrint, PrintConfigError, parseDesign, defaultDesign, sampleRecords } from './template';
export type { PrintDesign, PrintTemplate, PrintType, PrintLookups } from './template';

export const PRINT_TEMPLATE = '/api/appPrintTemplate/appPrintTemplate';

/** The app's enabled print templates (of one type when given), as the print button looks them up. */
export const loadPrintTemplates = (appId: string, type?: PrintType) =>
  http
    .get<Page<PrintTemplate & { id: string }>>(`${PRINT_TEMPLATE}/list`, { current: 1, size: 10, appBizId_equal: appId, status_equal: 1, ...(type ? { templateType_equal: type } : {}) })
    .then((p) => p.records ?? []);

/** What to print: the chosen records, the current page, or every record matching the search. */
export type PrintWhat =
  | { kind: 'selected'; ids: string[] }
  | { kind: 'page'; current: number; size: number; sort?: string; queryObj?: string }
  | { kind: 'all'; sort?: string; queryObj?: string };

/** The records to print with a template of this type (the server leaves out what the caller may not see). */
export async function fetchPrintRecords(appId: string, type: PrintType, what: PrintWhat): Promise<BizRecord[]> {
  if (type === 'form') {
    let ids: string[];
    if (what.kind === 'selected') ids = what.ids;
    else {
      const page = await http.post<{ records: Page<BizRecord> }>(`${BIZ}/queryBizPrintPage`, {
        appId, current: what.kind === 'page' ? what.current : 1, size: what.kind === 'page' ? what.size : 500, sort: what.sort || undefined, queryObj: what.queryObj || undefined,
      });
      ids = (page.records.records ?? []).map((r) => String(Object.entries(r).find(([k]) => /_ID$/.test(k) && !/_TEMP_ID$/.test(k))?.[1] ?? '')).filter(Boolean);
    }
    if (!ids.length) return [];
    return http.post<BizRecord[]>(`${BIZ}/queryBizPrintData`, { appId, ids: ids.join(',') });
  }
  const body =
    what.kind === 'page'
      ? { appId, current: what.current, size: what.size, sort: what.sort || undefined, queryObj: what.queryObj || undefined }
      : what.kind === 'all'
        ? { appId, current: 1, size: 99999, sort: what.sort || undefined, queryObj: what.queryObj || undefined }
        : { appId, current: 1, size: 99999, queryObj: undefined };
  const page = await http.post<{ records: Page<BizRecord> }>(`${BIZ}/queryBizPrintPage`, body);
  const rows = page.records.records ?? [];
  if (what.kind !== 'selected') return rows;
  const wanted = new Set(what.ids);
  return rows.filter((r) => Object.entries(r).some(([k, v]) => /_ID$/.test(k) && wanted.has(String(v))));
}

const flatten = (nodes: TreeNode[] = [], out: Record<string, string> = {}) => {
  for (const n of nodes) {
    out[String(n.id)] = String(n.title ?? '');
    flatten(n.children, out);
  }
  return out;
};

/** Loads the dictionary items, people's and departments' names a printout of these records shows (failures leave the raw values). */
export async function resolvePrintLookups(columns: FormColumn[], records: Record<string, unknown>[]): Promise<PrintLookups> {
  const need = lookupNeeds(columns, records);
  const out: PrintLookups = { dicts: {}, users: {}, depts: {} };
  await Promise.all([
    ...need.dicts.map((key) =>
      // a dictionary address (dicUrl) answers its options as the form's field reads them; a code, its dictionary's items
      (key.startsWith('/') ? loadDicUrl(key) : dictionary(key).then((items) => (items ?? []).map((i) => ({ label: String(i.dictValue ?? ''), value: i.dictKey })))).then(
        (items) => { out.dicts[key] = items; },
        () => undefined,
      ),
    ),
    need.users.length
      ? http.get<{ id: string; realName?: string | null; name?: string | null; account?: string }[]>('/api/blade-system/user/userListByIds', { ids: need.users.slice(0, 1000).join(',') }, { silent: true }).then(
          (rows) => { for (const u of rows ?? []) out.users[String(u.id)] = u.realName || u.name || u.account || String(u.id); },
          () => undefined,
        )
      : Promise.resolve(),
    need.depts.length ? deptTree().then((t) => { out.depts = flatten(t); }, () => undefined) : Promise.resolve(),
  ]);
  return out;
}

const lang = (): 'zh' | 'en' => (i18n.language === 'en' ? 'en' : 'zh');

/**
 * Fills the template with the records and prints it (hidden frame). Shows 打印配置异常 and rejects
 * with PrintConfigError when the template cannot be read.
 */
export async function printRecords(template: PrintTemplate, records: Record<string, unknown>[], columns: FormColumn[], opts: { appName?: string } = {}): Promise<void> {
  let html: string;
  try {
    html = renderPrint(template, records, columns, { appName: opts.appName, lang: lang(), lookups: await resolvePrintLookups(columns, records) });
  } catch (e) {
    if (e instanceof PrintConfigError) message.error(i18n.t('miniApp.print.configError'));
    throw e;
  }
  await printHtml(opts.appName || template.templateName, html);
}

/** The printout in a sandboxed frame (no scripts run in it): what the preview and the designer show. */
export function PrintFrame({ html, height = 560 }: { html: string; height?: number | string }) {
  const doc = `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;background:#e9ebee;padding:16px}
.sheet{background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.18);padding:min(12mm,4vw);margin:0 auto;box-sizing:border-box;width:100%}
.sheet.portrait{max-width:210mm;min-height:calc(min(100vw - 32px,210mm) * 1.414)}.sheet.landscape{max-width:297mm;min-height:calc(min(100vw - 32px,297mm) * 0.707)}
.p-page+.p-page{border-top:1px dashed #bbb;margin-top:14mm;padding-top:14mm}</style></head><body>${html}</body></html>`;
  return <iframe title="print-preview" className="ma-print-frame" sandbox="" srcDoc={doc} style={{ width: '100%', height, border: '1px solid #e5e6eb', borderRadius: 6, background: '#e9ebee' }} />;
}

/** The printout wrapped in a sheet of its paper for the on-screen preview. */
export function previewHtml(template: PrintTemplate, records: Record<string, unknown>[], columns: FormColumn[], opts: { appName?: string; lookups?: PrintLookups } = {}): string {
  let orientation = 'portrait';
  try {
    orientation = JSON.parse(template.templateJson).orientation === 'landscape' ? 'landscape' : 'portrait';
  } catch {
    /* renderPrint says what is wrong */
  }
  return `<div class="sheet ${orientation}">${renderPrint(template, records, columns, { appName: opts.appName, lang: lang(), lookups: opts.lookups ?? NO_LOOKUPS })}</div>`;
}

/**
 * A dialog previewing records printed with a template, with 打印. templates: when several are
 * given, a select chooses among them (the first is shown first).
 */
export function PrintPreview({
  open, templates, records, columns, appName, onClose, loading,
}: {
  open: boolean;
  templates: PrintTemplate[];
  records: Record<string, unknown>[];
  columns: FormColumn[];
  appName?: string;
  onClose: () => void;
  /** the records are still being fetched */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const [lookups, setLookups] = useState<PrintLookups | null>(null);
  const [printing, setPrinting] = useState(false);
  const template = templates[chosen] ?? templates[0];
  useEffect(() => { setChosen(0); }, [templates]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLookups(null);
    void resolvePrintLookups(columns, records).then((l) => live && setLookups(l));
    return () => { live = false; };
  }, [open, columns, records]);
  const rendered = useMemo((): { html: string } | { error: string } | null => {
    if (!template || !lookups) return null;
    try {
      return { html: previewHtml(template, records, columns, { appName, lookups }) };
    } catch (e) {
      return { error: e instanceof PrintConfigError ? t('miniApp.print.configError') : String((e as Error).message) };
    }
  }, [template, records, columns, appName, lookups, t]);
  return (
    <Modal
      open={open}
      title={t('miniApp.print.preview')}
      width={980}
      onCancel={onClose}
      destroyOnHidden
      className="ma-print-preview"
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            loading={printing}
            disabled={!template || !rendered || 'error' in rendered || loading}
            className="ma-print-go"
            onClick={async () => {
              setPrinting(true);
              try {
                await printRecords(template!, records, columns, { appName });
              } finally {
                setPrinting(false);
              }
            }}
          >
            {t('miniApp.print.print')}
          </Button>
        </Space>
      }
    >
      {!templates.length ? (
        <Alert type="warning" showIcon message={t('miniApp.print.noTemplate')} />
      ) : (
        <>
          {templates.length > 1 && (
            <Space style={{ marginBottom: 12 }}>
              <span>{t('miniApp.print.template')}</span>
              <Select style={{ width: 260 }} value={chosen} onChange={setChosen} options={templates.map((x, i) => ({ value: i, label: x.templateName }))} />
            </Space>
          )}
          {loading || !rendered ? (
            <Spin style={{ display: 'block', margin: '80px auto' }} />
          ) : 'error' in rendered ? (
            <Alert type="error" showIcon message={rendered.error} />
          ) : (
            <PrintFrame html={rendered.html} height="65vh" />
          )}
        </>
      )}
    </Modal>
  );
}
