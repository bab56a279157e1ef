// Settings of the chosen field: label, prop (a unique field name), width, required, pattern rules,
// placeholder, default value (with ${...} templates), disabled, options from a dictionary or a
// static list, and the settings of its type (number bounds, upload limits, region depth …).
import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Dropdown, Empty, Form, Input, InputNumber, Popover, Segmented, Select, Slider, Space, Switch, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dictionary } from '../../api/admin';
import { loadDicUrl, safeDicUrl } from '../workflow/dic-url';
import { FULL_WIDTH_TYPES, LAYOUT_TYPES, OPTION_TYPES, PROP_PATTERN, dictOfDicUrl, sourceOfDicUrl, typeOf, type DicItem, type FormRule } from '../workflow/form-schema';
import { TEMPLATE_NAMES } from '../workflow/form-template';
import type { DesignColumn } from './palette';
import { InsertVariable } from './FormSets';
import type { VariableRow } from '../../pages/workflow/design/sets/api';

/** Common patterns offered with their messages. */
const PRESETS: { key: string; pattern: string }[] = [
  { key: 'mobile', pattern: '^1[3-9]\\d{9}$' },
  { key: 'email', pattern: '^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$' },
  { key: 'idCard', pattern: '^\\d{17}[\\dXx]$' },
  { key: 'integer', pattern: '^-?\\d+$' },
  { key: 'url', pattern: '^https?://\\S+$' },
];

function TemplateHelp() {
  const { t } = useTranslation();
  return (
    <Popover
      title={t('fd.prop.templates')}
      content={
        <div className="fd-template-help">
          <Typography.Paragraph type="secondary" style={{ maxWidth: 320 }}>
            {t('fd.prop.templatesHelp')}
          </Typography.Paragraph>
          <Space size={[4, 6]} wrap style={{ maxWidth: 340 }}>
            {TEMPLATE_NAMES.map((n) => (
              <Tag key={n}>{n}</Tag>
            ))}
          </Space>
        </div>
      }
    >
      <QuestionCircleOutlined className="fd-help-icon" />
    </Popover>
  );
}

function DictPreview({ code }: { code: string }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<DicItem[] | null>(null);
  useEffect(() => {
    if (!code) {
      setItems(null);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      dictionary(code).then(
        (r) => live && setItems((r ?? []).map((i) => ({ label: i.dictValue, value: i.dictKey }))),
        () => live && setItems([]),
      );
    }, 300);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [code]);
  if (!code || items === null) return null;
  if (!items.length) return <Alert type="warning" showIcon message={t('fd.prop.dictEmpty', { code })} className="fd-dict-empty" />;
  return (
    <Space size={[4, 6]} wrap className="fd-dict-items">
      {items.map((i) => (
        <Tag key={String(i.value)} color="blue">
          {i.label} <Typography.Text type="secondary">{String(i.value)}</Typography.Text>
        </Tag>
      ))}
    </Space>
  );
}

function UrlPreview({ url }: { url: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ items: DicItem[] } | { error: string } | null>(null);
  useEffect(() => {
    setState(null);
    if (!url) return;
    let live = true;
    const timer = window.setTimeout(() => {
      loadDicUrl(url).then(
        (items) => live && setState({ items }),
        (e: unknown) => live && setState({ error: e instanceof Error ? e.message : String(e) }),
      );
    }, 400);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [url]);
  if (!url || !state) return null;
  if ('error' in state) return <Alert type="error" showIcon message={t('fd.prop.dicUrlFailed', { msg: state.error })} />;
  if (!state.items.length) return <Alert type="warning" showIcon message={t('fd.prop.dicUrlEmpty')} />;
  return (
    <Space size={[4, 6]} wrap className="fd-dict-items">
      {state.items.slice(0, 50).map((i) => (
        <Tag key={String(i.value)} color="blue">
          {i.label} <Typography.Text type="secondary">{String(i.value)}</Typography.Text>
        </Tag>
      ))}
      {state.items.length > 50 && <Typography.Text type="secondary">+{state.items.length - 50}</Typography.Text>}
    </Space>
  );
}

function OptionsEditor({ column: c, onChange }: { column: DesignColumn; onChange: (patch: Partial<DesignColumn>) => void }) {
  const { t } = useTranslation();
  const source = c.dicUrl !== undefined ? 'url' : c.dicCode !== undefined ? 'dict' : 'static';
  // only the platform's dictionary addresses: the server checks every value against the dictionary they name
  const urlBad = !!c.dicUrl && !(safeDicUrl(c.dicUrl) && (dictOfDicUrl(c.dicUrl) || sourceOfDicUrl(c.dicUrl))); // a source's: micro-app forms only (their save checks)
  const list = c.dicData ?? [];
  const setItem = (i: number, patch: Partial<DicItem>) => onChange({ dicData: list.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  return (
    <>
      <Form.Item label={t('fd.prop.optionSource')}>
        <Segmented
          block
          aria-label={t('fd.prop.optionSource')}
          value={source}
          options={[
            { label: t('fd.prop.static'), value: 'static' },
            { label: t('fd.prop.dict'), value: 'dict' },
            { label: t('fd.prop.url'), value: 'url' },
          ]}
          onChange={(v) =>
            v === 'dict' ? onChange({ dicCode: '', dicUrl: undefined })
              : v === 'url' ? onChange({ dicUrl: '', dicCode: undefined })
                : onChange({ dicCode: undefined, dicUrl: undefined, dicData: list.length ? list : [{ label: '1', value: '1' }] })}
          className="fd-option-source"
        />
      </Form.Item>
      {source === 'url' ? (
        <Form.Item
          label={t('fd.prop.dicUrl')}
          required
          validateStatus={c.dicUrl && !urlBad ? undefined : 'error'}
          help={!c.dicUrl ? t('fd.prop.dicUrlRequired') : urlBad ? t('fd.prop.dicUrlInvalid') : undefined}
          extra={t('fd.prop.dicUrlHelp')}
        >
          <Input id="fd-dic-url" value={c.dicUrl} placeholder="/api/blade-system/dict-biz/dictionary?code=" onChange={(e) => onChange({ dicUrl: e.target.value.trim() })} />
          <div style={{ marginTop: 8 }}>
            <UrlPreview url={urlBad ? '' : (c.dicUrl ?? '')} />
          </div>
        </Form.Item>
      ) : source === 'dict' ? (
        <Form.Item label={t('fd.prop.dictCode')} required validateStatus={c.dicCode ? undefined : 'error'} help={c.dicCode ? undefined : t('fd.prop.dictCodeRequired')}>
          <Input id="fd-dict-code" value={c.dicCode} placeholder="sex" onChange={(e) => onChange({ dicCode: e.target.value.trim() })} />
          <div style={{ marginTop: 8 }}>
            <DictPreview code={c.dicCode ?? ''} />
          </div>
        </Form.Item>
      ) : (
        <Form.Item label={t('fd.prop.options')}>
          <div className="fd-options">
            {list.map((o, i) => (
              <Space.Compact key={i} block className="fd-option-row">
                <Input value={o.label} placeholder={t('fd.prop.optionLabel')} onChange={(e) => setItem(i, { label: e.target.value })} />
                <Input value={String(o.value)} placeholder={t('fd.prop.optionValue')} onChange={(e) => setItem(i, { value: e.target.value })} style={{ width: '42%' }} />
                <Button icon={<DeleteOutlined />} onClick={() => onChange({ dicData: list.filter((_x, j) => j !== i) })} aria-label={t('common.delete')} />
              </Space.Compact>
            ))}
            <Button block type="dashed" size="small" icon={<PlusOutlined />} onClick={() => onChange({ dicData: [...list, { label: `${t('fd.prop.option')} ${list.length + 1}`, value: String(list.length + 1) }] })}>
              {t('fd.prop.addOption')}
            </Button>
          </div>
        </Form.Item>
      )}
    </>
  );
}

function RulesEditor({ rules, onChange }: { rules: FormRule[]; onChange: (rules: FormRule[]) => void }) {
  const { t } = useTranslation();
  const valid = (p?: string) => {
    if (!p) return true;
    try {
      new RegExp(p);
      return true;
    } catch {
      return false;
    }
  };
  return (
    <div className="fd-rules">
      {rules.map((r, i) => (
        <div key={i} className="fd-rule">
          <Form.Item validateStatus={valid(r.pattern) ? undefined : 'error'} help={valid(r.pattern) ? undefined : t('fd.prop.patternInvalid')} style={{ marginBottom: 4 }}>
            <Space.Compact block>
              <Input className="fd-rule-pattern" value={r.pattern} placeholder={t('fd.prop.pattern')} onChange={(e) => onChange(rules.map((x, j) => (j === i ? { ...x, pattern: e.target.value } : x)))} />
              <Button icon={<DeleteOutlined />} onClick={() => onChange(rules.filter((_x, j) => j !== i))} aria-label={t('common.delete')} />
            </Space.Compact>
          </Form.Item>
          <Input className="fd-rule-message" size="small" value={r.message} placeholder={t('fd.prop.patternMessage')} onChange={(e) => onChange(rules.map((x, j) => (j === i ? { ...x, message: e.target.value } : x)))} />
        </div>
      ))}
      <Space.Compact block>
        <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => onChange([...rules, { pattern: '' }])} style={{ flex: 1 }} className="fd-add-rule">
          {t('fd.prop.addRule')}
        </Button>
        <Dropdown
          menu={{
            items: PRESETS.map((p) => ({ key: p.key, label: t(`fd.preset.${p.key}`) })),
            onClick: ({ key }) => {
              const p = PRESETS.find((x) => x.key === key)!;
              onChange([...rules, { pattern: p.pattern, message: t(`fd.preset.${p.key}Message`) }]);
            },
          }}
        >
          <Button type="dashed" size="small">
            {t('fd.prop.presets')}
          </Button>
        </Dropdown>
      </Space.Compact>
    </div>
  );
}

function DefaultValue({ column: c, onChange, variables, onInsertVariable }: { column: DesignColumn; onChange: (patch: Partial<DesignColumn>) => void; variables: VariableRow[]; onInsertVariable?: (v: VariableRow) => void }) {
  const { t } = useTranslation();
  const type = typeOf(c);
  const label = (
    <span>
      {t('fd.prop.value')} <TemplateHelp />
    </span>
  );
  if (type === 'number') {
    return (
      <Form.Item label={t('fd.prop.value')}>
        <InputNumber style={{ width: '100%' }} value={c.value as number} onChange={(v) => onChange({ value: v ?? undefined })} />
      </Form.Item>
    );
  }
  if (type === 'switch') {
    return (
      <Form.Item label={t('fd.prop.value')}>
        <Switch checked={!!c.value} onChange={(v) => onChange({ value: v })} />
      </Form.Item>
    );
  }
  if (OPTION_TYPES.has(type) && !c.dicCode && c.dicUrl === undefined) {
    const many = type === 'checkbox' || !!c.multiple;
    return (
      <Form.Item label={t('fd.prop.value')}>
        <Select
          allowClear
          mode={many ? 'multiple' : undefined}
          options={(c.dicData ?? []).map((o) => ({ label: o.label, value: o.value }))}
          value={many ? (Array.isArray(c.value) ? c.value : []) : (c.value as string)}
          onChange={(v) => onChange({ value: Array.isArray(v) && !v.length ? undefined : v })}
        />
      </Form.Item>
    );
  }
  if (['upload', 'richtext', 'signature', 'dynamic', 'region', 'daterange', 'divider'].includes(type)) return null;
  const hint = type === 'date' ? '${date}' : type === 'datetime' ? '${datetime}' : type === 'time' ? '${time}' : type === 'user' ? '${user.id}' : type === 'dept' ? '${user.deptId}' : '${user.realName}';
  return (
    <Form.Item label={label} extra={t('fd.prop.valueHelp', { example: hint })}>
      <Input id="fd-default-value" value={c.value === undefined || c.value === null ? '' : String(c.value)} placeholder={hint} onChange={(e) => onChange({ value: e.target.value || undefined })} />
      {onInsertVariable && (
        <div className="fd-variable-bar">
          <InsertVariable variables={variables} onInsert={onInsertVariable} />
        </div>
      )}
    </Form.Item>
  );
}

export function FieldProps({
  column: c,
  siblings,
  inSubTable,
  onChange,
  variables = [],
  onInsertVariable,
}: {
  column: DesignColumn;
  /** the tenant's form variables (表单变量) a default value may insert as ${prop} */
  variables?: VariableRow[];
  onInsertVariable?: (v: VariableRow) => void;
  /** props of the other fields at the same level */
  siblings: Set<string>;
  inSubTable: boolean;
  onChange: (patch: Partial<DesignColumn>) => void;
}) {
  const { t } = useTranslation();
  const type = typeOf(c);
  const propError = !c.prop ? t('fd.prop.propRequired') : !PROP_PATTERN.test(c.prop) ? t('fd.prop.propInvalid') : siblings.has(c.prop) ? t('fd.prop.propDuplicate', { prop: c.prop }) : undefined;
  const layout = LAYOUT_TYPES.has(type);
  return (
    <Form layout="vertical" size="small" className="fd-props" key={c.$key}>
      <Form.Item label={t('fd.prop.type')}>
        <Tag color="geekblue">{t(`fd.type.${type}`, { defaultValue: type })}</Tag>
      </Form.Item>
      <Form.Item label={t('fd.prop.label')} required validateStatus={c.label ? undefined : 'error'} help={c.label ? undefined : t('fd.prop.labelRequired')}>
        <Input id="fd-prop-label" value={c.label} onChange={(e) => onChange({ label: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('fd.prop.prop')} required validateStatus={propError ? 'error' : undefined} help={propError} extra={propError ? undefined : t('fd.prop.propHelp')}>
        <Input id="fd-prop-prop" value={c.prop} onChange={(e) => onChange({ prop: e.target.value.trim() })} />
      </Form.Item>
      {!layout && !inSubTable && !FULL_WIDTH_TYPES.has(type) && (
        <Form.Item label={t('fd.prop.span')}>
          <Slider min={4} max={24} step={1} marks={{ 6: '1/4', 12: '1/2', 18: '3/4', 24: '1' }} value={c.span ?? 12} onChange={(v) => onChange({ span: v })} />
        </Form.Item>
      )}
      {!layout && (
        <>
          <Space size="large" wrap>
            <Form.Item label={t('fd.prop.required')}>
              <Switch id="fd-prop-required" checked={!!c.required} onChange={(v) => onChange({ required: v })} />
            </Form.Item>
            <Form.Item label={t('fd.prop.disabled')}>
              <Switch checked={!!c.disabled} onChange={(v) => onChange({ disabled: v || undefined })} />
            </Form.Item>
            {['select', 'user', 'dept'].includes(type) && (
              <Form.Item label={t('fd.prop.multiple')}>
                <Switch checked={!!c.multiple} onChange={(v) => onChange({ multiple: v, value: undefined })} />
              </Form.Item>
            )}
          </Space>
          {!['switch', 'radio', 'checkbox', 'upload', 'signature', 'dynamic', 'richtext', 'daterange'].includes(type) && (
            <Form.Item label={t('fd.prop.placeholder')}>
              <Input value={c.placeholder} onChange={(e) => onChange({ placeholder: e.target.value || undefined })} />
            </Form.Item>
          )}
          {OPTION_TYPES.has(type) && <OptionsEditor column={c} onChange={onChange} />}
          <DefaultValue column={c} onChange={onChange} variables={variables} onInsertVariable={onInsertVariable} />
          {type === 'number' && (
            <Space wrap>
              <Form.Item label={t('fd.prop.min')}>
                <InputNumber value={c.min} onChange={(v) => onChange({ min: v ?? undefined })} />
              </Form.Item>
              <Form.Item label={t('fd.prop.max')}>
                <InputNumber value={c.max} onChange={(v) => onChange({ max: v ?? undefined })} />
              </Form.Item>
              <Form.Item label={t('fd.prop.precision')}>
                <InputNumber min={0} max={10} value={c.precision} onChange={(v) => onChange({ precision: v ?? undefined })} />
              </Form.Item>
            </Space>
          )}
          {(type === 'input' || type === 'textarea') && (
            <Space wrap>
              <Form.Item label={t('fd.prop.maxlength')}>
                <InputNumber min={1} max={100000} value={c.maxlength} onChange={(v) => onChange({ maxlength: v ?? undefined })} />
              </Form.Item>
              {type === 'textarea' && (
                <Form.Item label={t('fd.prop.minRows')}>
                  <InputNumber min={1} max={30} value={c.minRows} onChange={(v) => onChange({ minRows: v ?? undefined })} />
                </Form.Item>
              )}
            </Space>
          )}
          {type === 'upload' && (
            <>
              <Form.Item label={t('fd.prop.uploadType')}>
                <Segmented
                  block
                  aria-label={t('fd.prop.uploadType')}
                  value={c.uploadType ?? 'file'}
                  options={[
                    { label: t('fd.prop.uploadFile'), value: 'file' },
                    { label: t('fd.prop.uploadImage'), value: 'image' },
                  ]}
                  onChange={(v) => onChange({ uploadType: v as 'file' | 'image' })}
                />
              </Form.Item>
              <Space wrap>
                <Form.Item label={t('fd.prop.limit')}>
                  <InputNumber min={1} max={50} value={c.limit} onChange={(v) => onChange({ limit: v ?? undefined })} />
                </Form.Item>
                <Form.Item label={t('fd.prop.fileSize')}>
                  <InputNumber min={1} max={1024} value={c.fileSize} addonAfter="MB" onChange={(v) => onChange({ fileSize: v ?? undefined })} />
                </Form.Item>
              </Space>
              <Form.Item label={t('fd.prop.accept')} extra={t('fd.prop.acceptHelp')}>
                <Input value={c.accept} placeholder=".pdf,.docx,image/*" onChange={(e) => onChange({ accept: e.target.value.trim() || undefined })} />
              </Form.Item>
            </>
          )}
          {type === 'region' && (
            <Form.Item label={t('fd.prop.levels')}>
              <Segmented
                block
                aria-label={t('fd.prop.levels')}
                value={c.levels ?? 3}
                options={[
                  { label: t('fd.prop.level1'), value: 1 },
                  { label: t('fd.prop.level2'), value: 2 },
                  { label: t('fd.prop.level3'), value: 3 },
                ]}
                onChange={(v) => onChange({ levels: v as 1 | 2 | 3 })}
              />
            </Form.Item>
          )}
          {type === 'dynamic' && <Alert type="info" showIcon message={t('fd.prop.dynamicHelp')} style={{ marginBottom: 12 }} />}
          {type !== 'dynamic' && (
            <>
              <Divider plain orientation="left" style={{ margin: '4px 0 12px' }}>
                {t('fd.prop.rules')}
              </Divider>
              <RulesEditor rules={c.rules ?? (c.pattern ? [{ pattern: c.pattern }] : [])} onChange={(rules) => onChange({ rules, pattern: undefined })} />
            </>
          )}
          <Form.Item label={t('fd.prop.tip')} style={{ marginTop: 12 }}>
            <Input value={c.tip} onChange={(e) => onChange({ tip: e.target.value || undefined })} />
          </Form.Item>
        </>
      )}
    </Form>
  );
}

export function NoSelection() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fd.prop.none')} />;
}
