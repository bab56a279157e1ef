// 门户配置 (/portalManage/config, portal_config): the site settings the portal reads
// (PORTAL_CONFIG_KEYS — openPortal and the mourning mode as switches, names, logo, hero texts,
// footer, contact) in one form, saved as one row per key; below it every row of the tenant as the
// plain list (keys of one's own included).
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Radio, Row, Space, Spin, Switch, Typography, message } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PORTAL_CONFIG_KEYS, portalConfigModel } from '@campus/schema';
import i18n from '../../../i18n';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { usePermission } from '../../../components/Permitted';
import { allOf, configApi, type PortalConfig } from './api';
import { ImageUpload } from './fields/ImageUpload';
import './manage.css';

type Key = (typeof PORTAL_CONFIG_KEYS)[number];
interface FooterLink { name: string; nameEn?: string; url: string }
type Values = Partial<Record<Key, string>> & { openPortalOn?: boolean; mourningOn?: boolean; links?: FooterLink[] };
const LINK_RE = /^(https?:\/\/\S+|\/\S*)$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function toValues(rows: PortalConfig[]): Values {
  const by = new Map(rows.map((r) => [r.configKey, r.configValue ?? '']));
  const v: Values = {};
  for (const k of PORTAL_CONFIG_KEYS) v[k] = by.get(k) ?? '';
  v.openPortalOn = by.get('openPortal') === '1';
  v.mourningOn = by.get('subjectPattern') === '2';
  v.menuPattern = by.get('menuPattern') || '1';
  try {
    const links = JSON.parse(by.get('footerLinks') || '[]') as FooterLink[];
    v.links = Array.isArray(links) ? links : [];
  } catch {
    v.links = [];
  }
  return v;
}

function fromValues(v: Values): Record<Key, string> {
  const out = {} as Record<Key, string>;
  for (const k of PORTAL_CONFIG_KEYS) out[k] = String(v[k] ?? '').trim();
  out.openPortal = v.openPortalOn ? '1' : '0';
  out.subjectPattern = v.mourningOn ? '2' : '1';
  out.menuPattern = String(v.menuPattern || '1');
  const links = (v.links ?? []).filter((l) => l?.name?.trim() && l?.url?.trim()).map((l) => ({ name: l.name.trim(), nameEn: l.nameEn?.trim() || '', url: l.url.trim() }));
  out.footerLinks = links.length ? JSON.stringify(links) : '';
  return out;
}

export default function PortalConfigPage() {
  const actionRef = useRef<ActionType>(null);
  const [resource] = useState(() => modelResource<PortalConfig>(portalConfigModel, configApi, { fields: { configValue: { width: 320 } } }));
  return (
    <div className="pm-page pm-config" data-testid="pm-config">
      <SiteSettings onSaved={() => actionRef.current?.reload()} />
      <ResourceList resource={{ ...resource, title: 'portalManage.config.allRows' }} actionRef={actionRef} />
    </div>
  );
}

function SiteSettings({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const mayEdit = usePermission('portal_config_edit');
  const mayAdd = usePermission('portal_config_add');
  const [saving, setSaving] = useState(false);
  const rows = useQuery({ queryKey: ['portalManage', 'configRows'], queryFn: () => allOf(configApi) });
  useEffect(() => {
    if (rows.data) form.setFieldsValue(toValues(rows.data));
  }, [rows.data, form]);
  const label = (k: string) => t(`portalManage.config.keys.${k}`);
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const values = fromValues({ ...form.getFieldsValue(true), ...v });
    const stored = new Map((rows.data ?? []).map((r) => [r.configKey, r]));
    const changes = PORTAL_CONFIG_KEYS.filter((k) => {
      const r = stored.get(k);
      return r ? (r.configValue ?? '') !== values[k] : values[k] !== '';
    });
    if (!changes.length) {
      message.info(t('portalManage.config.nothingChanged'));
      return;
    }
    if (changes.some((k) => !stored.has(k)) && !mayAdd) {
      message.warning(t('portalManage.config.mayNotAdd'));
      return;
    }
    setSaving(true);
    try {
      for (const k of changes) {
        const r = stored.get(k);
        await configApi.submit({
          id: r?.id, configKey: k,
          // the stored name is the Chinese one, like the other rows of the list
          configName: r?.configName || i18n.t(`portalManage.config.keys.${k}`, { lng: 'zh' }),
          configValue: values[k], sort: r?.sort ?? PORTAL_CONFIG_KEYS.indexOf(k) + 1, remark: r?.remark ?? undefined,
        });
      }
      message.success(t('portalManage.config.saved'));
      await rows.refetch();
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  const text = (k: Key, span = 12, rules: object[] = []) => (
    <Col xs={24} md={span}>
      <Form.Item name={k} label={label(k)} rules={[{ max: 2000, message: t('portalManage.tooLong', { n: 2000 }) }, ...rules]}>
        <Input allowClear />
      </Form.Item>
    </Col>
  );
  return (
    <Card
      title={t('portalManage.config.title')}
      className="pm-config-card"
      extra={mayEdit && <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} className="pm-config-save">{t('common.save')}</Button>}
    >
      <Spin spinning={rows.isLoading}>
        <Form form={form} layout="vertical" disabled={!mayEdit}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="openPortalOn" label={label('openPortal')} valuePropName="checked" extra={t('portalManage.config.openPortalHelp')}>
                <Switch checkedChildren={t('portalManage.config.open')} unCheckedChildren={t('portalManage.config.closed')} className="pm-open-portal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="mourningOn" label={label('subjectPattern')} valuePropName="checked" extra={t('portalManage.config.mourningHelp')}>
                <Switch checkedChildren={t('portalManage.config.mourning')} unCheckedChildren={t('portalManage.config.normal')} className="pm-mourning" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="menuPattern" label={label('menuPattern')}>
                <Radio.Group optionType="button" options={[{ value: '1', label: t('portalManage.config.menu1') }, { value: '2', label: t('portalManage.config.menu2') }]} />
              </Form.Item>
            </Col>
            {text('siteName')}
            {text('siteNameEn')}
            <Col xs={24}>
              <Form.Item name="logo" label={label('logo')}>
                <ImageUpload width={160} height={56} fit="contain" />
              </Form.Item>
            </Col>
            {text('heroTitle')}
            {text('heroTitleEn')}
            {text('heroSubtitle')}
            {text('heroSubtitleEn')}
            {text('copyright')}
            {text('copyrightEn')}
            {text('contactPhone', 8)}
            {text('contactEmail', 8, [{ pattern: EMAIL_RE, message: t('portalManage.config.emailInvalid') }])}
            {text('address', 8)}
            <Col xs={24}>
              <Form.Item label={label('footerLinks')}>
                <Form.List name="links">
                  {(fields, { add, remove }) => (
                    <Space direction="vertical" style={{ width: '100%' }}>
                      {fields.map((f) => (
                        <Space key={f.key} align="start" wrap className="pm-footer-link">
                          <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: t('portalManage.config.linkNameRequired') }]} style={{ marginBottom: 0 }}>
                            <Input placeholder={t('portalManage.config.linkName')} style={{ width: 180 }} />
                          </Form.Item>
                          <Form.Item name={[f.name, 'nameEn']} style={{ marginBottom: 0 }}>
                            <Input placeholder={t('portalManage.config.linkNameEn')} style={{ width: 180 }} />
                          </Form.Item>
                          <Form.Item name={[f.name, 'url']} rules={[{ required: true, message: t('portalManage.config.linkUrlRequired') }, { pattern: LINK_RE, message: t('portalManage.config.linkUrlInvalid') }]} style={{ marginBottom: 0 }}>
                            <Input placeholder="https://" style={{ width: 320 }} />
                          </Form.Item>
                          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common.delete')} />
                        </Space>
                      ))}
                      <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', nameEn: '', url: '' })}>{t('portalManage.config.addLink')}</Button>
                    </Space>
                  )}
                </Form.List>
              </Form.Item>
            </Col>
          </Row>
          {!mayEdit && <Alert type="info" showIcon message={t('portalManage.config.readOnly')} />}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{t('portalManage.config.help')}</Typography.Paragraph>
        </Form>
      </Spin>
    </Card>
  );
}
