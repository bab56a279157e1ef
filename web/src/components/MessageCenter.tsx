// The message-center widget for dashboards (spec 000 §9: page size 5): my messages, unread
// first, from the same store and calls as the bell (it reloads when a message is pushed or read).
import { useEffect, useState } from 'react';
import { Badge, Button, Card, List, Typography } from 'antd';
import { BellOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isUnread, messageApi, type MessageRow } from '../api/message';
import { openMessage, plainText } from '../shell/messages/actions';
import { TypeTag } from '../shell/messages/labels';
import { useMessages } from '../shell/messages/store';

export const WIDGET_PAGE_SIZE = 5;

export function MessageCenter({ title, className }: { title?: string; className?: string }) {
  const { t } = useTranslation();
  const version = useMessages((s) => s.version);
  const unread = useMessages((s) => s.unReadCount);
  const [current, setCurrent] = useState(1);
  const [rows, setRows] = useState<MessageRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    // unread (isRead 1) before read (0), newest first within each
    messageApi
      .myList({ current, size: WIDGET_PAGE_SIZE, descs: 'isRead,id' })
      .then((page) => {
        if (!live) return;
        setRows(page.records ?? []);
        setTotal(page.total ?? 0);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [current, version]);

  return (
    <Card
      className={`message-center${className ? ` ${className}` : ''}`}
      size="small"
      title={
        <span>
          <BellOutlined /> {title ?? t('msg.center')}{' '}
          {unread > 0 && <Badge count={unread} overflowCount={99} size="small" style={{ marginInlineStart: 4 }} />}
        </span>
      }
      extra={
        <Button type="link" size="small" onClick={() => useMessages.getState().setDrawerOpen(true)}>
          {t('msg.viewAll')} <RightOutlined style={{ fontSize: 10 }} />
        </Button>
      }
    >
      <List<MessageRow>
        size="small"
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: t('msg.empty') }}
        pagination={total > WIDGET_PAGE_SIZE ? { current, pageSize: WIDGET_PAGE_SIZE, total, size: 'small', onChange: setCurrent, showSizeChanger: false } : false}
        renderItem={(m) => (
          <List.Item className={`message-center-item${isUnread(m) ? ' unread' : ''}`} onClick={() => void openMessage(m)} style={{ cursor: 'pointer' }}>
            <List.Item.Meta
              avatar={<Badge status={isUnread(m) ? 'error' : 'default'} />}
              title={
                <span className="message-center-title">
                  <Typography.Text strong={isUnread(m)} ellipsis style={{ maxWidth: '70%' }}>{m.title}</Typography.Text> <TypeTag type={m.type} />
                </span>
              }
              description={plainText(m.content, 80) || m.createTime}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{m.createTime}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

export default MessageCenter;
