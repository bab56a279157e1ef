// The notice bell of the top bar (spec 000 §2.8): unread badge (hidden at 0, 99+), a popover of
// width 350 with a 消息 tab of recent messages, and 查看所有消息 opening the 我的消息 drawer.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Empty, Popover, Tabs, Tooltip, Typography } from 'antd';
import { BellOutlined, CheckOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isUnread, type MessageRow } from '../../api/message';
import { website } from '../../website';
import { openMessage, plainText } from './actions';
import { MessageViewer } from './MessageViewer';
import { startMessageChannel } from './socket';
import { useMessages } from './store';
import './messages.css';

// the drawer (tables, forms, the people picker) loads when first opened, not with the shell
const MessageDrawer = lazy(() => import('./MessageDrawer').then((m) => ({ default: m.MessageDrawer })));

/** Today: HH:mm; this year: MM-DD HH:mm; else the date. */
export function shortTime(value?: string | null): string {
  if (!value) return '';
  const d = dayjs(value);
  if (!d.isValid()) return value;
  const now = dayjs();
  if (d.isSame(now, 'day')) return d.format('HH:mm');
  if (d.isSame(now, 'year')) return d.format('MM-DD HH:mm');
  return d.format('YYYY-MM-DD');
}

function BellItem({ m, onOpen }: { m: MessageRow; onOpen: () => void }) {
  const unread = isUnread(m);
  const preview = plainText(m.content, 60);
  return (
    <li
      className={`bell-item${unread ? ' unread' : ''}`}
      role="button"
      tabIndex={0}
      data-id={m.id}
      onClick={onOpen}
      onKeyDown={(e) => e.key === 'Enter' && onOpen()}
    >
      <span className="bell-dot">{unread && <Badge status="error" />}</span>
      <span className="bell-main">
        <span className="bell-title" title={m.title}>{m.title}</span>
        {preview && <span className="bell-preview">{preview}</span>}
      </span>
      <span className="bell-time">{shortTime(m.createTime)}</span>
    </li>
  );
}

export function MessageBell() {
  const { t } = useTranslation();
  const count = useMessages((s) => s.unReadCount);
  const list = useMessages((s) => s.messageList);
  const connected = useMessages((s) => s.connected);
  const drawerOpen = useMessages((s) => s.drawerOpen);
  const [open, setOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  useEffect(() => startMessageChannel(), []);
  useEffect(() => {
    if (drawerOpen) setDrawerLoaded(true);
  }, [drawerOpen]);

  const openOne = (m: MessageRow) => {
    setOpen(false);
    void openMessage(m);
  };
  const viewAll = () => {
    setOpen(false);
    useMessages.getState().setDrawerOpen(true);
  };

  const content = (
    <div className="bell-panel" data-testid="bell-panel">
      <Tabs
        size="small"
        items={[
          {
            key: 'message',
            label: count > 0 ? `${t('msg.tab')} (${count > website.logsMax ? `${website.logsMax}+` : count})` : t('msg.tab'),
            children: list.length ? (
              <ul className="bell-list">
                {list.map((m) => (
                  <BellItem key={m.id} m={m} onOpen={() => openOne(m)} />
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('msg.empty')} />
            ),
          },
        ]}
      />
      <div className="bell-footer">
        {count > 0 ? (
          <Typography.Text type="secondary" className="bell-unread-text">{t('msg.unreadCount', { count })}</Typography.Text>
        ) : (
          <Typography.Text type="secondary" className="bell-unread-text"><CheckOutlined /> {t('msg.allReadHint')}</Typography.Text>
        )}
        <a className="bell-view-all" role="button" onClick={viewAll}>
          {t('msg.viewAll')} <RightOutlined style={{ fontSize: 10 }} />
        </a>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        arrow={false}
        styles={{ body: { width: 350, padding: '4px 12px 8px' } }}
        content={content}
      >
        <Tooltip title={t('top.notice')} placement="bottom" {...(open ? { open: false } : {})}>
          <span className="top-action message-bell" role="button" aria-label={t('top.notice')} data-testid="message-bell" data-connected={connected ? '1' : '0'}>
            <Badge count={count} overflowCount={website.logsMax} size="small">
              <BellOutlined />
            </Badge>
          </span>
        </Tooltip>
      </Popover>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <MessageDrawer />
        </Suspense>
      )}
      <MessageViewer />
    </>
  );
}
