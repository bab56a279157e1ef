// The print template designer (001 §3.5): the template's settings (name, type, paper direction, text
// size, centred, enabled) and its layout — for a form template rows of label / value cells bound to
// the app's fields and a table per child model, for a list template the columns with their widths —
// beside a live preview with made-up or the app's real records. Saves the layout as templateJson.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Drawer, Empty, Form, Input, InputNumber, Modal, Radio, Row, Segmented, Select, Space, Switch, Tooltip, Typography, message } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SaveOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormColumn } from '@campus/schema';
import { http } from '../../../api/request';
import { PRINT_TEMPLATE, fetchPrintRecords, previewHtml, resolvePrintLookups, PrintFrame } from './render';
import { defaultDesign, FONT_SIZES, isValueColumn, parseDesign, PrintConfigError, sampleRecords, type PrintCell, type PrintDesign, type PrintLookups, type PrintTemplate } from './template';

type Editing = PrintTemplate & { id?: string };

const move = <T,>(list: T[], i: number, d: -1 | 1): T[] => {
  const j = i + d;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
};

/** Up, down and remove for the item at `at` of a layout list (the rows of a form template, the columns of a list one). */
function OrderButtons<T>({ list, at, onChange }: { list: T[]; at: number; onChange: (list: T[]) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={at === 0} onClick={() => onChange(move(list, at, -1))} aria-label="up" />
      <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={at === list.length - 1} onClick={() => onChange(move(list, at, 1))} aria-label="down" />
      <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange(list.filter((_, j) => j !== at))} aria-label={t('common.delete')} />
    </>
  );
}

export function PrintDesigner({ open, template, columns, appId, appName, onClose }: {
  open: boolean;
  template: Editing | null;
  columns: FormColumn[];
  appId: string;
  appName: string;
  onClose: (saved: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [base, setBase] = useState<Editing | null>(null);
  const [design, setDesign] = useState<PrintDesign | null>(null);
  const [broken, setBroken] = useState(false);
  const [source, setSource] = useState<'sample' | 'real'>('sample');
  const [real, setReal] = useState<Record<string, unknown>[] | null>(null);
  const [lookups, setLookups] = useState<PrintLookups | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (!open || !template) return;
    setBase(template);
    setDirty(false);
    setSource('sample');
    setReal(null);
    try {
      setDesign(parseDesign(template.templateJson));
      setBroken(false);
    } catch (e) {
      if (!(e instanceof PrintConfigError)) throw e;
      setDesign(defaultDesign(template.templateType, columns));
      setBroken(true);
    }
  }, [open, template, columns]);

  const type = base?.templateType ?? 'form';
  const mains = useMemo(() => columns.filter((c) => isValueColumn(c) && c.type !== 'dynamic'), [columns]);
  const subs = useMemo(() => columns.filter((c) => c.type === 'dynamic'), [columns]);
  const fieldOptions = mains.map((c) => ({ value: c.prop, label: `${c.label || c.prop} (${c.prop})` }));
  const labelOf = (prop: string) => mains.find((c) => c.prop === prop)?.label;

  const samples = useMemo(() => sampleRecords(columns, type === 'list' ? 3 : 1, i18n.language === 'en' ? 'en' : 'zh'), [columns, type, i18n.language]);
  useEffect(() => {
    if (!open || source !== 'real') return;
    let live = true;
    setReal(null);
    fetchPrintRecords(appId, type, { kind: 'page', current: 1, size: type === 'list' ? 10 : 1 }).then(
      (rows) => live && setReal(rows),
      () => live && setReal([]),
    );
    return () => { live = false; };
  }, [open, source, appId, type]);
  const records = useMemo(() => (source === 'real' ? real ?? [] : samples), [source, real, samples]);
  useEffect(() => {
    let live = true;
    void resolvePrintLookups(columns, records).then((l) => live && setLookups(l));
    return () => { live = false; };
  }, [columns, records]);

  if (!base || !design) return null;
  const change = (patch: Partial<PrintDesign>) => {
    setDesign({ ...design, ...patch });
    setDirty(true);
  };
  const changeBase = (patch: Partial<Editing>) => {
    setBase({ ...base, ...patch });
    setDirty(true);
  };
  const current: PrintTemplate = { ...base, templateJson: JSON.stringify(design) };
  let html = '';
  try {
    html = previewHtml(current, records, columns, { appName, lookups });
  } catch {
    html = '';
  }
  const unknownFields = [
    ...design.rows.flat().map((c) => c.field),
    ...design.columns.map((c) => c.field),
  ].filter((f) => !mains.some((c) => c.prop === f));

  const save = async () => {
    if (!base.templateName?.trim()) {
      message.error(t('miniApp.print.nameRequired'));
      return;
    }
    if (type === 'form' && !design.rows.length && !design.children.length) {
      message.error(t('miniApp.print.layoutEmpty'));
      return;
    }
    if (type === 'list' && !design.columns.length) {
      message.error(t('miniApp.print.columnsEmpty'));
      return;
    }
    setSaving(true);
    try {
      await http.post(`${PRINT_TEMPLATE}/submit`, {
        id: base.id, appId, templateName: base.templateName.trim(), templateType: base.templateType, printAddress: base.printAddress || null,
        isCenter: base.isCenter === 'Y' ? 'Y' : 'N', status: base.status ?? 1, templateJson: JSON.stringify(design),
      });
      message.success(t('miniApp.design.common.saved'));
      setDirty(false);
      onClose(true);
    } finally {
      setSaving(false);
    }
  };
  const close = () => {
    if (!dirty) return onClose(false);
    Modal.confirm({ title: t('common.tip'), content: t('miniApp.design.common.discard'), onOk: () => onClose(false) });
  };

  const setCell = (ri: number, ci: number, patch: Partial<PrintCell>) => change({ rows: design.rows.map((r, i) => (i === ri ? r.map((c, j) => (j === ci ? { ...c, ...patch } : c)) : r)) });
  const used = new Set(design.rows.flat().map((c) => c.field));

  return (
    <Drawer
      open={open}
      width="100%"
      onClose={close}
      destroyOnHidden
      className="ma-print-designer"
      title={
        <Space>
          <span>{t('miniApp.print.designer')}</span>
          <Typography.Text type="secondary">{base.templateName}</Typography.Text>
        </Space>
      }
      extra={
        <Space>
          <Segmented
            value={source}
            onChange={(v) => setSource(v as 'sample' | 'real')}
            options={[{ value: 'sample', label: t('miniApp.print.sampleData') }, { value: 'real', label: t('miniApp.print.realData') }]}
            className="ma-print-source"
          />
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} className="ma-print-save">
            {t('common.save')}
          </Button>
        </Space>
      }
      styles={{ body: { background: '#f5f6f8', padding: 16 } }}
    >
      {broken && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('miniApp.print.configError')} description={t('miniApp.print.configReset')} />}
      <Row gutter={16}>
        <Col xs={24} lg={11}>
          <Card size="small" title={t('miniApp.print.settings')} style={{ marginBottom: 12 }}>
            <Form layout="vertical" size="small">
              <Row gutter={12}>
                <Col span={14}>
                  <Form.Item label={t('miniApp.print.templateName')} required validateStatus={base.templateName?.trim() ? undefined : 'error'} help={base.templateName?.trim() ? undefined : t('miniApp.print.nameRequired')}>
                    <Input value={base.templateName} maxLength={64} onChange={(e) => changeBase({ templateName: e.target.value })} id="ma-print-name" />
                  </Form.Item>
                </Col>
                <Col span={10}>
                  <Form.Item label={t('miniApp.print.templateType')} required>
                    <Radio.Group
                      value={type}
                      optionType="button"
                      onChange={(e) => {
                        const next = e.target.value as 'form' | 'list';
                        Modal.confirm({
                          title: t('common.tip'),
                          content: t('miniApp.print.typeChange'),
                          onOk: () => {
                            setBase({ ...base, templateType: next });
                            setDesign(defaultDesign(next, columns, design.pairs));
                            setDirty(true);
                          },
                        });
                      }}
                      options={[{ value: 'form', label: t('miniApp.print.type.form') }, { value: 'list', label: t('miniApp.print.type.list') }]}
                    />
                  </Form.Item>
                </Col>
                <Col span={14}>
                  <Form.Item label={t('miniApp.print.title')} tooltip={t('miniApp.print.titleHelp')}>
                    <Input value={design.title} placeholder={appName} maxLength={100} onChange={(e) => change({ title: e.target.value })} id="ma-print-title" />
                  </Form.Item>
                </Col>
                <Col span={10}>
                  <Form.Item label={t('miniApp.print.subtitle')}>
                    <Input value={design.subtitle} maxLength={200} onChange={(e) => change({ subtitle: e.target.value })} />
                  </Form.Item>
                </Col>
                <Col span={10}>
                  <Form.Item label={t('miniApp.print.orientation')}>
                    <Radio.Group
                      value={design.orientation}
                      optionType="button"
                      onChange={(e) => change({ orientation: e.target.value })}
                      options={[{ value: 'portrait', label: t('miniApp.print.portrait') }, { value: 'landscape', label: t('miniApp.print.landscape') }]}
                    />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item label={t('miniApp.print.fontSize')}>
                    <Select value={design.fontSize} onChange={(v) => change({ fontSize: v })} options={FONT_SIZES.map((n) => ({ value: n, label: `${n}px` }))} />
                  </Form.Item>
                </Col>
                {type === 'form' && (
                  <Col span={7}>
                    <Form.Item label={t('miniApp.print.pairs')} tooltip={t('miniApp.print.pairsHelp')}>
                      <InputNumber min={1} max={4} precision={0} value={design.pairs} onChange={(v) => change({ pairs: Math.min(4, Math.max(1, Number(v) || 1)) })} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                )}
                <Col span={8}>
                  <Form.Item label={t('miniApp.print.isCenter')}>
                    <Switch checked={base.isCenter === 'Y'} onChange={(v) => changeBase({ isCenter: v ? 'Y' : 'N' })} className="ma-print-center" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item label={t('miniApp.print.showFooter')} tooltip={t('miniApp.print.showFooterHelp')}>
                    <Switch checked={design.showFooter} onChange={(v) => change({ showFooter: v })} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item label={t('miniApp.design.common.status')}>
                    <Switch checked={(base.status ?? 1) === 1} onChange={(v) => changeBase({ status: v ? 1 : 0 })} checkedChildren={t('miniApp.design.common.enabled')} unCheckedChildren={t('miniApp.design.common.disabled')} />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          </Card>
          {unknownFields.length > 0 && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('miniApp.print.unknownFields', { fields: [...new Set(unknownFields)].join(', ') })} />}
          {type === 'form' ? (
            <>
              <Card
                size="small"
                title={t('miniApp.print.rows')}
                style={{ marginBottom: 12 }}
                extra={
                  <Tooltip title={t('miniApp.print.autoLayoutHelp')}>
                    <Button size="small" icon={<ThunderboltOutlined />} onClick={() => change({ rows: defaultDesign('form', columns, design.pairs).rows })} className="ma-print-auto">
                      {t('miniApp.print.autoLayout')}
                    </Button>
                  </Tooltip>
                }
              >
                {!design.rows.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('miniApp.print.noRows')} />}
                {design.rows.map((row, ri) => (
                  <div key={ri} className="ma-print-row" style={{ display: 'flex', gap: 6, alignItems: 'flex-start', padding: '6px 0', borderBottom: '1px dashed #eee' }}>
                    <Typography.Text type="secondary" style={{ width: 22, paddingTop: 4 }}>{ri + 1}</Typography.Text>
                    <div style={{ flex: 1, display: 'flex', flexWrap: 'wrap', gap: 6 }}>
                      {row.map((cell, ci) => (
                        <Space.Compact key={ci} size="small">
                          <Select
                            size="small"
                            style={{ width: 136 }}
                            value={cell.field}
                            status={labelOf(cell.field) ? undefined : 'error'}
                            showSearch
                            optionFilterProp="label"
                            options={fieldOptions}
                            onChange={(v) => setCell(ri, ci, { field: v })}
                          />
                          <Tooltip title={t('miniApp.print.span')}>
                            <InputNumber size="small" style={{ width: 46 }} min={1} max={design.pairs} precision={0} value={cell.span ?? 1} onChange={(v) => setCell(ri, ci, { span: Number(v) || 1 })} />
                          </Tooltip>
                          <Button size="small" icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => change({ rows: design.rows.map((r, i) => (i === ri ? r.filter((_, j) => j !== ci) : r)).filter((r) => r.length) })} />
                        </Space.Compact>
                      ))}
                      {row.length < design.pairs && (
                        <Button
                          size="small"
                          type="dashed"
                          icon={<PlusOutlined />}
                          onClick={() => {
                            const free = mains.find((c) => !used.has(c.prop)) ?? mains[0];
                            if (free) change({ rows: design.rows.map((r, i) => (i === ri ? [...r, { field: free.prop, span: 1 }] : r)) });
                          }}
                        >
                          {t('miniApp.print.addCell')}
                        </Button>
                      )}
                    </div>
                    <Space size={0}>
                      <OrderButtons list={design.rows} at={ri} onChange={(rows) => change({ rows })} />
                    </Space>
                  </div>
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  style={{ marginTop: 8 }}
                  disabled={!mains.length}
                  onClick={() => {
                    const free = mains.find((c) => !used.has(c.prop)) ?? mains[0];
                    change({ rows: [...design.rows, [{ field: free.prop, span: 1 }]] });
                  }}
                  className="ma-print-add-row"
                >
                  {t('miniApp.print.addRow')}
                </Button>
              </Card>
              {subs.length > 0 && (
                <Card size="small" title={t('miniApp.print.childTables')} style={{ marginBottom: 12 }}>
                  {subs.map((sub) => {
                    const block = design.children.find((b) => b.prop === sub.prop);
                    const subFields = (sub.children?.column ?? []).filter(isValueColumn);
                    return (
                      <div key={sub.prop} style={{ padding: '6px 0', borderBottom: '1px dashed #eee' }}>
                        <Checkbox
                          checked={!!block}
                          onChange={(e) => change({ children: e.target.checked ? [...design.children, { prop: sub.prop, title: '', fields: [] }] : design.children.filter((b) => b.prop !== sub.prop) })}
                        >
                          {sub.label || sub.prop}
                        </Checkbox>
                        {block && (
                          <Row gutter={8} style={{ marginTop: 6 }}>
                            <Col span={9}>
                              <Input size="small" placeholder={sub.label} value={block.title} onChange={(e) => change({ children: design.children.map((b) => (b.prop === sub.prop ? { ...b, title: e.target.value } : b)) })} addonBefore={t('miniApp.print.blockTitle')} />
                            </Col>
                            <Col span={15}>
                              <Select
                                size="small"
                                mode="multiple"
                                style={{ width: '100%' }}
                                placeholder={t('miniApp.print.allFields')}
                                value={block.fields}
                                options={subFields.map((c) => ({ value: c.prop, label: c.label || c.prop }))}
                                onChange={(v) => change({ children: design.children.map((b) => (b.prop === sub.prop ? { ...b, fields: v } : b)) })}
                              />
                            </Col>
                          </Row>
                        )}
                      </div>
                    );
                  })}
                </Card>
              )}
            </>
          ) : (
            <Card
              size="small"
              title={t('miniApp.print.listColumns')}
              extra={
                <Space>
                  <span>{t('miniApp.print.showIndex')}</span>
                  <Switch size="small" checked={design.showIndex} onChange={(v) => change({ showIndex: v })} />
                </Space>
              }
            >
              {design.columns.map((c, i) => (
                <div key={i} className="ma-print-col" style={{ display: 'flex', gap: 6, alignItems: 'center', padding: '4px 0' }}>
                  <Typography.Text type="secondary" style={{ width: 22 }}>{i + 1}</Typography.Text>
                  <Select size="small" style={{ flex: 1 }} showSearch optionFilterProp="label" value={c.field} status={labelOf(c.field) ? undefined : 'error'} options={fieldOptions} onChange={(v) => change({ columns: design.columns.map((x, j) => (j === i ? { ...x, field: v } : x)) })} />
                  <InputNumber
                    size="small"
                    style={{ width: 120 }}
                    min={5}
                    max={400}
                    precision={0}
                    value={c.width}
                    placeholder={t('miniApp.print.autoWidth')}
                    addonAfter="mm"
                    onChange={(v) => change({ columns: design.columns.map((x, j) => (j === i ? { field: x.field, ...(v ? { width: Number(v) } : {}) } : x)) })}
                  />
                  <OrderButtons list={design.columns} at={i} onChange={(columns) => change({ columns })} />
                </div>
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                disabled={!mains.length}
                onClick={() => {
                  const taken = new Set(design.columns.map((c) => c.field));
                  const free = mains.find((c) => !taken.has(c.prop)) ?? mains[0];
                  change({ columns: [...design.columns, { field: free.prop }] });
                }}
              >
                {t('miniApp.print.addColumn')}
              </Button>
            </Card>
          )}
        </Col>
        <Col xs={24} lg={13}>
          <Card size="small" title={t('miniApp.print.preview')} extra={source === 'real' && real && !real.length ? <Typography.Text type="warning">{t('miniApp.print.noRealData')}</Typography.Text> : null}>
            {html ? <PrintFrame html={html} height="calc(100vh - 190px)" /> : <Alert type="error" showIcon message={t('miniApp.print.configError')} />}
          </Card>
        </Col>
      </Row>
    </Drawer>
  );
}
