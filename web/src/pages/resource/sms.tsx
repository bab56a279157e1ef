import { useState } from 'react';
import { Form, Input, Modal, message } from 'antd';
import { CheckCircleOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { smsModel } from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { enableSms, sendSms, smsApi, type Sms } from '../../api/admin';
import i18n from '../../i18n';
import { enabledTag } from './EnabledTag';

// the columns, search fields and form come from the model (@campus/schema smsModel)
function smsResource(openSend: (row: Sms) => void): ResourceDescription<Sms> {
  return modelResource(smsModel, smsApi, {
    formWidth: 720,
    fields: {
      endpoint: { form: { help: 'sms.endpointHelp' } },
      secretKey: { form: { help: 'resource.secretHelp' } },
      isEnabled: { render: enabledTag },
    },
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
      { key: 'send', label: 'sms.send', permission: 'sms_edit', placement: 'row', icon: <SendOutlined />, onClick: ({ row }) => openSend(row as Sms) },
    ],
  });
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
