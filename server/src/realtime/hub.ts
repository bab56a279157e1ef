// The sockets of this node and what each may hear. A socket belongs to the user of the token it
// connected with; it hears only the topics it subscribed to, and it may subscribe only to
// topics named after that user. The token is re-checked while the socket lives, so logging out
// (revocation) or expiry ends the channel as it ends the HTTP session.
import type { FastifyRequest } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import { bearer, type AuthUser, type Tokens } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import { t, type Lang, type Message } from '../http/messages.ts';
import type { Bus, Deliver, RealtimeEvent } from './bus.ts';
import { isTopicPrefix, parseTopic } from './topics.ts';

/** Close code for a missing, invalid, expired or revoked token: sign in again, then reconnect. */
export const CLOSE_UNAUTHORIZED = 4401;
/** Close code when the server shuts down: reconnect (to another node) with back-off. */
export const CLOSE_GOING_AWAY = 1001;

export const MSG = {
  badFrame: ['消息格式不正确，应为 JSON：{op, topic}', 'The frame must be JSON: {op, topic}'],
  unknownOp: ['不支持的操作：{op}', 'Unknown op: {op}'],
  topicInvalid: ['主题格式不正确：{topic}', 'Not a topic: {topic}'],
  topicForbidden: ['无权订阅该主题：{topic}', 'You may not subscribe to {topic}'],
  tooManyTopics: ['订阅数量超出上限：{max}', 'At most {max} subscriptions per connection'],
  otherUser: ['令牌属于其他用户', 'The token belongs to another user'],
} as const satisfies Record<string, Message>;

/** Server frames. `subscribed`/`unsubscribed` acknowledge in order, so a client knows when it starts hearing. */
export type ServerFrame =
  | { op: 'message'; topic: string; data: unknown }
  | { op: 'error'; msg: string }
  | { op: 'pong' }
  | { op: 'subscribed'; topic: string }
  | { op: 'unsubscribed'; topic: string }
  | { op: 'authed'; exp: number };

export interface HubOptions {
  /** how often a socket's token is verified again (revocation) and its peer pinged */
  recheckMs: number;
  maxTopicsPerSocket?: number;
}

class Connection {
  /** the prefixes of the subscribed topics: every topic of a socket ends with its own user id, so the prefix names it */
  readonly topics = new Set<string>();
  /** when the peer last answered a ping (or connected) */
  lastPong = Date.now();
  recheck?: NodeJS.Timeout;
  expiry?: NodeJS.Timeout;
  constructor(readonly socket: WebSocket, public user: AuthUser, public token: string, public lang: Lang) {}
}

/** Published data that differs by the reader's language: each socket hears the variant of its language. */
export interface Localized { $localized: Record<Lang, unknown> }
export const localized = (variants: Record<Lang, unknown>): Localized => ({ $localized: variants });
const isLocalized = (d: unknown): d is Localized =>
  !!d && typeof d === 'object' && '$localized' in d && !!(d as Localized).$localized && typeof (d as Localized).$localized === 'object';

/** The language a socket asks for (?lang=en|zh, as the app's language may differ from the browser's Accept-Language). */
export function langParam(v: unknown): Lang | null {
  return v === 'en' || v === 'zh' ? v : null;
}

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
/** The protocol name a browser offers beside its token: new WebSocket(url, ['blade-auth', token]). */
export const AUTH_PROTOCOL = 'blade-auth';

/** An upgrade request, its query read by the route's querystring schema. */
export type UpgradeRequest = FastifyRequest & { query: { token?: string; lang?: string } };

/** The token of an upgrade request: ?token=, the Blade-Auth / Authorization header, or a Sec-WebSocket-Protocol entry. */
export function tokenOf(req: UpgradeRequest): string {
  const q = req.query.token;
  if (typeof q === 'string' && q) return q.replace(/^bearer\s+/i, '').trim();
  const h = bearer(req);
  if (h) return h;
  const offered = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((s) => s.trim());
  return offered.find((p) => JWT.test(p)) ?? '';
}

/** Browsers fail a handshake whose answer names no protocol they offered: answer blade-auth, else what they offered. */
export function chooseProtocol(offered: Set<string>): string | false {
  if (offered.has(AUTH_PROTOCOL)) return AUTH_PROTOCOL;
  const first = offered.values().next();
  return first.done ? false : first.value;
}

/** Recipients written per turn of the event loop (see Hub.drain). */
const SLICE = 1000;

const FRAME_HEAD = Buffer.from('{"op":"message","topic":"');

/**
 * One event on its way to its recipients. The frame of each recipient differs only by the user id
 * inside the topic, so the bytes before and after it are encoded once per event (not a
 * JSON.stringify and a UTF-8 encoding per socket); each recipient's frame is one copy of them.
 */
class Delivery {
  private readonly head: Buffer;
  /** the bytes after the user id: one for every language, or one per language for Localized data */
  private readonly tails: Record<Lang, Buffer>;
  private next = 0;
  constructor(private readonly e: RealtimeEvent) {
    // the prefix passed isTopicPrefix (ASCII, nothing to escape) when it was published
    this.head = Buffer.concat([FRAME_HEAD, Buffer.from(e.prefix + '/', 'latin1')]);
    const tail = (data: unknown) => Buffer.from(`","data":${JSON.stringify(data ?? null)}}`);
    if (isLocalized(e.data)) {
      const v = e.data.$localized;
      const zh = tail(v.zh ?? v.en);
      this.tails = { zh, en: v.en === undefined ? zh : tail(v.en) };
    } else {
      const one = tail(e.data);
      this.tails = { zh: one, en: one };
    }
  }

  get done(): boolean {
    return this.next >= this.e.userIds.length;
  }

  /** Writes to the sockets of up to `max` more recipients; answers how many recipients it went through. */
  write(byUser: Map<string, Set<Connection>>, max: number): number {
    const { prefix, userIds } = this.e;
    const end = Math.min(userIds.length, this.next + max);
    const from = this.next;
    for (let i = from; i < end; i++) {
      const conns = byUser.get(String(userIds[i]));
      if (!conns) continue;
      const frames: Partial<Record<Lang, Buffer>> = {};
      for (const c of conns) {
        if (!c.topics.has(prefix) || c.socket.readyState !== WebSocket.OPEN) continue;
        // a subscribed socket's user id passed parseTopic: digits only, one byte each, nothing to escape
        const frame = (frames[c.lang] ??= this.frameFor(c.user.userId, c.lang));
        // sent as text (binary: false) like every other frame; no compression is negotiated
        c.socket.send(frame, { binary: false, compress: false });
      }
    }
    this.next = end;
    return end - from;
  }

  private frameFor(userId: string, lang: Lang): Buffer {
    const { head } = this;
    const tail = this.tails[lang] ?? this.tails.zh;
    const frame = Buffer.allocUnsafe(head.length + userId.length + tail.length);
    head.copy(frame, 0);
    frame.write(userId, head.length, 'latin1');
    tail.copy(frame, head.length + userId.length);
    return frame;
  }
}

export class Hub {
  private readonly byUser = new Map<string, Set<Connection>>();
  /** sockets whose token is still being verified */
  private readonly pending = new Set<WebSocket>();
  private bus!: Bus;
  private closed = false;

  private constructor(private readonly tokens: Tokens, private readonly opts: Required<HubOptions>) {}

  static async open(tokens: Tokens, opts: HubOptions, openBus: (deliver: Deliver) => Promise<Bus>): Promise<Hub> {
    const hub = new Hub(tokens, { maxTopicsPerSocket: 32, ...opts });
    hub.bus = await openBus(hub.deliver);
    return hub;
  }

  get busKind(): Bus['kind'] {
    return this.bus.kind;
  }

  /** Sockets and distinct users connected to this node. */
  stats(): { sockets: number; users: number } {
    let sockets = 0;
    for (const set of this.byUser.values()) sockets += set.size;
    return { sockets, users: this.byUser.size };
  }

  /** Sends data on one user's topic (e.g. userMessagesTopic(id)), to whichever node holds that user's sockets. */
  async publish(userId: string, topic: string, data: unknown): Promise<void> {
    const p = parseTopic(topic);
    if (!p || p.userId !== userId) throw new Error(`topic ${topic} does not belong to user ${userId}`);
    await this.publishToUsers(p.prefix, [userId], data);
  }

  /** Sends the same data to many users, each on `${prefix}/${userId}` (a broadcast is one bus message, not one per user). */
  async publishToUsers(prefix: string, userIds: string[], data: unknown): Promise<void> {
    if (!isTopicPrefix(prefix)) throw new Error(`not a topic prefix: ${prefix}`);
    if (!userIds.length || this.closed) return;
    await this.bus.publish({ prefix, userIds, data });
  }

  /** Takes an upgraded socket: verifies its token, then serves its frames (those sent meanwhile are kept in order). */
  accept(socket: WebSocket, req: UpgradeRequest): void {
    const lang = langParam(req.query.lang) ?? req.lang ?? 'zh';
    const queued: RawData[] = [];
    let conn: Connection | null = null;
    socket.on('message', (raw) => (conn ? this.onFrame(conn, raw) : queued.push(raw)));
    socket.on('pong', () => { if (conn) conn.lastPong = Date.now(); });
    socket.on('close', () => { if (conn) this.detach(conn); });
    this.pending.add(socket);
    this.tokens.verify(tokenOf(req), 'access').finally(() => this.pending.delete(socket)).then((user) => {
      if (socket.readyState !== WebSocket.OPEN) return;
      if (this.closed) return socket.close(CLOSE_GOING_AWAY, 'server shutting down');
      conn = new Connection(socket, user, tokenOf(req), lang);
      this.attach(conn);
      for (const raw of queued.splice(0)) this.onFrame(conn, raw);
    }, (e: unknown) => {
      // a database outage is not the client's fault: 1011 tells it to retry rather than sign in again
      if (e instanceof ApiError && e.status === 401) socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
      else socket.close(1011, 'server error');
    });
  }

  /** Before the HTTP server stops: tell every client to go elsewhere. */
  closeSockets(): void {
    this.closed = true;
    for (const socket of this.pending) socket.close(CLOSE_GOING_AWAY, 'server shutting down');
    this.pending.clear();
    for (const set of this.byUser.values()) {
      for (const c of set) {
        this.stopTimers(c);
        c.socket.close(CLOSE_GOING_AWAY, 'server shutting down');
      }
    }
    this.byUser.clear();
  }

  async close(): Promise<void> {
    this.closeSockets();
    await this.bus.close();
  }

  /** Events waiting to be written, oldest first; a socket hears its events in the order they were published. */
  private readonly outbox: Delivery[] = [];
  private draining = false;

  private readonly deliver = (e: RealtimeEvent): void => {
    if (!e.userIds.length) return;
    this.outbox.push(new Delivery(e));
    if (!this.draining) this.drain();
  };

  /**
   * Writes the waiting events, at most SLICE recipients per turn of the event loop: a broadcast to
   * thousands must not hold up HTTP requests (or the event after it) for the whole fan-out. Each
   * write reaches the peer at once (nothing is corked), so yielding delays no one already written.
   */
  private drain(): void {
    this.draining = true;
    let budget = SLICE;
    while (this.outbox.length && budget > 0) {
      const d = this.outbox[0];
      budget -= d.write(this.byUser, budget);
      if (d.done) this.outbox.shift();
    }
    if (this.outbox.length && !this.closed) setImmediate(() => this.drain());
    else {
      this.draining = false;
      if (this.closed) this.outbox.length = 0;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private readonly idleWaiters: (() => void)[] = [];
  /** Resolves once every event published so far has been written to this node's sockets (the benchmark times the fan-out by it). */
  written(): Promise<void> {
    if (!this.draining) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private attach(c: Connection): void {
    let set = this.byUser.get(c.user.userId);
    if (!set) this.byUser.set(c.user.userId, (set = new Set()));
    set.add(c);
    this.armExpiry(c);
    this.scheduleRecheck(c);
  }

  private detach(c: Connection): void {
    this.stopTimers(c);
    const set = this.byUser.get(c.user.userId);
    if (!set) return;
    set.delete(c);
    if (!set.size) this.byUser.delete(c.user.userId);
  }

  private stopTimers(c: Connection): void {
    clearTimeout(c.recheck);
    clearTimeout(c.expiry);
  }

  private armExpiry(c: Connection): void {
    clearTimeout(c.expiry);
    // past 2^31 ms setTimeout fires at once; such far expiries are caught by the recheck instead
    const ms = c.user.exp * 1000 - Date.now();
    if (ms < 2 ** 31) c.expiry = setTimeout(() => this.refuse(c), Math.max(ms, 0));
  }

  /** Jittered, so thousands of sockets opened together do not all verify in the same instant. */
  private scheduleRecheck(c: Connection): void {
    c.recheck = setTimeout(() => void this.recheck(c), this.opts.recheckMs * (0.75 + Math.random() * 0.5));
  }

  private async recheck(c: Connection): Promise<void> {
    if (c.socket.readyState !== WebSocket.OPEN) return;
    // no pong for three checks (at least 5 s): the peer is gone without a close. One missed check
    // is not enough: a busy client answers late, and a live socket must not be cut for it.
    if (Date.now() - c.lastPong > Math.max(3 * this.opts.recheckMs, 5000)) {
      c.socket.terminate();
      return;
    }
    c.socket.ping();
    const token = c.token;
    try {
      await this.tokens.verify(token, 'access');
    } catch (e) {
      // a token renewed while this check ran is the renewal's to judge
      if (e instanceof ApiError && e.status === 401 && c.token === token) return this.refuse(c);
    }
    if (c.socket.readyState === WebSocket.OPEN) this.scheduleRecheck(c);
  }

  private refuse(c: Connection): void {
    this.detach(c);
    c.socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
  }

  private send(c: Connection, frame: ServerFrame): void {
    if (c.socket.readyState === WebSocket.OPEN) c.socket.send(JSON.stringify(frame));
  }

  private error(c: Connection, msg: Message, params: Record<string, string | number> = {}): void {
    this.send(c, { op: 'error', msg: t(msg, c.lang, params) });
  }

  private onFrame(c: Connection, raw: RawData): void {
    let f: { op?: unknown; topic?: unknown; token?: unknown };
    try {
      f = JSON.parse(raw.toString());
    } catch {
      return this.error(c, MSG.badFrame);
    }
    if (!f || typeof f !== 'object') return this.error(c, MSG.badFrame);
    switch (f.op) {
      case 'ping':
        return this.send(c, { op: 'pong' });
      case 'subscribe': {
        const topic = String(f.topic ?? '').slice(0, 200);
        const p = parseTopic(topic);
        if (!p) return this.error(c, MSG.topicInvalid, { topic });
        if (p.userId !== c.user.userId) return this.error(c, MSG.topicForbidden, { topic });
        if (!c.topics.has(p.prefix) && c.topics.size >= this.opts.maxTopicsPerSocket) return this.error(c, MSG.tooManyTopics, { max: this.opts.maxTopicsPerSocket });
        c.topics.add(p.prefix);
        return this.send(c, { op: 'subscribed', topic });
      }
      case 'unsubscribe': {
        const topic = String(f.topic ?? '').slice(0, 200);
        const p = parseTopic(topic);
        if (p && p.userId === c.user.userId) c.topics.delete(p.prefix);
        return this.send(c, { op: 'unsubscribed', topic });
      }
      case 'auth':
        return void this.renew(c, String(f.token ?? '').replace(/^bearer\s+/i, ''));
      case 'lang': {
        // the app's language changed: what is pushed from now on (and error texts) follow it
        const lang = langParam((f as { lang?: unknown }).lang);
        if (lang) c.lang = lang;
        return;
      }
      default:
        return this.error(c, MSG.unknownOp, { op: String(f.op ?? '').slice(0, 32) });
    }
  }

  /** A refreshed access token keeps the socket open past the old token's expiry (same user only). */
  private async renew(c: Connection, token: string): Promise<void> {
    let user: AuthUser;
    try {
      user = await this.tokens.verify(token, 'access');
    } catch {
      return this.refuse(c);
    }
    if (user.userId !== c.user.userId || user.tenantId !== c.user.tenantId) return this.error(c, MSG.otherUser);
    c.user = user;
    c.token = token;
    this.armExpiry(c);
    this.send(c, { op: 'authed', exp: user.exp });
  }
}
