import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { ApiOutlined, MinusCircleOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../api/request';
import { thirdServiceConfigModel } from '@campus/schema';
import { ResourceList, type LoadedOption, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import i18n from '../../i18n';
import { callApi, internalHandlers, paramsOf, serviceAppOptions, serviceConfigApi, serviceConfigOptions, type ServiceConfig } from './api';
import { ParamsList } from './params';

type Row = Record<string, unknown>;
const is = (type: string) => (v: Row) => v.serviceType === type;
const external = is('external');

/** Required only when the return type is json or xml (002 §5); optional for str. */
const keyedRule = (msg: string): Rule => ({ getFieldValue }) => ({
  validator: async (_, value) => {
    if (getFieldValue('backDataType') !== 'str' && (value === undefined || value === null || String(value).trim() === '')) throw new Error(i18n.t(msg));
  },
});
const externalRequired = (msg: string): Rule => ({ getFieldValue }) => ({
  validator: async (_, value) => {
    if (getFieldValue('serviceType') === 'external' && !value) throw new Error(i18n.t(msg));
  },
});

/** className: one of the internal services the server registered. */
function HandlerSelect({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ name: string; description: string }[]>([]);
  useEffect(() => {
    void internalHandlers().then(setOptions);
  }, []);
  const lang = i18n.language === 'en' ? 1 : 0;
  return (
    <Select
      value={value as string | undefined}
      onChange={onChange}
      placeholder={t('thirdparty.classNamePlaceholder')}
      showSearch
      optionLabelProp="value"
      options={options.map((h) => ({
        value: h.name,
        label: (
          <div>
            <Typography.Text code>{h.name}</Typography.Text>
            <div className="text-secondary">{h.description.split(' / ')[lang] ?? h.description}</div>
          </div>
        ),
      }))}
    />
  );
}

const loadApps = async (): Promise<LoadedOption[]> => (await serviceAppOptions()).map((a) => ({ label: a.name, value: a.id }));
const loadConfigs = async (): Promise<LoadedOption[]> => (await serviceConfigOptions()).map((c) => ({ label: c.name, value: c.id }));

/** 调用测试: call variables in, the answer (or the refusal) out. */
function CallTest({ config, onClose }: { config: Row | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ vars: { key: string; value: string }[] }>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; ms: number } | null>(null);
  useEffect(() => {
    if (!config) return;
    setResult(null);
    const id = String(config.id);
    // variables the config reads: type 2 parameters and #{name} of its SQL
    void paramsOf(id).then((ps) => {
      const names = new Set(ps.filter((p) => Number(p.type) === 2).map((p) => String(p.paramValue || p.name)));
      for (const m of String(config.sqlContent ?? '').matchAll(/#\{(\w+)\}/g)) if (!['tenantId', 'userId', 'deptId', 'account'].includes(m[1])) names.add(m[1]);
      form.setFieldsValue({ vars: [...names].map((key) => ({ key, value: '' })) });
    });
  }, [config, form]);
  const run = async () => {
    const { vars = [] } = form.getFieldsValue();
    const q: Record<string, string> = {};
    for (const v of vars) if (v?.key) q[v.key] = v.value ?? '';
    setBusy(true);
    const started = performance.now();
    try {
      const data = await callApi(String(config!.id), q);
      setResult({ ok: true, text: typeof data === 'string' ? data : JSON.stringify(data, null, 2), ms: Math.round(performance.now() - started) });
    } catch (e) {
      setResult({ ok: false, text: e instanceof RequestError ? e.message : String(e), ms: Math.round(performance.now() - started) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!config}
      title={`${t('thirdparty.callTest')} · ${String(config?.name ?? '')}`}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>{t('common.close')}</Button>,
        <Button key="run" type="primary" icon={<ApiOutlined />} loading={busy} onClick={() => void run()}>{t('thirdparty.callRun')}</Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('thirdparty.callHelp')}</Typography.Paragraph>
      <Form form={form} layout="horizontal">
        <Form.List name="vars">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'key']} style={{ width: 200 }}><Input placeholder={t('thirdparty.varName')} /></Form.Item>
                  <Form.Item name={[f.name, 'value']} style={{ width: 380 }}><Input placeholder={t('thirdparty.varValue')} /></Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>{t('thirdparty.addVar')}</Button>
            </>
          )}
        </Form.List>
      </Form>
      {result && (
        <div style={{ marginTop: 16 }}>
          <Alert type={result.ok ? 'success' : 'error'} showIcon message={`${t(result.ok ? 'thirdparty.callOk' : 'thirdparty.callFailed')} · ${result.ms} ms`} />
          <pre className="detail-pre" style={{ maxHeight: 320, overflow: 'auto', marginTop: 8 }}>{result.text}</pre>
        </div>
      )}
    </Modal>
  );
}

/** 服务配置: internal / external / SQL services; parameters and the call test from each row. */
export default function ServiceConfigPage() {
  const { t } = useTranslation();
  const [apps, setApps] = useState<Record<string, string>>({});
  const [paramsFor, setParamsFor] = useState<Row | null>(null);
  const [testing, setTesting] = useState<Row | null>(null);
  useEffect(() => {
    void serviceAppOptions().then((list) => setApps(Object.fromEntries(list.map((a) => [a.id, a.name]))));
  }, []);
  const resource = useMemo<ResourceDescription<ServiceConfig>>(
    () => modelResource(thirdServiceConfigModel, serviceConfigApi, {
      title: 'thirdparty.configTitle',
      sort: { descs: 'create_time' },
      formWidth: 860,
      fields: {
        serviceType: { form: { default: 'external' } },
        serviceAuthId: {
          render: (r) => (r.serviceAuthId ? (apps[String(r.serviceAuthId)] ?? String(r.serviceAuthId)) : '-'),
          form: { type: 'select', loadOptions: loadApps, rules: [externalRequired('thirdparty.serviceAuthIdRequired')], help: 'thirdparty.serviceAuthIdHelp' },
        },
        beforeApiId: { form: { type: 'select', loadOptions: loadConfigs, help: 'thirdparty.beforeApiIdHelp' } },
        // internal
        className: { form: { type: 'custom', component: HandlerSelect, required: true, requiredMessage: 'thirdparty.classNameRequired', visible: is('internal'), dependencies: ['serviceType'] } },
        // sqlService
        dataSourceId: {
          options: [{ label: 'thirdparty.dataSourceMaster', value: 'master' }],
          form: { type: 'select', required: true, requiredMessage: 'thirdparty.dataSourceRequired', visible: is('sqlService'), dependencies: ['serviceType'], default: 'master', help: 'thirdparty.dataSourceHelp' },
        },
        sqlContent: { valueType: 'code', form: { required: true, requiredMessage: 'thirdparty.sqlRequired', visible: is('sqlService'), dependencies: ['serviceType'], help: 'thirdparty.sqlHelp' } },
        // external
        url: { form: { required: true, requiredMessage: 'thirdparty.urlRequired', visible: external, dependencies: ['serviceType'] } },
        requestType: { form: { required: true, requiredMessage: 'thirdparty.requestTypeRequired', default: 'GET', visible: external, dependencies: ['serviceType'] } },
        backDataType: { form: { required: true, requiredMessage: 'thirdparty.backDataTypeRequired', default: 'json', visible: external, dependencies: ['serviceType'] } },
        dataKey: { form: { visible: external, dependencies: ['serviceType', 'backDataType'], rules: [keyedRule('thirdparty.dataKeyRequired')] } },
        successKey: { form: { visible: external, dependencies: ['serviceType', 'backDataType'], rules: [keyedRule('thirdparty.successKeyRequired')] } },
        successValue: { form: { visible: external, dependencies: ['serviceType', 'backDataType'], rules: [keyedRule('thirdparty.successValueRequired')] } },
        cacheKey: { form: { visible: external, dependencies: ['serviceType'], help: 'thirdparty.cacheKeyHelp' } },
        validityKey: { form: { visible: external, dependencies: ['serviceType'], help: 'thirdparty.validityKeyHelp' } },
        validityUnit: { form: { default: 'second', visible: external, dependencies: ['serviceType'] } },
      },
      append: [{ title: 'thirdparty.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 }],
      extraActions: [
        { key: 'params', label: 'thirdparty.params', permission: 'thirdConfig_params', placement: 'row', icon: <UnorderedListOutlined />, visible: (r) => r.serviceType !== 'internal', onClick: ({ row }) => setParamsFor(row!) },
        { key: 'call', label: 'thirdparty.callTest', permission: 'thirdConfig_call', placement: 'row', icon: <ApiOutlined />, onClick: ({ row }) => setTesting(row!) },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apps, i18n.language],
  );
  return (
    <>
      <ResourceList resource={resource} />
      <Drawer
        open={!!paramsFor}
        onClose={() => setParamsFor(null)}
        width={1100}
        destroyOnHidden
        title={`${t('thirdparty.params')} · ${String(paramsFor?.name ?? '')}`}
      >
        {paramsFor && <ParamsList config={paramsFor} />}
      </Drawer>
      <CallTest config={testing} onClose={() => setTesting(null)} />
    </>
  );
}
