// The real-time channel (spec 000 §4 "Real-time messages"): one WebSocket per signed-in session
// to /api/blade-message/ws, subscribed to /userMessages/{userId}.
//  - the token travels as the subprotocol pair ['blade-auth', token] (not in the URL, so it stays
//    out of access logs); a refreshed session token is sent on the open socket as {op:'auth'}
//  - {op:'ping'} every 25 s; a socket that answered nothing since the previous ping is dropped
//  - on close: reconnect with exponential back-off (1 s doubling to 30 s, with jitter); on 4401
//    (token invalid/expired/revoked) reconnect only when the session's token is (still, or newly)
//    valid, else stop and leave the sign-out to the session
//  - on every (re)connect re-read my/topList, so nothing pushed while away is lost
//  - the topic also carries {kind:'read', ids, unReadCount}: messages marked read by what the user did
//    elsewhere (handled or opened the task a notice was about)
//  - the app's language travels as ?lang= (the browser's Accept-Language may differ) and, when it
//    changes, as {op:'lang'}: the server pushes its own notices in that language
//  - closed on sign-out
import i18n from '../../i18n';
import { messageApi, type PushedMessage, type PushedRead } from '../../api/message';
import { refreshIfDue } from '../session';
import { useSession } from '../store';
import { receivePushed, receiveRead, refreshTop } from './actions';
import { useMessages } from './store';

export const WS_PATH = '/api/blade-message/ws';
export const AUTH_PROTOCOL = 'blade-auth';
export const CLOSE_UNAUTHORIZED = 4401;
export const PING_MS = 25_000;
export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

export const userTopic = (userId: string) => `/userMessages/${userId}`;

/** Delay before reconnect attempt n (0-based): 1 s doubling to 30 s, ±20 % jitter so clients do not return together. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.min(attempt, 16));
  return Math.round(Math.min(BACKOFF_MAX_MS, base * (0.8 + 0.4 * random())));
}

const appLang = (): 'en' | 'zh' => (i18n.language === 'en' ? 'en' : 'zh');

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${WS_PATH}?lang=${appLang()}`;
}

interface ServerFrame {
  op?: string;
  topic?: string;
  data?: unknown;
  msg?: string;
}

class MessageChannel {
  private ws: WebSocket | null = null;
  /** the user and token the current socket was opened with */
  private userId = '';
  private token = '';
  private attempt = 0;
  private reconnectTimer: number | undefined;
  private pingTimer: number | undefined;
  private awaitingPong = false;
  private running = false;

  /** Follows the session: open on sign-in, re-auth on token refresh, reopen for another user, close on sign-out. */
  sync(): void {
    const { token, userInfo } = useSession.getState();
    const userId = userInfo?.user_id ? String(userInfo.user_id) : '';
    if (!token || !userId) {
      if (this.running) this.stop();
      return;
    }
    if (!this.running || userId !== this.userId) {
      this.stop();
      this.running = true;
      this.userId = userId;
      this.attempt = 0;
      this.connect();
      return;
    }
    if (token !== this.token) {
      this.token = token;
      if (this.ws?.readyState === WebSocket.OPEN) this.send({ op: 'auth', token });
      // a socket still connecting (or waiting to reconnect) uses the new token on its next attempt
    }
  }

  /** Close and forget everything (sign-out). */
  stop(): void {
    this.running = false;
    window.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.dropSocket(1000, 'sign-out');
    this.userId = '';
    this.token = '';
    useMessages.getState().reset();
  }

  /** The app's language changed: pushes follow it, and the bell re-reads its list in it. */
  languageChanged(): void {
    if (!this.running || this.ws?.readyState !== WebSocket.OPEN) return;
    this.send({ op: 'lang', lang: appLang() });
    void refreshTop();
  }

  /** Back online after a network loss: try now instead of waiting out the back-off. */
  retryNow(): void {
    if (!this.running || this.ws) return;
    window.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.connect();
  }

  private connect(): void {
    const token = useSession.getState().token;
    if (!this.running || !token) return;
    this.token = token;
    let ws: WebSocket;
    try {
      ws = new WebSocket(socketUrl(), [AUTH_PROTOCOL, token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.send({ op: 'subscribe', topic: userTopic(this.userId) });
      this.startPing();
      // a token refreshed while the socket was connecting is sent now
      const current = useSession.getState().token;
      if (current && current !== this.token) {
        this.token = current;
        this.send({ op: 'auth', token: current });
      }
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.awaitingPong = false;
      let f: ServerFrame;
      try {
        f = JSON.parse(String(ev.data)) as ServerFrame;
      } catch {
        return;
      }
      if (f.op === 'subscribed' && f.topic === userTopic(this.userId)) {
        this.attempt = 0;
        useMessages.getState().setConnected(true);
        // subscribed first, then read: a message sent in between is both pushed and listed (de-duplicated by id)
        void refreshTop();
      } else if (f.op === 'message' && f.topic === userTopic(this.userId) && f.data && typeof f.data === 'object') {
        const data = f.data as PushedMessage | PushedRead;
        if ('kind' in data && data.kind === 'read') receiveRead(data);
        else receivePushed(data as PushedMessage);
      } else if (f.op === 'error') {
        console.warn('[messages]', f.msg);
      }
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopPing();
      useMessages.getState().setConnected(false);
      if (!this.running) return;
      if (ev.code === CLOSE_UNAUTHORIZED) void this.reauth();
      else this.scheduleReconnect();
    };
    ws.onerror = () => {
      // onclose follows and decides
    };
  }

  /** 4401: reconnect only with a valid session token (refreshed if it is due); else stop. */
  private async reauth(): Promise<void> {
    const usedToken = this.token;
    await refreshIfDue().catch(() => false);
    if (!this.running || this.ws) return;
    const current = useSession.getState().token;
    if (!current) return this.stop();
    if (current !== usedToken) {
      // the session has a newer token than the refused socket had: use it at once
      this.attempt = 0;
      this.connect();
      return;
    }
    try {
      // the same token: still valid when the API accepts it (no toast, no sign-out from here)
      await messageApi.topList(1, { silent: true, skipUnauthorized: true });
    } catch (e) {
      if ((e as { code?: number }).code === 401) {
        // the token is over: stop; a new sign-in (a new token) starts the channel again
        this.running = false;
        return;
      }
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    window.clearTimeout(this.reconnectTimer);
    const delay = backoffDelay(this.attempt++);
    this.reconnectTimer = window.setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private startPing(): void {
    this.stopPing();
    this.awaitingPong = false;
    this.pingTimer = window.setInterval(() => {
      const ws = this.ws;
      if (!ws || ws.readyState !== WebSocket.OPEN) return;
      if (this.awaitingPong) {
        // nothing heard since the last ping: the connection is dead without a close
        this.dropSocket(4000, 'no pong');
        useMessages.getState().setConnected(false);
        this.scheduleReconnect();
        return;
      }
      this.awaitingPong = true;
      this.send({ op: 'ping' });
    }, PING_MS);
  }

  private stopPing(): void {
    window.clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.awaitingPong = false;
  }

  private dropSocket(code: number, reason: string): void {
    const ws = this.ws;
    this.ws = null;
    this.stopPing();
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(code, reason);
    } catch {
      // already closing
    }
  }

  private send(frame: Record<string, unknown>): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }
}

let channel: MessageChannel | null = null;

/** Starts following the session (idempotent): the shell's top bar calls it once. */
export function startMessageChannel(): void {
  if (channel) return;
  channel = new MessageChannel();
  const ch = channel;
  useSession.subscribe((s, prev) => {
    if (s.token !== prev.token || s.userInfo?.user_id !== prev.userInfo?.user_id) ch.sync();
  });
  window.addEventListener('online', () => ch.retryNow());
  i18n.on('languageChanged', () => ch.languageChanged());
  ch.sync();
}
