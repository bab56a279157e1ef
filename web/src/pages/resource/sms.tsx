import { useState } from 'react';
import { Form, Input, Modal, message } from 'antd';
import { CheckCircleOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { enableSms, sendSms, smsApi, type Sms } from '../../api/admin';
import i18n from '../../i18n';
import { enabledTag } from './EnabledTag';

function smsResource(openSend: (row: Sms) => void): ResourceDescription<Sms> {
  return {
    title: 'sms.title',
    api: smsApi,
    formWidth: 720,
    permissions: { add: 'sms_add', edit: 'sms_edit', delete: 'sms_delete', view: 'sms_view' },
    columns: [
      // only the HTTP gateway is served by the server so far
      { title: 'sms.category', dataIndex: 'category', width: 120, options: [{ label: 'sms.category1', value: 1, color: 'blue' }], form: { type: 'select', required: true, span: 12, default: 1 } },
      { title: 'sms.smsCode', dataIndex: 'smsCode', search: 'like', width: 130, form: { required: true, span: 12 } },
      { title: 'sms.endpoint', dataIndex: 'endpoint', ellipsis: true, width: 240, form: { required: true, span: 24, help: 'sms.endpointHelp', rules: [{ pattern: /^https?:\/\/\S+$/, message: 'oss.urlFormat' }] } },
      { title: 'sms.templateId', dataIndex: 'templateId', search: 'like', width: 130, form: { span: 12 } },
      { title: 'sms.signName', dataIndex: 'signName', width: 120, form: { span: 12 } },
      { title: 'sms.accessKey', dataIndex: 'accessKey', hideInTable: true, form: { span: 12 } },
      { title: 'sms.secretKey', dataIndex: 'secretKey', hideInTable: true, inDetail: false, form: { type: 'password', span: 12, help: 'resource.secretHelp' } },
      { title: 'resource.isEnabled', dataIndex: 'isEnabled', width: 90, render: enabledTag },
      { title: 'common.remark', dataIndex: 'remark', ellipsis: true, width: 160, form: { type: 'textarea', rows: 2 } },
    ],
    extraActions: [
      {
        key: 'enable',
        label: 'resource.enable',
        permission: 'sms_enable',
        placement: 'row',
        icon: <CheckCircleOutlined />,
        confirm: 'resource.enableConfirm',
        visible: (row) => Number(row.isEnabled) !== 1,
        onClick: async ({ row, reload }) => {
          await enableSms(String(row!.id));
          message.success(i18n.t('common.success'));
          reload();
        },
      },
      { key: 'send', label: 'sms.send', permission: 'sms_edit', placement: 'row', icon: <SendOutlined />, onClick: ({ row }) => openSend(row as unknown as Sms) },
    ],
  };
}

/** 发送测试: a message through this provider to the given phones. */
function SendDialog({ sms, onClose }: { sms: Sms | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phones: string; params: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={`${t('sms.send')} · ${sms?.smsCode ?? ''}`}
      open={!!sms}
      width={480}
      destroyOnHidden
      confirmLoading={busy}
      okText={t('sms.sendOk')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        setBusy(true);
        try {
          await sendSms(v.phones, v.params ? (JSON.parse(v.params) as Record<string, string>) : {}, sms!.smsCode);
          message.success(t('sms.sent'));
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ params: '{"code": "123456"}' }}>
        <Form.Item
          name="phones"
          label={t('sms.phones')}
          extra={t('sms.phonesHelp')}
          rules={[
            { required: true, message: t('sms.phonesRequired') },
            { pattern: /^1\d{10}(,1\d{10})*$/, message: t('info.phoneFormat') },
          ]}
        >
          <Input placeholder="13800000000" />
        </Form.Item>
        <Form.Item
          name="params"
          label={t('sms.params')}
          rules={[
            {
              validator: async (_, v: string) => {
                if (!v) return;
                try {
                  JSON.parse(v);
                } catch {
                  throw new Error(t('common.invalidJson', { label: t('sms.params') }));
                }
              },
            },
          ]}
        >
          <Input.TextArea rows={3} style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function SmsPage() {
  const [sending, setSending] = useState<Sms | null>(null);
  const [resource] = useState(() => smsResource(setSending));
  return (
    <>
      <ResourceList resource={resource} />
      <SendDialog sms={sending} onClose={() => setSending(null)} />
    </>
  );
}
