// 数据源 of an app (contract "App settings" of issue 15; /api/appDataSource/appDataSource): option
// sources of the app, their options read through /api/appDataSource/appDataSource/options?id=<id>,
// the 字典地址 (dicUrl) a select / radio / checkbox field of the app's form takes (every source type;
// the server checks a record's value against what the source answers). A source is a system dictionary, one SELECT
// answering the columns label and value (run by the server's user-SQL executor only), or the values
// of a field of another app. 预览 asks the server what the source would answer before it is saved.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import { Alert, AutoComplete, Button, Col, Form, Input, Modal, Radio, Row as GridRow, Select, Space, Table, Typography, message } from 'antd';
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { appDataSourceModel } from '@campus/schema';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { http, RequestError } from '../../../api/request';
import { appInfoApi, queryAppModelFields } from '../api';
import { useMiniApp } from '../context';
import { mLabel, mRequired, mInvalid } from '../shell/modelText';
import { dictionaryOptions } from '../api';
import { dataSourceApi, dicUrlOf, optionsUrl, previewDataSource, submitDataSource, type DataSourceRow, type OptionItem, type SourceType } from './api';

type Row = Record<string, unknown>;
const FIELD_RE = /^[a-z][a-zA-Z0-9]{0,39}$/;
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const errorText = (e: unknown, fallback: string) => (e instanceof RequestError || e instanceof Error ? e.message : fallback);

/** The options a preview answered, in a small table. */
function OptionsTable({ items }: { items: OptionItem[] }) {
  const { t } = useTranslation();
  return (
    <Table<OptionItem>
      size="small"
      rowKey={(r, i) => `${r.value}:${i}`}
      dataSource={items}
      pagination={items.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
      columns={[
        { title: t('miniApp.settings.source.optionLabel'), dataIndex: 'label' },
        { title: t('miniApp.settings.source.optionValue'), dataIndex: 'value', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
      ]}
      locale={{ emptyText: t('miniApp.settings.source.previewEmpty') }}
    />
  );
}

function SourceForm({ appId, editing, onClose, onSaved }: { appId: string; editing: Partial<DataSourceRow>; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DataSourceRow>();
  const type = (Form.useWatch('sourceType', form) ?? editing.sourceType ?? 'dict') as SourceType;
  const refAppId = Form.useWatch('refAppId', form) as string | undefined;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<OptionItem[] | null>(null);
  const [busy, setBusy] = useState<'save' | 'preview' | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // what the server answered shows where the eye is (the dialog's body may scroll)
  useEffect(() => { if (refusal || preview) resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }); }, [refusal, preview]);
  const dicts = useQuery({ queryKey: ['miniApp', 'dictionaries'], queryFn: dictionaryOptions, enabled: type === 'dict', staleTime: 60_000 });
  const apps = useQuery({
    queryKey: ['miniApp', 'settings', 'apps'], enabled: type === 'app', staleTime: 60_000,
    queryFn: () => appInfoApi.list({ current: 1, size: 200 }).then((p) => (p?.records ?? []).map((a) => ({ label: a.appName, value: String(a.id) }))),
  });
  const fields = useQuery({
    queryKey: ['miniApp', 'settings', 'fields', refAppId], enabled: type === 'app' && !!refAppId, retry: false, staleTime: 60_000,
    queryFn: () => queryAppModelFields(refAppId!).then((r) => (r?.column ?? []).filter((c) => c.type !== 'dynamic' && c.prop).map((c) => ({ label: `${c.label ?? c.prop} (${c.prop})`, value: c.prop }))),
  });
  const body = (v: DataSourceRow): Partial<DataSourceRow> => ({
    ...v, appId, id: editing.id,
    sourceName: (v.sourceName ?? '').trim(),
    dictCode: v.sourceType === 'dict' ? v.dictCode : null,
    sqlContent: v.sourceType === 'sql' ? v.sqlContent : null,
    refAppId: v.sourceType === 'app' ? v.refAppId : null,
    refField: v.sourceType === 'app' ? (v.refField ?? '').trim() : null,
  });
  const run = async (what: 'save' | 'preview') => {
    setRefusal(null);
    const v = await form.validateFields(what === 'preview' ? ['sourceType', 'dictCode', 'sqlContent', 'refAppId', 'refField'] : undefined).catch(() => null);
    if (!v) return;
    const all = { ...form.getFieldsValue(true), ...v } as DataSourceRow;
    setBusy(what);
    try {
      if (what === 'preview') {
        setPreview(await previewDataSource({ ...body(all), sourceName: all.sourceName?.trim() || '-' }));
      } else {
        await submitDataSource(body(all));
        message.success(t('common.success'));
        onSaved();
      }
    } catch (e) {
      setRefusal(errorText(e, t('common.unknownError')));
      if (what === 'preview') setPreview(null);
    } finally {
      setBusy(null);
    }
  };
  const f = (n: string) => mLabel(appDataSourceModel, n);
  return (
    <Modal
      open
      width={720}
      title={t(editing.id ? 'miniApp.settings.source.edit' : 'miniApp.settings.source.add')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button icon={<EyeOutlined />} loading={busy === 'preview'} disabled={!!busy} onClick={() => void run('preview')} data-testid="source-preview">{t('miniApp.settings.source.preview')}</Button>
          <Button type="primary" loading={busy === 'save'} disabled={!!busy} onClick={() => void run('save')} data-testid="source-save">{t('common.save')}</Button>
        </Space>
      }
    >
      <Form<DataSourceRow>
        form={form}
        layout="vertical"
        initialValues={{ sourceType: 'dict', ...editing }}
        onValuesChange={() => { setRefusal(null); }}
      >
        <GridRow gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="sourceName" label={f('sourceName')} rules={[{ required: true, whitespace: true, message: mRequired(appDataSourceModel, 'sourceName') }, { max: 64, message: t('miniApp.settings.tooLong', { n: 64 }) }]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sourceType" label={f('sourceType')} rules={[{ required: true, message: mRequired(appDataSourceModel, 'sourceType') }]}>
              <Radio.Group optionType="button" onChange={() => setPreview(null)} options={(['dict', 'sql', 'app'] as const).map((v) => ({ value: v, label: t(`miniApp.settings.source.type.${v}`) }))} />
            </Form.Item>
          </Col>
        </GridRow>
        {type === 'dict' && (
          <Form.Item name="dictCode" label={f('dictCode')} rules={[{ required: true, message: t('miniApp.settings.source.dictRequired') }]} extra={t('miniApp.settings.source.dictHelp')}>
            <Select showSearch optionFilterProp="label" loading={dicts.isLoading} options={dicts.data ?? []} placeholder={t('miniApp.settings.source.dictPlaceholder')} />
          </Form.Item>
        )}
        {type === 'sql' && (
          <Form.Item name="sqlContent" label={f('sqlContent')} rules={[{ required: true, whitespace: true, message: t('miniApp.settings.source.sqlRequired') }, { max: 20000, message: t('miniApp.settings.tooLong', { n: 20000 }) }]}
            extra={t('miniApp.settings.source.sqlHelp')}>
            <Input.TextArea rows={7} spellCheck={false} style={MONO} placeholder="SELECT dept_name AS label, id AS value FROM blade_dept" />
          </Form.Item>
        )}
        {type === 'app' && (
          <>
            <Form.Item name="refAppId" label={f('refAppId')} rules={[{ required: true, message: t('miniApp.settings.source.refAppRequired') }]}>
              <Select showSearch optionFilterProp="label" loading={apps.isLoading} options={apps.data ?? []} placeholder={t('miniApp.settings.source.refAppPlaceholder')}
                onChange={() => { form.setFieldValue('refField', undefined); setPreview(null); }} />
            </Form.Item>
            <Form.Item name="refField" label={f('refField')} extra={fields.error ? t('miniApp.settings.source.fieldsUnknown') : t('miniApp.settings.source.refFieldHelp')}
              rules={[{ required: true, whitespace: true, message: t('miniApp.settings.source.refFieldRequired') }, { pattern: FIELD_RE, message: mInvalid(appDataSourceModel, 'refField') }]}>
              <AutoComplete options={fields.data ?? []} disabled={!refAppId} filterOption={(input, o) => String(o?.label ?? '').toLowerCase().includes(input.toLowerCase())}
                placeholder={t('miniApp.settings.source.refFieldPlaceholder')} />
            </Form.Item>
          </>
        )}
        <div ref={resultRef}>
          {refusal && <Alert type="error" showIcon message={t('miniApp.settings.source.refused')} description={refusal} style={{ marginBottom: 16 }} data-testid="source-refusal" />}
          {preview && (
            <div data-testid="source-preview-table" style={{ marginBottom: 16 }}>
              <Typography.Text strong>{t('miniApp.settings.source.previewTitle', { n: preview.length })}</Typography.Text>
              <OptionsTable items={preview} />
            </div>
          )}
        </div>
        <Form.Item name="remark" label={f('remark')} rules={[{ max: 500, message: t('miniApp.settings.tooLong', { n: 500 }) }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function DataSourceManage() {
  const { t } = useTranslation();
  const app = useMiniApp();
  const appId = app.params.appId;
  const manager = !!app.permission?.manager;
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<Partial<DataSourceRow> | null>(null);
  const [viewing, setViewing] = useState<{ name: string; items: OptionItem[] } | null>(null);
  const resource = useMemo(() => modelResource<DataSourceRow>(appDataSourceModel, dataSourceApi, {
    title: 'miniApp.settings.source.title',
    readOnly: true,
    hideView: true,
    permissions: {},
    params: { appId },
    fields: {
      appId: { search: undefined },
      sqlContent: { hideInTable: true },
    },
    append: [{
      title: 'miniApp.settings.source.dicUrl', dataIndex: 'id', width: 500,
      render: (row: Row) => {
        const url = dicUrlOf(row);
        return url
          ? <Typography.Text code style={{ whiteSpace: 'nowrap' }} copyable={{ text: url, tooltips: [t('miniApp.settings.source.copy'), t('miniApp.settings.source.copied')] }}>{url}</Typography.Text>
          : <Typography.Text type="secondary">{t('miniApp.settings.source.noDicUrl')}</Typography.Text>;
      },
    }],
    extraActions: [
      ...(manager ? [{ key: 'add', label: 'common.add', placement: 'toolbar' as const, icon: <PlusOutlined />, onClick: () => setEditing({ sourceType: 'dict' as const }) }] : []),
      {
        key: 'options', label: 'miniApp.settings.source.options', placement: 'row',
        onClick: async ({ row }) => {
          try {
            const items = await http.get<OptionItem[]>(optionsUrl(String(row!.id)));
            setViewing({ name: String(row!.sourceName), items: items ?? [] });
          } catch { /* the toast said why */ }
        },
      },
      ...(manager ? [
        { key: 'edit', label: 'common.edit', placement: 'row' as const, onClick: async ({ row }: { row?: Row }) => { const d = await dataSourceApi.detail(String(row!.id)); if (d) setEditing({ ...d, id: String(d.id) }); } },
        {
          key: 'remove', label: 'common.delete', placement: 'row' as const, danger: true, confirm: 'miniApp.settings.source.removeConfirm',
          onClick: async ({ row, reload }: { row?: Row; reload(): void }) => { await dataSourceApi.remove([String(row!.id)]); message.success(t('common.success')); reload(); },
        },
      ] : []),
    ],
  }), [appId, manager, t]);
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('miniApp.settings.source.help')} />
      <ResourceList resource={resource} actionRef={actionRef} />
      {editing && (
        <SourceForm appId={appId} editing={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); actionRef.current?.reload(); }} />
      )}
      <Modal open={!!viewing} title={t('miniApp.settings.source.optionsOf', { name: viewing?.name ?? '' })} onCancel={() => setViewing(null)} footer={<Button onClick={() => setViewing(null)}>{t('common.close')}</Button>} width={560} destroyOnHidden>
        {viewing && <OptionsTable items={viewing.items} />}
      </Modal>
    </>
  );
}
