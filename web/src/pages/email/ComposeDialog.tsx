import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Modal, Row, Select, Space, Tabs, Upload, message } from 'antd';
import { PaperClipOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import type { UploadFile } from 'antd/es/upload/interface';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/system';
import { percentOf } from '../../api/transfer';
import { outboxApi, platformOptions, submitAndSend, templateApi, templateOptions, type Attachment, type EmailOutbox } from './api';
import { RecipientSelect, recipientsRule } from './RecipientSelect';
import { SafeHtml, splitAddresses } from './SafeHtml';

interface Values {
  platformId?: string;
  templateId?: string;
  toUser: string[];
  ccUser: string[];
  bccUser: string[];
  subject?: string;
  content?: string;
  params?: string;
}

/** 写邮件: recipients as chips, a template that fills subject and body, parameters, attachments; save as draft or send. */
export function ComposeDialog({ mail, open, onClose, onDone }: { mail: EmailOutbox | null; open: boolean; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'' | 'save' | 'send'>('');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [platforms, setPlatforms] = useState<{ label: string; value: string }[]>([]);
  const [templates, setTemplates] = useState<{ label: string; value: string }[]>([]);
  const [showCc, setShowCc] = useState(false);
  const [tab, setTab] = useState('edit');
  const content = Form.useWatch('content', form);
  const params = Form.useWatch('params', form);

  useEffect(() => {
    if (!open) return;
    void platformOptions().then(setPlatforms).catch(() => undefined);
    void templateOptions().then(setTemplates).catch(() => undefined);
    setTab('edit');
    const cc = splitAddresses(mail?.ccUser);
    const bcc = splitAddresses(mail?.bccUser);
    setShowCc(cc.length > 0 || bcc.length > 0);
    form.setFieldsValue({
      platformId: mail?.platformId ?? undefined,
      templateId: mail?.templateId ?? undefined,
      toUser: splitAddresses(mail?.toUser),
      ccUser: cc,
      bccUser: bcc,
      subject: mail?.subject ?? '',
      content: mail?.content ?? '',
      params: mail?.params ?? '',
    });
    setFiles(
      (mail?.attachments ?? []).map((a, i) => ({ uid: `a${i}`, name: a.name, status: 'done', url: a.link, response: { link: a.link, originalName: a.name } })),
    );
  }, [open, mail, form]);

  const pickTemplate = async (id?: string) => {
    if (!id) return;
    const tpl = await templateApi.detail(id);
    if (!tpl) return;
    const cur = form.getFieldsValue();
    const apply = () =>
      form.setFieldsValue({
        subject: tpl.subject,
        content: tpl.content,
        params: cur.params || (tpl.paramsExample ? JSON.stringify(JSON.parse(tpl.paramsExample), null, 2) : ''),
      });
    if (cur.content && cur.content !== tpl.content) {
      Modal.confirm({ title: t('common.tip'), content: t('email.compose.replaceBody'), onOk: apply });
    } else apply();
  };

  const attachments = (): Attachment[] =>
    files
      .filter((f) => f.status === 'done')
      .map((f) => {
        const r = f.response as { link: string; originalName?: string } | undefined;
        return { link: r?.link ?? String(f.url), name: r?.originalName ?? f.name };
      });

  const run = async (kind: 'save' | 'send') => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    if (files.some((f) => f.status === 'uploading')) {
      message.warning(t('email.compose.uploading'));
      return;
    }
    const body: Partial<EmailOutbox> & { toUser: string } = {
      id: mail?.id,
      platformId: v.platformId ?? '',
      templateId: v.templateId ?? '',
      toUser: (v.toUser ?? []).join(','),
      ccUser: (v.ccUser ?? []).join(','),
      bccUser: (v.bccUser ?? []).join(','),
      subject: v.subject ?? '',
      content: v.content ?? '',
      params: v.params ?? '',
      attachments: attachments(),
    };
    setBusy(kind);
    try {
      if (kind === 'save') {
        await outboxApi.submit(body);
        message.success(t('email.compose.saved'));
      } else {
        await submitAndSend(body);
        message.success(t('email.sent'));
      }
      onDone();
      onClose();
    } catch {
      // the failed mail is kept in the outbox (marked failed): the list shows it
      if (kind === 'send') onDone();
    } finally {
      setBusy('');
    }
  };

  return (
    <Modal
      title={t(mail?.id ? 'email.compose.editTitle' : 'email.compose.title')}
      open={open}
      width={880}
      style={{ top: 24 }}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button icon={<SaveOutlined />} loading={busy === 'save'} disabled={!!busy} onClick={() => void run('save')}>
            {t('email.compose.saveDraft')}
          </Button>
          <Button type="primary" icon={<SendOutlined />} loading={busy === 'send'} disabled={!!busy} onClick={() => void run('send')}>
            {t('email.send')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" className="email-compose">
        <Form.Item
          name="toUser"
          label={
            <Space>
              {t('email.toUser')}
              {!showCc && (
                <Button type="link" size="small" onClick={() => setShowCc(true)} style={{ padding: 0 }}>
                  {t('email.compose.addCc')}
                </Button>
              )}
            </Space>
          }
          required
          rules={[recipientsRule(t, true)]}
        >
          <RecipientSelect />
        </Form.Item>
        {showCc && (
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="ccUser" label={t('email.ccUser')} rules={[recipientsRule(t, false)]}>
                <RecipientSelect />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="bccUser" label={t('email.bccUser')} rules={[recipientsRule(t, false)]}>
                <RecipientSelect />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="templateId" label={t('email.compose.template')} extra={t('email.compose.templateHelp')}>
              <Select allowClear showSearch optionFilterProp="label" options={templates} placeholder={t('email.compose.templatePlaceholder')} onChange={(v: string) => void pickTemplate(v)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="platformId" label={t('email.compose.platform')} extra={t('email.compose.platformHelp')}>
              <Select allowClear showSearch optionFilterProp="label" options={platforms} placeholder={t('email.compose.platformPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="subject" label={t('email.subject')} rules={[{ required: true, whitespace: true, message: t('email.subjectRequired') }, { max: 255 }]}>
          <Input maxLength={255} showCount />
        </Form.Item>
        <Form.Item label={t('email.content')} required style={{ marginBottom: 8 }}>
          <Tabs
            size="small"
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'edit',
                label: t('email.compose.edit'),
                forceRender: true,
                children: (
                  <Form.Item name="content" noStyle rules={[{ required: true, whitespace: true, message: t('email.contentRequired') }]}>
                    <Input.TextArea rows={7} placeholder={t('email.compose.contentPlaceholder')} style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }} />
                  </Form.Item>
                ),
              },
              {
                key: 'preview',
                label: t('email.compose.preview'),
                children: (
                  <div style={{ border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, padding: 12, minHeight: 200 }}>
                    <SafeHtml html={fillPreview(content, params)} maxHeight={320} />
                  </div>
                ),
              },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="params"
          label={t('email.params')}
          extra={t('email.paramsHelp')}
          rules={[
            {
              validator: async (_, v: string) => {
                if (!v) return;
                let o: unknown;
                try {
                  o = JSON.parse(v);
                } catch {
                  throw new Error(t('email.paramsInvalid'));
                }
                if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new Error(t('email.paramsInvalid'));
              },
            },
          ]}
        >
          <Input.TextArea rows={2} placeholder='{"name": "张三"}' style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }} />
        </Form.Item>
        <Form.Item label={t('email.attachments')} style={{ marginBottom: 0 }}>
          <Upload
            multiple
            fileList={files}
            onChange={({ fileList }) => setFiles(fileList)}
            customRequest={({ file, onSuccess, onError, onProgress }) => {
              // antd's list shows each file's bar from the percent reported here
              putFile(file as File, undefined, { onProgress: (p) => onProgress?.({ percent: percentOf(p) ?? 0 }) })
                .then((r) => onSuccess?.(r))
                .catch((e: Error) => onError?.(e));
            }}
            beforeUpload={() => {
              if (files.length >= 20) {
                message.warning(t('email.compose.tooManyFiles'));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
          >
            <Button icon={<PaperClipOutlined />}>{t('email.compose.attach')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The body as it will be sent: ${var} filled from the parameters (escaped, as the server does). */
function fillPreview(html?: string, params?: string): string {
  let values: Record<string, unknown> = {};
  try {
    const o: unknown = params ? JSON.parse(params) : {};
    if (o && typeof o === 'object' && !Array.isArray(o)) values = o as Record<string, unknown>;
  } catch {
    /* shown unfilled until the parameters are valid JSON */
  }
  return (html ?? '').replace(/\$\{\s*([A-Za-z_][\w.]*)\s*\}/g, (whole, name: string) => {
    const v = name.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), values);
    return v === undefined ? whole : escapeHtml(typeof v === 'object' ? JSON.stringify(v) : String(v));
  });
}
