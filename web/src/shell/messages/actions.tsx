// What the bell, the drawer, the notifications and the dashboard widget do with a message.
import { message, notification } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import DOMPurify from 'dompurify';
import i18n from '../../i18n';
import { isUnread, messageApi, type MessageRow, type PushedMessage, type PushedRead } from '../../api/message';
import { paramsOf } from '../../components/workflow/params';
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

/** At most this many message pop-ups show at once; later ones of a burst fold into one summary. */
export const MAX_POPUPS = 3;
const SUMMARY_KEY = 'message-summary';
/** keys of the single-message pop-ups on screen */
const showing = new Set<string>();
/** the messages folded into the summary while it shows */
let folded: PushedMessage[] = [];

const popupKey = (id: string) => `message-${id}`;

/** A notice of a task to handle: an approval message whose link is a task's detail page. */
export function isTaskNotice(m: Pick<PushedMessage, 'type' | 'pcUrl'>): boolean {
  return Number(m.type) === 3 && !!paramsOf(String(m.pcUrl ?? ''), '/workflow/process/detail/')?.taskId;
}

/**
 * A pushed message: the bell count rises by one and a pop-up shows its title and content (click
 * opens it) — unless MAX_POPUPS are showing already (or a summary is): then it folds into one
 * summary pop-up "N 条新待办" (tasks; else "N 条新消息") that opens the to-do list (or the message centre).
 */
export function receivePushed(m: PushedMessage): void {
  useMessages.getState().pushed(m);
  if (folded.length || showing.size >= MAX_POPUPS) {
    if (!folded.some((x) => String(x.id) === String(m.id))) folded.push(m);
    showSummary();
    return;
  }
  const key = popupKey(String(m.id));
  showing.add(key);
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
    onClose: () => showing.delete(key),
    onClick: () => {
      closePopup(key);
      void openMessage({ ...m, isRead: 1 });
    },
  });
}

function closePopup(key: string): void {
  showing.delete(key);
  notification.destroy(key);
}

function closeSummary(): void {
  folded = [];
  notification.destroy(SUMMARY_KEY);
}

function showSummary(): void {
  const n = folded.length;
  const tasks = folded.every(isTaskNotice);
  const label = tasks ? (n === 1 ? 'msg.burst.task' : 'msg.burst.tasks') : n === 1 ? 'msg.burst.message' : 'msg.burst.messages';
  notification.open({
    key: SUMMARY_KEY,
    className: 'message-notification message-summary',
    icon: <BellOutlined style={{ color: 'var(--primary, #409EFF)' }} />,
    message: i18n.t(label, { count: n }),
    description: i18n.t(tasks ? 'msg.burst.openTasks' : 'msg.burst.openMessages'),
    placement: 'bottomRight',
    duration: 8,
    style: { cursor: 'pointer' },
    onClose: () => { folded = []; },
    onClick: () => {
      closeSummary();
      if (tasks) {
        navigate('/workflow/process/todo');
      } else {
        useMessages.getState().setViewing(null);
        useMessages.getState().setDrawerOpen(true);
      }
    },
  });
}

/**
 * Messages marked read on the server by something done elsewhere (the task a notice was about was
 * handled or opened, here or in another window): the bell takes the server's count, their pop-ups
 * close and they leave the summary.
 */
export function receiveRead(r: PushedRead): void {
  const ids = (Array.isArray(r.ids) ? r.ids : []).map(String);
  useMessages.getState().readElsewhere(ids, r.unReadCount);
  for (const id of ids) if (showing.has(popupKey(id))) closePopup(popupKey(id));
  if (folded.length) {
    const read = new Set(ids);
    folded = folded.filter((m) => !read.has(String(m.id)));
    if (folded.length) showSummary();
    else closeSummary();
  }
}
