import { useRef, useState } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import { Form, Modal, Space, Tag, Tooltip, message } from 'antd';
import { EditOutlined, MailOutlined, PaperClipOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { emailOutboxModel } from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import i18n from '../../i18n';
import { outboxApi, sendMsg, type EmailOutbox } from './api';
import { ComposeDialog } from './ComposeDialog';
import { RecipientSelect, recipientsRule } from './RecipientSelect';
import { SafeHtml, splitAddresses } from './SafeHtml';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

export const statusTag = (row: Record<string, unknown>) => {
  const s = Number(row.sendStatus);
  if (s === 1) return <Tag color="green">{t('email.status1')}</Tag>;
  if (s === 2)
    return (
      <Tooltip title={String(row.errorMessage ?? '')}>
        <Tag color="red">{t('email.status2')}</Tag>
      </Tooltip>
    );
  return <Tag>{t('email.status0')}</Tag>;
};

function outboxResource(open: (row: EmailOutbox | null) => void, resend: (row: EmailOutbox) => void): ResourceDescription<EmailOutbox> {
  return modelResource<EmailOutbox>(emailOutboxModel, outboxApi, {
    sort: { descs: 'create_time' },
    // add and edit go through the compose dialog, not the generic form
    permissions: { delete: 'emailOutbox_delete', view: 'emailOutbox_view' },
    fields: {
      // a clip when it has attachments
      subject: {
        render: (row) => (
          <Space size={4}>
            <span>{String(row.subject ?? '')}</span>
            {Array.isArray(row.attachments) && row.attachments.length > 0 && <PaperClipOutlined />}
          </Space>
        ),
      },
      sendStatus: { render: statusTag },
      sendTime: { search: 'daterange' },
      // mail HTML is shown sanitized
      content: { render: (row) => <SafeHtml html={String(row.content ?? '')} /> },
      params: { valueType: 'code' },
      attachments: {
        render: (row) => {
          const list = Array.isArray(row.attachments) ? row.attachments : [];
          return list.length ? (
            <Space direction="vertical" size={2}>
              {list.map((a) => (
                <a key={a.link} href={a.link} target="_blank" rel="noopener noreferrer">
                  <PaperClipOutlined /> {a.name}
                </a>
              ))}
            </Space>
          ) : (
            '-'
          );
        },
      },
    },
    append: [{ title: 'email.createTime', dataIndex: 'createTime', width: 170, hideInTable: true }],
    extraActions: [
      { key: 'compose', label: 'email.compose.title', permission: 'emailOutbox_add', placement: 'toolbar', icon: <MailOutlined />, onClick: () => open(null) },
      {
        key: 'edit',
        label: 'common.edit',
        permission: 'emailOutbox_edit',
        placement: 'row',
        icon: <EditOutlined />,
        visible: (row) => Number(row.sendStatus) !== 1,
        onClick: async ({ row }) => open((await outboxApi.detail(String(row!.id))) ?? (row as unknown as EmailOutbox)),
      },
      {
        key: 'send',
        label: 'email.send',
        permission: 'emailOutbox_send',
        placement: 'row',
        icon: <SendOutlined />,
        confirm: 'email.outbox.sendConfirm',
        visible: (row) => Number(row.sendStatus) !== 1,
        onClick: async ({ row, reload }) => {
          try {
            await sendMsg(String(row!.id));
            message.success(t('email.sent'));
          } finally {
            reload();
          }
        },
      },
      {
        key: 'resend',
        label: 'email.outbox.resend',
        permission: 'emailOutbox_send',
        placement: 'row',
        icon: <RedoOutlined />,
        visible: (row) => Number(row.sendStatus) === 1,
        onClick: ({ row }) => resend(row as unknown as EmailOutbox),
      },
    ],
  });
}

/** 再次发送: a sent mail once more, to the recipients given here. */
function ResendDialog({ mail, onClose, onDone }: { mail: EmailOutbox | null; onClose(): void; onDone(): void }) {
  const { t: tt } = useTranslation();
  const [form] = Form.useForm<{ toUser: string[] }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={`${tt('email.outbox.resend')} · ${mail?.subject ?? ''}`}
      open={!!mail}
      width={560}
      destroyOnHidden
      confirmLoading={busy}
      okText={tt('email.send')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          await sendMsg(mail!.id, v.toUser.join(','));
          message.success(tt('email.sent'));
          onClose();
        } finally {
          setBusy(false);
          onDone();
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ toUser: splitAddresses(mail?.toUser) }}>
        <Form.Item name="toUser" label={tt('email.toUser')} required rules={[recipientsRule(tt, true)]} extra={tt('email.outbox.resendHelp')}>
          <RecipientSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function EmailOutboxPage() {
  const actionRef = useRef<ActionType>();
  const [compose, setCompose] = useState<{ mail: EmailOutbox | null } | null>(null);
  const [resending, setResending] = useState<EmailOutbox | null>(null);
  const [resource] = useState(() =>
    outboxResource(
      (mail) => setCompose({ mail }),
      (mail) => setResending(mail),
    ),
  );
  const reload = () => actionRef.current?.reload();
  return (
    <>
      <ResourceList resource={resource} actionRef={actionRef} />
      <ComposeDialog open={!!compose} mail={compose?.mail ?? null} onClose={() => setCompose(null)} onDone={reload} />
      <ResendDialog mail={resending} onClose={() => setResending(null)} onDone={reload} />
    </>
  );
}
