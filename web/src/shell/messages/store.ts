// The bell's state (spec 000 §2.8, §4 "Message read state"): the latest messages and my unread
// count, plus which message is open and whether the 我的消息 drawer is showing. One store for the
// bell, the drawer and the dashboard widget, so all of them agree.
import { create } from 'zustand';
import { isUnread, type MessageRow, type PushedMessage, type TopList } from '../../api/message';

/** How many messages the bell keeps. */
export const TOP_SIZE = 10;

export interface MessageState {
  unReadCount: number;
  messageList: MessageRow[];
  /** Bumped whenever my inbox changes (push, read, delete, read all): open tables reload on it. */
  version: number;
  /** The real-time channel is open and subscribed. */
  connected: boolean;
  drawerOpen: boolean;
  /** The message shown in the view dialog. */
  viewing: MessageRow | null;
  setTop(top: TopList): void;
  /** A pushed message: count + 1, prepended (once). */
  pushed(m: PushedMessage): void;
  /** Opened (detail marked it read on the server): mark it read locally and count − 1 when it was unread. */
  markedRead(id: string, wasUnread: boolean): void;
  allRead(): void;
  /** Marked read on the server by something done elsewhere (the task a notice was about was handled or opened). */
  readElsewhere(ids: string[], unReadCount: number): void;
  removed(ids: string[], unreadRemoved: number): void;
  setConnected(connected: boolean): void;
  setDrawerOpen(open: boolean): void;
  setViewing(m: MessageRow | null): void;
  reset(): void;
}

const initial = { unReadCount: 0, messageList: [] as MessageRow[], version: 0, connected: false, drawerOpen: false, viewing: null };

export const useMessages = create<MessageState>()((set) => ({
  ...initial,
  setTop: ({ messageList, unReadCount }) =>
    set((s) => ({ messageList: messageList ?? [], unReadCount: Math.max(0, Number(unReadCount) || 0), version: s.version + 1 })),
  pushed: (m) =>
    set((s) => {
      if (s.messageList.some((x) => String(x.id) === String(m.id))) return {};
      const row: MessageRow = { ...m, id: String(m.id), isRead: 1 };
      return { unReadCount: s.unReadCount + 1, messageList: [row, ...s.messageList].slice(0, TOP_SIZE), version: s.version + 1 };
    }),
  markedRead: (id, wasUnread) =>
    set((s) => ({
      unReadCount: wasUnread ? Math.max(0, s.unReadCount - 1) : s.unReadCount,
      messageList: s.messageList.map((m) => (String(m.id) === String(id) ? { ...m, isRead: 0 } : m)),
      viewing: s.viewing && String(s.viewing.id) === String(id) ? { ...s.viewing, isRead: 0 } : s.viewing,
      version: s.version + 1,
    })),
  allRead: () => set((s) => ({ unReadCount: 0, messageList: s.messageList.map((m) => ({ ...m, isRead: 0 })), version: s.version + 1 })),
  readElsewhere: (ids, unReadCount) =>
    set((s) => {
      const read = new Set(ids.map(String));
      return {
        unReadCount: Math.max(0, Number(unReadCount) || 0),
        messageList: s.messageList.map((m) => (read.has(String(m.id)) ? { ...m, isRead: 0 } : m)),
        viewing: s.viewing && read.has(String(s.viewing.id)) ? { ...s.viewing, isRead: 0 } : s.viewing,
        version: s.version + 1,
      };
    }),
  removed: (ids, unreadRemoved) =>
    set((s) => {
      const gone = new Set(ids.map(String));
      return {
        unReadCount: Math.max(0, s.unReadCount - unreadRemoved),
        messageList: s.messageList.filter((m) => !gone.has(String(m.id))),
        version: s.version + 1,
      };
    }),
  setConnected: (connected) => set({ connected }),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  setViewing: (viewing) => set({ viewing }),
  reset: () => set((s) => ({ ...initial, version: s.version + 1 })),
}));

export { isUnread };
