// 系统配置 of an app (001 §3.7, §5, §9; /api/appSysConfig/appSysConfig detail / submit): the data
// screen's page size (10, 30, 50, 100, 200), the watermark, and the pre-read notice people read
// before the data screen opens: on / compulsory, title and text (both required when on), reading
// time 1–9999 s (5 by default), at most 3 attachments of at most 10 MB each.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Space, Spin, Switch, Upload, message } from 'antd';
import { DeleteOutlined, PaperClipOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { APP_PAGE_SIZES, PRE_READ_MAX_BYTES, PRE_READ_MAX_FILES, type PreReadFile } from '@campus/schema';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../../api/system';
import { useMiniApp } from '../context';
import { getAppSysConfig, saveAppSysConfig } from '../data/api';


interface FormShape { pageSize: number; watermark: boolean; enable: boolean; compelRead: boolean; title: string; readTime: number; body: string }

export default function AppSysConfig() {
  const { t } = useTranslation();
  const app = useMiniApp();
  const appId = app.params.appId;
  const [form] = Form.useForm<FormShape>();
  const [files, setFiles] = useState<PreReadFile[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const enable = Form.useWatch('enable', form);

  const load = () => {
    setLoading(true);
    getAppSysConfig(appId)
      .then((c) => {
        form.setFieldsValue({
          pageSize: c.pageSize || 10, watermark: !!c.watermark, enable: !!c.preRead?.enable, compelRead: !!c.preRead?.compelRead,
          title: c.preRead?.title ?? '', readTime: c.preRead?.readTime || 5, body: c.preRead?.body ?? '',
        });
        setFiles(c.preRead?.relationFiles ?? []);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  useEffect(load, [appId]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveAppSysConfig({
        appId, pageSize: v.pageSize, watermark: v.watermark ? 1 : 0,
        preRead: { enable: v.enable ? 1 : 0, compelRead: v.compelRead ? 1 : 0, title: (v.title ?? '').trim(), readTime: v.readTime, relationFiles: files, body: v.body ?? '' },
      });
      message.success(t('miniApp.sysconfig.saved'));
    } finally {
      setSaving(false);
    }
  };
  const req = (key: string) => ({ required: !!enable, message: t(key) });
  return (
    <Spin spinning={loading}>
      <Card
        title={t('miniApp.screen.appSysConfig')}
        extra={<Space><Button onClick={load}>{t('common.reset')}</Button><Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="mini-sysconfig-save">{t('common.save')}</Button></Space>}
      >
        <Form form={form} layout="vertical" initialValues={{ pageSize: 10, watermark: false, enable: false, compelRead: false, title: '', readTime: 5, body: '' }} style={{ maxWidth: 860 }}>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item name="pageSize" label={t('miniApp.sysconfig.pageSize')} extra={t('miniApp.sysconfig.pageSizeHelp')}>
                <Radio.Group optionType="button" options={APP_PAGE_SIZES.map((n) => ({ label: String(n), value: n }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="watermark" label={t('miniApp.sysconfig.watermark')} valuePropName="checked" extra={t('miniApp.sysconfig.watermarkHelp')}>
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Card type="inner" size="small" title={t('miniApp.sysconfig.preRead')} style={{ marginBottom: 16 }}>
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('miniApp.sysconfig.preReadHelp')} />
            <Row gutter={24}>
              <Col xs={12} md={6}>
                <Form.Item name="enable" label={t('miniApp.sysconfig.enable')} valuePropName="checked"><Switch /></Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="compelRead" label={t('miniApp.sysconfig.compelRead')} valuePropName="checked" tooltip={t('miniApp.sysconfig.compelHelp')}><Switch disabled={!enable} /></Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="readTime" label={t('miniApp.sysconfig.readTime')} rules={[{ required: true, message: t('miniApp.sysconfig.readTimeRange') }, { type: 'number', min: 1, max: 9999, message: t('miniApp.sysconfig.readTimeRange') }]}>
                  <InputNumber min={1} max={9999} precision={0} addonAfter={t('miniApp.sysconfig.seconds')} style={{ width: 200 }} disabled={!enable} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="title" label={t('miniApp.sysconfig.title')} rules={[req('miniApp.sysconfig.titleRequired'), { max: 100, message: t('miniApp.admin.tooLong', { n: 100 }) }]}>
              <Input disabled={!enable} maxLength={100} />
            </Form.Item>
            <Form.Item name="body" label={t('miniApp.sysconfig.body')} rules={[req('miniApp.sysconfig.bodyRequired')]}>
              <Input.TextArea disabled={!enable} rows={6} maxLength={200000} />
            </Form.Item>
            <Form.Item label={t('miniApp.sysconfig.files')} extra={t('miniApp.sysconfig.filesHelp', { n: PRE_READ_MAX_FILES, mb: PRE_READ_MAX_BYTES / 1024 / 1024 })}>
              <Space direction="vertical" style={{ width: '100%' }}>
                {files.map((f, i) => (
                  <Space key={`${f.link}:${i}`}>
                    <PaperClipOutlined />
                    <a href={f.link} target="_blank" rel="noopener noreferrer">{f.name}</a>
                    <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => setFiles((l) => l.filter((_, j) => j !== i))} />
                  </Space>
                ))}
                <Upload
                  showUploadList={false}
                  disabled={files.length >= PRE_READ_MAX_FILES || uploading}
                  beforeUpload={(file) => {
                    if (files.length >= PRE_READ_MAX_FILES) {
                      message.error(t('miniApp.sysconfig.tooManyFiles', { n: PRE_READ_MAX_FILES }));
                      return Upload.LIST_IGNORE;
                    }
                    if (file.size > PRE_READ_MAX_BYTES) {
                      message.error(t('miniApp.sysconfig.fileTooLarge', { mb: PRE_READ_MAX_BYTES / 1024 / 1024 }));
                      return Upload.LIST_IGNORE;
                    }
                    return true;
                  }}
                  customRequest={async ({ file, onSuccess, onError }) => {
                    setUploading(true);
                    try {
                      const up = await putFile(file as File);
                      setFiles((l) => [...l, { name: up.originalName || (file as File).name, link: up.link, size: (file as File).size }]);
                      onSuccess?.(up);
                    } catch (e) {
                      onError?.(e as Error);
                    } finally {
                      setUploading(false);
                    }
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={uploading} disabled={files.length >= PRE_READ_MAX_FILES}>{t('miniApp.sysconfig.upload')}</Button>
                </Upload>
              </Space>
            </Form.Item>
          </Card>
        </Form>
      </Card>
    </Spin>
  );
}
