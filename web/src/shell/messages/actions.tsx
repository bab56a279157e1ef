// What the bell, the drawer, the notifications and the dashboard widget do with a message.
import { message, notification } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import DOMPurify from 'dompurify';
import i18n from '../../i18n';
import { isUnread, messageApi, type MessageRow, type PushedMessage } from '../../api/message';
import { navigate } from '../nav';
import { useSession } from '../store';
import { TOP_SIZE, useMessages } from './store';

/** Re-reads my/topList (on every (re)connect, so nothing pushed while away is lost). */
export async function refreshTop(): Promise<void> {
  if (!useSession.getState().token) return;
  try {
    const top = await messageApi.topList(TOP_SIZE, { silent: true });
    if (useSession.getState().token) useMessages.getState().setTop(top);
  } catch {
    // the bell keeps what it has; the next (re)connect reads again
  }
}

/**
 * Opens a message in the view dialog: detail marks it read on the server; locally it is marked
 * read and the unread count drops by one when it was unread.
 */
export async function openMessage(row: Pick<MessageRow, 'id'> & Partial<MessageRow>): Promise<void> {
  const store = useMessages.getState();
  const known = store.messageList.find((m) => String(m.id) === String(row.id));
  // the bell's own copy is the freshest local state; else the row as listed; else a new message
  const wasUnread = known ? isUnread(known) : row.isRead !== undefined ? isUnread(row) : true;
  store.setViewing({ title: '', type: 1, createTime: '', ...known, ...row, id: String(row.id) } as MessageRow);
  const full = await messageApi.detail(String(row.id));
  if (!full) {
    useMessages.getState().setViewing(null);
    void refreshTop();
    return;
  }
  const now = useMessages.getState();
  if (now.viewing && String(now.viewing.id) === String(row.id)) now.setViewing(full);
  now.markedRead(String(row.id), wasUnread);
}

/** The business link (pcUrl): a route of this site through the router, an http(s) address in a new window. */
export function openBizLink(pcUrl?: string | null): void {
  const url = String(pcUrl ?? '').trim();
  if (!url) {
    message.warning(i18n.t('msg.noBizLink'));
    return;
  }
  const store = useMessages.getState();
  if (/^https?:\/\//i.test(url)) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  if (url.startsWith('/')) {
    store.setViewing(null);
    store.setDrawerOpen(false);
    navigate(url.replace(/^\/#\//, '/'));
    return;
  }
  message.warning(i18n.t('msg.badBizLink'));
}

export async function removeMessages(rows: MessageRow[]): Promise<void> {
  await messageApi.remove(rows.map((r) => String(r.id)));
  useMessages.getState().removed(rows.map((r) => String(r.id)), rows.filter(isUnread).length);
  message.success(i18n.t('msg.done'));
  void refreshTop();
}

export async function readAllMessages(): Promise<void> {
  await messageApi.readAll();
  useMessages.getState().allRead();
  message.success(i18n.t('msg.done'));
}

/** Rich text as a short plain line (notification body, list previews). */
export function plainText(html?: string | null, max = 120): string {
  const clean = DOMPurify.sanitize(String(html ?? ''), { ALLOWED_TAGS: ['#text'], KEEP_CONTENT: true });
  const el = document.createElement('div');
  el.innerHTML = clean;
  const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A pushed message: the bell count rises by one and a pop-up shows its title and content (click opens it). */
export function receivePushed(m: PushedMessage): void {
  useMessages.getState().pushed(m);
  const key = `message-${m.id}`;
  notification.open({
    key,
    className: 'message-notification',
    icon: <BellOutlined style={{ color: 'var(--primary, #409EFF)' }} />,
    message: m.title,
    description: plainText(m.content) || undefined,
    // bottom right: a pop-up at the top would cover the top bar (and the bell itself)
    placement: 'bottomRight',
    duration: 6,
    style: { cursor: 'pointer' },
    onClick: () => {
      notification.destroy(key);
      void openMessage({ ...m, isRead: 1 });
    },
  });
}
