import { Space, Tag, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import i18n from '../../i18n';
import { inboxApi, type EmailInbox } from './api';
import { RecipientSelect, recipientsRule } from './RecipientSelect';
import { SafeHtml } from './SafeHtml';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

const resource: ResourceDescription<EmailInbox> = {
  title: 'email.inbox.title',
  api: inboxApi,
  formWidth: 820,
  permissions: { add: 'emailInbox_add', edit: 'emailInbox_edit', delete: 'emailInbox_delete', view: 'emailInbox_view' },
  columns: [
    {
      title: 'email.inbox.isRead',
      dataIndex: 'isRead',
      width: 80,
      search: 'equal',
      options: [
        { label: 'email.inbox.unread', value: 0, color: 'blue' },
        { label: 'email.inbox.read', value: 1 },
      ],
      form: { type: 'radio', span: 12, default: 0 },
    },
    {
      title: 'email.subject',
      dataIndex: 'subject',
      search: 'like',
      width: 280,
      ellipsis: true,
      render: (row) => (
        <Space size={4}>
          <Typography.Text strong={Number(row.isRead) !== 1}>{String(row.subject ?? '')}</Typography.Text>
          {Array.isArray(row.attachments) && row.attachments.length > 0 && <PaperClipOutlined />}
        </Space>
      ),
      form: { required: true },
    },
    { title: 'email.inbox.fromName', dataIndex: 'fromName', search: 'like', width: 120, form: { span: 12 } },
    { title: 'email.inbox.fromAddress', dataIndex: 'fromAddress', search: 'like', width: 200, form: { required: true, span: 12, rules: [{ type: 'email', message: 'email.emailFormat' }] } },
    { title: 'email.toUser', dataIndex: 'toUser', hideInTable: true, form: { type: 'custom', component: RecipientSelect, csv: true, rules: [recipientsRule(t, false)] } },
    { title: 'email.ccUser', dataIndex: 'ccUser', hideInTable: true, form: { type: 'custom', component: RecipientSelect, csv: true, rules: [recipientsRule(t, false)] } },
    { title: 'email.inbox.receiveTime', dataIndex: 'receiveTime', search: 'daterange', width: 170, sortable: true, form: { type: 'datetime', span: 12 } },
    {
      title: 'email.content',
      dataIndex: 'content',
      hideInTable: true,
      render: (row) => <SafeHtml html={String(row.content ?? '')} />,
      form: { type: 'textarea', rows: 8 },
    },
    {
      title: 'email.attachments',
      dataIndex: 'attachments',
      hideInTable: true,
      render: (row) => {
        const list = Array.isArray(row.attachments) ? (row.attachments as { name: string; size?: number }[]) : [];
        return list.length ? (
          <Space wrap>
            {list.map((a, i) => (
              <Tag key={i} icon={<PaperClipOutlined />}>
                {a.name}
                {a.size ? ` (${Math.ceil(a.size / 1024)} KB)` : ''}
              </Tag>
            ))}
          </Space>
        ) : (
          '-'
        );
      },
    },
    { title: 'email.remark', dataIndex: 'remark', hideInTable: true, form: { type: 'textarea', rows: 2 } },
  ],
};

export default function EmailInboxPage() {
  return <ResourceList resource={resource} />;
}
