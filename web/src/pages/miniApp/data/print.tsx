// Printing records of a micro-app (001 §2.7, §3.5, §8): the current page, all matching records or the
// chosen ones (all and chosen ask for size 99999 / the chosen ids), with one of the app's enabled print
// templates (list or form; page 1 size 10 appBizId_equal status_equal 1 templateType_equal), a preview,
// then the hidden-frame print. No template: "No print template configured"; a template that cannot be
// read: 打印配置异常. The printout is the print-template screen's (../print/render.tsx: renderer, lookups,
// preview frame and hidden-frame print); the records of each scope and template type are fetched here.
import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Modal, Select, Space, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { columnsOf, type FormOption } from '@campus/schema';
import { loadPrintTemplates, previewHtml, PrintConfigError, PrintFrame, printRecords, resolvePrintLookups, type PrintTemplate } from '../print/render';
import type { BizRecord } from '../api';
import { bizApi, type ListBody } from './api';

export type PrintScope = 'page' | 'all' | 'selected';

/** The records of a scope with their child rows (a form template prints them). */
async function recordsFor(scope: PrintScope, type: 'form' | 'list', query: ListBody, pageIds: string[], selected: string[], keyName: string): Promise<BizRecord[]> {
  const withChildren = async (ids: string[]) => {
    const out: BizRecord[] = [];
    // the server answers at most 500 records with their rows a call
    for (let i = 0; i < ids.length; i += 500) out.push(...(await bizApi.printData(query.appId, ids.slice(i, i + 500))));
    return out;
  };
  if (scope === 'selected') return withChildren(selected);
  if (scope === 'page') return type === 'form' ? withChildren(pageIds) : (await bizApi.printPage(query)).records;
  const all = (await bizApi.printPage({ ...query, current: 1, size: 99999 })).records;
  return type === 'form' ? withChildren(all.map((r) => String(r[keyName]))) : all;
}

export function PrintDialog({ scope, onClose, option, appName, query, pageIds, selected, keyName }: {
  scope: PrintScope | null;
  onClose(): void;
  option: FormOption;
  appName: string;
  /** the list's query (search, sort, page) */
  query: ListBody;
  pageIds: string[];
  selected: string[];
  /** the records' key column ({TABLE}_ID) */
  keyName: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [templates, setTemplates] = useState<(PrintTemplate & { id: string })[] | null>(null);
  const [chosen, setChosen] = useState<string>();
  const [html, setHtml] = useState<string | null>(null);
  const [shown, setShown] = useState<{ records: BizRecord[]; template: PrintTemplate } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!scope) return;
    setTemplates(null);
    setHtml(null);
    setProblem(null);
    let live = true;
    Promise.all([loadPrintTemplates(query.appId, 'list'), loadPrintTemplates(query.appId, 'form')]).then(([list, form]) => {
      if (!live) return;
      // the chosen records print one form each first; a page or all of them as a list first
      const all = scope === 'selected' ? [...form, ...list] : [...list, ...form];
      if (!all.length) {
        message.warning(t('miniApp.data.print.none'));
        onClose();
        return;
      }
      setTemplates(all);
      setChosen(all[0].id);
    }, () => live && onClose());
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scope]);

  useEffect(() => {
    const tpl = templates?.find((x) => x.id === chosen);
    if (!scope || !tpl) return;
    let live = true;
    setBusy(true);
    setHtml(null);
    setProblem(null);
    (async () => {
      const records = await recordsFor(scope, tpl.templateType, query, pageIds, selected, keyName);
      const columns = columnsOf(option);
      const lookups = await resolvePrintLookups(columns, records);
      setShown({ records, template: tpl });
      return previewHtml(tpl, records, columns, { appName, lookups });
    })().then((h) => live && setHtml(h), (e) => {
      if (!live) return;
      if (e instanceof PrintConfigError) {
        setProblem(t('miniApp.data.print.badConfig'));
        message.error(t('miniApp.data.print.badConfig'));
      } else setProblem((e as Error).message);
    }).finally(() => live && setBusy(false));
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen, templates]);

  return (
    <Modal open={!!scope && !!templates} title={t('miniApp.data.print.title', { scope: scope ? t(`miniApp.data.print.${scope}`) : '' })} width="min(1000px, 94vw)" onCancel={onClose} className="ma-print-dialog"
      footer={<Space><Button onClick={onClose}>{t('common.close')}</Button><Button type="primary" icon={<PrinterOutlined />} disabled={!html} onClick={() => shown && void printRecords(shown.template, shown.records, columnsOf(option), { appName }).catch(() => undefined)} className="ma-print-run">{t('miniApp.data.print.run')}</Button></Space>}>
      <Space style={{ marginBottom: 12 }}>
        <span>{t('miniApp.data.print.template')}</span>
        <Select style={{ width: 320 }} value={chosen} onChange={setChosen} options={(templates ?? []).map((x) => ({ value: x.id, label: t('miniApp.data.templateOption', { name: x.templateName, type: t(`miniApp.data.templateType.${x.templateType}`) }) }))} />
      </Space>
      {problem ? <Alert type="error" showIcon message={problem} /> : busy || html === null ? <div style={{ textAlign: 'center', padding: 48 }}><Spin /></div> : html ? (
        <div className="ma-print-preview"><PrintFrame html={html} height="62vh" /></div>
      ) : <Empty />}
    </Modal>
  );
}
