// Step 3 of app design: what the app is called and how it shows (name, description, icon, category,
// order), the deployed process its new records go through, and whether it is published (001 §3.1).
import { useEffect, useState } from 'react';
import { Avatar, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch, TreeSelect, Typography, Upload, message } from 'antd';
import { AppstoreOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appInfoModel } from '@campus/schema';
import { sendForm } from '../../../api/transfer';
import { TransferBar, useTransfer } from '../../../components/transfer';
import { appIconUrl, type AppInfo } from '../api';
import { categoryTree } from '../admin/api';
import { appUpdate, deployedProcesses } from './api';

const F = appInfoModel.fields;

interface Values {
  appName: string;
  appDesc?: string;
  appIcon?: string;
  categoryId?: string;
  processDefKey?: string;
  published: boolean;
  sort: number;
}

export function AppBasics({ app, onSaved }: { app: AppInfo; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const upload = useTransfer();
  const categories = useQuery({ queryKey: ['miniApp', 'categories'], queryFn: categoryTree });
  const processes = useQuery({ queryKey: ['miniApp', 'deployedProcesses'], queryFn: deployedProcesses });
  const icon = Form.useWatch('appIcon', form);

  useEffect(() => {
    form.setFieldsValue({
      appName: app.appName, appDesc: app.appDesc ?? undefined, appIcon: app.appIcon ?? undefined, categoryId: app.categoryId ?? undefined,
      processDefKey: app.processDefKey ?? undefined, published: Number(app.appStatus) === 1, sort: app.sort ?? 1,
    });
  }, [app, form]);

  const known = new Set((processes.data ?? []).map((p) => p.processDefKey || p.key));
  const processOptions = [
    ...(processes.data ?? []).map((p) => ({ value: p.processDefKey || p.key, label: `${p.processDefinitionName || p.name || p.key} (${p.processDefKey || p.key})${p.categoryName ? ` · ${p.categoryName}` : ''}` })),
    // a bound key that is no longer deployed (or not startable by the designer) stays visible
    ...(app.processDefKey && !known.has(app.processDefKey) ? [{ value: app.processDefKey, label: `${app.processDefKey} (${t('miniApp.design.basics.processUnknown')})` }] : []),
  ];

  return (
    <Card className="ma-app-basics" title={t('miniApp.design.basics.title')}>
      <Form form={form} layout="vertical" style={{ maxWidth: 860 }}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="appName" label={t('miniApp.design.basics.appName')} rules={[{ required: true, whitespace: true, message: t('miniApp.design.basics.appNameRequired') }, { max: F.appName.length, message: t('miniApp.design.common.tooLong', { n: F.appName.length }) }]}>
              <Input id="ma-app-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="categoryId" label={t('miniApp.design.basics.category')}>
              <TreeSelect allowClear treeDefaultExpandAll loading={categories.isLoading} treeData={categories.data ?? []} fieldNames={{ label: 'title', value: 'id', children: 'children' }} placeholder={t('miniApp.design.basics.categoryPlaceholder')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="appDesc" label={t('miniApp.design.basics.appDesc')} rules={[{ max: F.appDesc.length, message: t('miniApp.design.common.tooLong', { n: F.appDesc.length }) }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('miniApp.design.basics.appIcon')} extra={t('miniApp.design.basics.iconHelp')}>
              <Space align="start">
                <Avatar shape="square" size={56} src={appIconUrl(icon)} icon={<AppstoreOutlined />} style={{ background: '#409EFF', flex: 'none' }} />
                <Space direction="vertical" size={4}>
                  <Space.Compact style={{ width: 520 }}>
                    <Form.Item name="appIcon" noStyle rules={[{ max: F.appIcon.length }]}>
                      <Input placeholder="https://… / /img/…" allowClear />
                    </Form.Item>
                    <Upload
                      accept="image/png,image/jpeg"
                      showUploadList={false}
                      beforeUpload={(file) => {
                        if (file.size > 10 * 1024 * 1024) {
                          message.error(t('miniApp.design.basics.iconTooLarge'));
                          return false;
                        }
                        void upload.run(async (onProgress) => {
                          const fd = new FormData();
                          fd.append('file', file, file.name);
                          const r = await sendForm<{ link: string }>('/api/blade-resource/oss/endpoint/put-file', fd, { params: { accept: 'image' }, onProgress });
                          form.setFieldValue('appIcon', r.link);
                        });
                        return false;
                      }}
                    >
                      <Button icon={<UploadOutlined />} loading={upload.busy}>{t('miniApp.design.basics.upload')}</Button>
                    </Upload>
                  </Space.Compact>
                  <TransferBar transfer={upload.transfer} style={{ width: 320 }} />
                </Space>
              </Space>
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="processDefKey" label={t('miniApp.design.basics.process')} extra={t('miniApp.design.basics.processHelp')}>
              <Select allowClear showSearch optionFilterProp="label" loading={processes.isLoading} options={processOptions} placeholder={t('miniApp.design.basics.processPlaceholder')} className="ma-app-process" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label={t('miniApp.design.basics.sort')} rules={[{ required: true, message: t('miniApp.design.basics.sortRequired') }]}>
              <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="published" label={t('miniApp.design.basics.status')} valuePropName="checked" extra={<Typography.Text type="secondary">{t('miniApp.design.basics.publishHelp')}</Typography.Text>}>
              <Switch checkedChildren={t('miniApp.design.basics.published')} unCheckedChildren={t('miniApp.design.basics.draft')} className="ma-app-published" />
            </Form.Item>
          </Col>
        </Row>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          className="ma-basics-save"
          onClick={async () => {
            // (a refused form shows its messages at the fields)
            const v = await form.validateFields().catch(() => null);
            if (!v) return;
            setSaving(true);
            try {
              await appUpdate(app, {
                appName: v.appName.trim(), appDesc: v.appDesc?.trim() || null, appIcon: v.appIcon?.trim() || null, categoryId: v.categoryId || null,
                processDefKey: v.processDefKey || null, appStatus: v.published ? 1 : 0, sort: v.sort,
              });
              message.success(t('miniApp.design.common.saved'));
              onSaved();
            } finally {
              setSaving(false);
            }
          }}
        >
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
