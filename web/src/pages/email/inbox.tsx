import { Space, Tag, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { emailInboxModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { inboxApi, type EmailInbox } from './api';
import { RecipientSelect } from './RecipientSelect';
import { SafeHtml } from './SafeHtml';

// address lists are picked as chips (typed or from the address book), kept as comma lists
const recipients = { form: { type: 'custom' as const, component: RecipientSelect, csv: true } };

const resource = modelResource<EmailInbox>(emailInboxModel, inboxApi, {
  formWidth: 820,
  fields: {
    // unread mail in bold; a clip when it has attachments
    subject: {
      render: (row) => (
        <Space size={4}>
          <Typography.Text strong={Number(row.isRead) !== 1}>{String(row.subject ?? '')}</Typography.Text>
          {Array.isArray(row.attachments) && row.attachments.length > 0 && <PaperClipOutlined />}
        </Space>
      ),
    },
    toUser: recipients,
    ccUser: recipients,
    receiveTime: { search: 'daterange' },
    // mail HTML is shown sanitized
    content: { render: (row) => <SafeHtml html={String(row.content ?? '')} /> },
    attachments: {
      render: (row) => {
        const list = Array.isArray(row.attachments) ? row.attachments : [];
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
  },
});

export default function EmailInboxPage() {
  return <ResourceList resource={resource} />;
}
