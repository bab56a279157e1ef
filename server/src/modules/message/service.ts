// Personal messages (000 §2.8, §3 Message, §4 "Message read state"): sending (to users, to the
// members of a department or a role), each recipient's inbox with its read state, and the push
// of every new message to its recipients' /userMessages/{userId} topic.
// Other modules send through `app.messages.sendMessage(...)` (or `sendMessage(app, ...)`): the
// workflow its approval notices (type 3), report reminders ordinary ones (type 1).
import type { FastifyInstance } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { nextId } from '../../db/ids.ts';
import type { Db } from '../../db/index.ts';
import { isId, type Repo, type Ctx, type Row } from '../../db/repo.ts';
import { modelRepo } from '../../http/model-resource.ts';
import { scoped, TENANT, tenantSql } from '../../db/tenant-scope.ts';
import type { Page } from '../../http/page.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { t, type Lang, type Message } from '../../http/messages.ts';
import { localized, type Hub } from '../../realtime/hub.ts';
import { USER_MESSAGES } from '../../realtime/topics.ts';
import type { Directory } from '../system/directory.ts';
import type { PushedMessage, PushedRead, Receiver } from '@campus/contracts';
import { messageModel, messageReceiverModel } from '@campus/schema';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageService;
  }
}

/** 1 ordinary, 2 department broadcast, 3 approval, 4 role broadcast (000 §3). */
export const MessageType = { ordinary: 1, deptBroadcast: 2, approval: 3, roleBroadcast: 4 } as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

/** is_read: 0 read (已读), 1 unread (未读). */
export const READ = 0;
export const UNREAD = 1;

export interface SendMessageInput {
  tenantId: string;
  /** the sender; empty for a message the system sends on nobody's behalf */
  fromUserId: string;
  fromDeptId?: string;
  title: string;
  content?: string;
  type: MessageType;
  /** the business link the message opens on the PC (e.g. the process to handle) */
  pcUrl?: string | null;
  appUrl?: string | null;
  /** which business record the message is about (e.g. bizType 'process', bizKey the instance id) */
  bizType?: string | null;
  bizKey?: string | null;
  /** type 1 and 3 */
  toUserIds?: string[];
  /** type 2: every user of the tenant whose departments include it */
  deptId?: string;
  /** type 4: every user of the tenant whose roles include it */
  roleId?: string;
  /**
   * A text of a registered catalogue (see MessageService.addTexts) instead of a fixed one: each
   * reader sees it in their language. title/content are then ignored; the Chinese rendering is
   * stored as the message's text (what a reader without the catalogue entry sees).
   */
  text?: MessageText;
}

/** The key of a catalogue entry and its parameters ({name} placeholders). */
export interface MessageText { key: string; params?: Record<string, string> }
/** A server-sent text: its title and content, each [zh, en]. */
export interface MessageTexts { title: Message; content: Message }

export type { PushedMessage, PushedRead, Receiver };

export const M = {
  noReceivers: ['请选择接收人', 'Choose at least one recipient (userIds)'],
  deptRequired: ['部门广播必须选择部门', 'A department broadcast needs deptId'],
  roleRequired: ['角色广播必须选择角色', 'A role broadcast needs roleId'],
  unknownUser: ['接收人不存在：{id}', 'No such recipient: {id}'],
  unknownDept: ['部门不存在', 'No such department'],
  unknownRole: ['角色不存在', 'No such role'],
  badType: ['消息类型不正确', 'The message type must be 1, 2, 3 or 4'],
  titleRequired: ['消息标题不能为空', 'The message title is required'],
  tooManyReceivers: ['接收人不能超过{max}个', 'At most {max} recipients'],
} as const;

const MAX_RECEIVERS = 10000;

export class MessageService {
  /** messages as sent (the sender's view) */
  readonly sent: Repo;
  /** one row per (message, recipient): the recipient's view, read state included */
  readonly inbox: Repo;

  /** the server's message texts by key (other modules add theirs at start-up) */
  private readonly texts = new Map<string, MessageTexts>();

  /** Registers a module's message texts; a key is global, so modules prefix theirs (e.g. 'wf.'). */
  addTexts(entries: Record<string, MessageTexts>): void {
    for (const [k, v] of Object.entries(entries)) {
      if (k.length > 64) throw new Error(`message key too long: ${k}`);
      this.texts.set(k, v);
    }
  }

  /** A text in one language: null when the key is not (or no longer) known. */
  renderText(text: MessageText, lang: Lang): { title: string; content: string } | null {
    const entry = this.texts.get(text.key);
    if (!entry) return null;
    const params = text.params ?? {};
    return { title: t(entry.title, lang, params), content: t(entry.content, lang, params) };
  }

  /** A stored row as the reader sees it: a keyed message in the reader's language, any other as stored. */
  render<R extends Row>(row: R, lang: Lang): R {
    const { msgKey, msgParams, ...rest } = row as R & { msgKey?: unknown; msgParams?: unknown };
    const out = rest as unknown as R;
    if (typeof msgKey !== 'string' || !msgKey) return out;
    let params: Record<string, string> = {};
    try {
      const parsed = JSON.parse(String(msgParams ?? '{}')) as unknown;
      if (parsed && typeof parsed === 'object') params = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v ?? '')]));
    } catch {
      // unreadable parameters: the stored text
      return out;
    }
    const r = this.renderText({ key: msgKey, params }, lang);
    return r ? { ...out, title: r.title, content: r.content } : out;
  }

  constructor(private readonly db: Db, private readonly realtime: Hub, private readonly log: (err: unknown) => void, private readonly directory: Directory) {
    // msgKey / msgParams are never sent (the models say hidden), but the rows keep them until render()
    // has put the reader's language in and dropped them
    this.sent = modelRepo(db, messageModel, { hidden: [] });
    // the inbox is the view blade_message_inbox: a recipient's row (user, read state, removal) joined to
    // its message (id = the message's id), so its fields are the recipient's and the message's it shows
    // (not the broadcast's department or role); the view is read only, never written (no audit stamps)
    const { receiveDeptId: _dept, receiveRoleId: _role, ...shown } = messageModel.fields;
    const { userId, isRead, readTime } = messageReceiverModel.fields;
    this.inbox = modelRepo(db, { ...messageReceiverModel, table: 'blade_message_inbox', fields: { ...shown, userId, isRead, readTime } }, {
      hidden: [], columns: { createUser: 'id' },
    });
  }

  /** Stores the message and one inbox row per recipient in one transaction, then pushes it to them. */
  async sendMessage(input: SendMessageInput): Promise<Row & { receiverCount: number }> {
    const type = Number(input.type) as MessageType;
    if (![1, 2, 3, 4].includes(type)) throw new ApiError(400, M.badType);
    const text = input.text ? { key: input.text.key, params: Object.fromEntries(Object.entries(input.text.params ?? {}).map(([k, v]) => [k, String(v ?? '')])) } : null;
    const zh = text ? this.renderText(text, 'zh') : null;
    if (text && !zh) throw new Error(`unknown message key: ${text.key}`);
    const en = text ? this.renderText(text, 'en') : null;
    const title = (zh ? zh.title : String(input.title ?? '')).trim().slice(0, 255);
    if (!title) throw new ApiError(400, M.titleRequired);
    const ctx: Ctx = { tenantId: input.tenantId, userId: input.fromUserId ?? '', deptId: input.fromDeptId ?? '' };

    const receivers = await this.receiversOf(input.tenantId, type, input);
    const sender = (await this.directory.userNames(ctx.tenantId, [ctx.userId])).get(ctx.userId);
    const message = await this.db.transaction().execute(async (tx) => {
      const message = await this.sent.save(ctx, {
        title, content: zh ? zh.content : input.content ?? '', type,
        msgKey: text ? text.key : null, msgParams: text ? JSON.stringify(text.params) : null, pcUrl: input.pcUrl || null, appUrl: input.appUrl || null,
        bizType: input.bizType || null, bizKey: input.bizKey || null,
        receiveDeptId: type === MessageType.deptBroadcast ? input.deptId : null,
        receiveRoleId: type === MessageType.roleBroadcast ? input.roleId : null,
        createUserName: sender ?? null,
      }, tx);
      if (receivers.length) {
        // one statement with two array parameters, however many recipients: a 5,000-member broadcast
        // is one round trip, not thousands of bound values
        await tenantSql`insert into blade_message_user (id, tenant_id, message_id, user_id, is_read)
          select unnest(${receivers.map(() => nextId())}::bigint[]), ${TENANT}, ${message.id}, unnest(${receivers}::bigint[]), ${UNREAD}`.execute(scoped(tx, input.tenantId));
      }
      return message;
    });

    const pushed: PushedMessage = {
      id: String(message.id), title, content: String(message.content ?? ''), type,
      pcUrl: (message.pcUrl as string | null) ?? null, createTime: String(message.createTime),
    };
    // a keyed message is pushed in each connection's language
    const data = en ? localized({ zh: pushed, en: { ...pushed, title: en.title.trim().slice(0, 255), content: en.content } }) : pushed;
    // after the commit, so a client that re-reads on the push finds the row; a bus failure must not undo the send
    this.realtime.publishToUsers(USER_MESSAGES, receivers, data).catch(this.log);
    const { msgKey: _k, msgParams: _p, ...sent } = message;
    return { ...sent, receiverCount: receivers.length };
  }

  /** The recipients at send time: exactly the listed users, or the department's or role's members, of the same tenant. */
  private async receiversOf(tenantId: string, type: MessageType, input: SendMessageInput): Promise<string[]> {
    if (type === MessageType.deptBroadcast) {
      if (!isId(input.deptId)) throw new ApiError(400, M.deptRequired);
      const members = await this.directory.members(tenantId, 'dept', input.deptId);
      if (!members) throw badRequest(M.unknownDept);
      return members;
    }
    if (type === MessageType.roleBroadcast) {
      if (!isId(input.roleId)) throw new ApiError(400, M.roleRequired);
      const members = await this.directory.members(tenantId, 'role', input.roleId);
      if (!members) throw badRequest(M.unknownRole);
      return members;
    }
    const wanted = [...new Set((input.toUserIds ?? []).map(String))];
    if (!wanted.length) throw new ApiError(400, M.noReceivers);
    if (wanted.length > MAX_RECEIVERS) throw new ApiError(400, M.tooManyReceivers, { max: MAX_RECEIVERS });
    const bad = wanted.find((id) => !isId(id));
    if (bad) throw new ApiError(400, M.unknownUser, { id: String(bad).slice(0, 20) });
    const found = new Set(await this.directory.livingUsers(tenantId, wanted));
    // a user of another tenant is refused exactly like one that does not exist
    const missing = wanted.find((id) => !found.has(id));
    if (missing) throw new ApiError(400, M.unknownUser, { id: missing });
    return wanted;
  }

  /** My inbox: rows of this tenant addressed to me and not removed by me. */
  private mine(ctx: Ctx): SelectQueryBuilder<any, any, Row> {
    return this.inbox.select(ctx).where('userId', '=', ctx.userId);
  }

  /** The inbox rows I may change (read state, removal). */
  private myRows(ctx: Ctx) {
    return scoped(this.db, ctx.tenantId).updateTable('bladeMessageUser').where('userId', '=', ctx.userId).where('isDeleted', '=', 0);
  }

  /** my/list: paged, BladeX filters; `type` and `isRead` match exactly. */
  async myList(ctx: Ctx, query: Record<string, unknown>, lang: Lang = 'zh'): Promise<Page<Row>> {
    const q = { ...query };
    for (const k of ['type', 'isRead']) {
      if (q[k] !== undefined) {
        q[`${k}_equal`] = q[k];
        delete q[k];
      }
    }
    const page = await this.inbox.page(ctx, q, (qb) => qb.where('userId', '=', ctx.userId), { maxSize: 100 });
    return { ...page, records: page.records.map((r) => this.render(r, lang)) };
  }

  /** my/topList: the bell's latest messages and my unread count. */
  async topList(ctx: Ctx, size: number, lang: Lang = 'zh'): Promise<{ messageList: Row[]; unReadCount: number }> {
    const [messageList, count] = await Promise.all([
      this.mine(ctx).orderBy('id', 'desc').limit(size).execute(),
      this.mine(ctx).where('isRead', '=', UNREAD).clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { messageList: messageList.map((r) => this.render(r, lang)), unReadCount: Number((count as { n: string }).n) };
  }

  /** detail: one of my messages, marked read on the way (data null when it is not mine). */
  async detail(ctx: Ctx, id: unknown, lang: Lang = 'zh'): Promise<Row | null> {
    if (!isId(id)) return null;
    const row = await this.mine(ctx).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    if (row.isRead !== READ) {
      const marked = await this.myRows(ctx).set({ isRead: READ, readTime: sql`now()` }).where('messageId', '=', id).where('isRead', '=', UNREAD)
        .returning('readTime').executeTakeFirst();
      row.isRead = READ;
      row.readTime = marked?.readTime ?? row.readTime;
    }
    return this.render(row, lang);
  }

  /** remove: takes messages out of MY inbox only; the sender and other recipients keep theirs. */
  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    const r = await this.myRows(ctx).set({ isDeleted: 1 }).where('messageId', 'in', ids).executeTakeFirst();
    return Number(r.numUpdatedRows ?? 0);
  }

  /**
   * Marks read the user's unread messages about these business records (bizType + one of bizKeys),
   * e.g. the notices of a task once they handled it or opened its page. The user's open clients
   * hear it on /userMessages/{userId} as {kind:'read', ids, unReadCount}, so every bell follows.
   * Answers the ids of the messages it marked (none: nothing pushed).
   */
  async readBiz(ctx: Pick<Ctx, 'tenantId' | 'userId'>, bizType: string, bizKeys: string[]): Promise<string[]> {
    const keys = [...new Set(bizKeys.filter(Boolean))];
    if (!keys.length || !isId(ctx.userId)) return [];
    const db = scoped(this.db, ctx.tenantId);
    const about = db.selectFrom('bladeMessage').select('id')
      .where('bizType', '=', bizType).where('bizKey', 'in', keys).where('isDeleted', '=', 0);
    const rows = await db.updateTable('bladeMessageUser').set({ isRead: READ, readTime: sql`now()` })
      .where('userId', '=', ctx.userId).where('isDeleted', '=', 0).where('isRead', '=', UNREAD)
      .where('messageId', 'in', about).returning('messageId').execute();
    const ids = rows.map((r) => String(r.messageId));
    if (ids.length) {
      const left = await db.selectFrom('bladeMessageInbox').select(sql<string>`count(*)`.as('n'))
        .where('userId', '=', ctx.userId).where('isDeleted', '=', 0).where('isRead', '=', UNREAD).executeTakeFirstOrThrow();
      const frame: PushedRead = { kind: 'read', ids, unReadCount: Number(left.n) };
      this.realtime.publishToUsers(USER_MESSAGES, [ctx.userId], frame).catch(this.log);
    }
    return ids;
  }

  async readAll(ctx: Ctx): Promise<number> {
    const r = await this.myRows(ctx).set({ isRead: READ, readTime: sql`now()` }).where('isRead', '=', UNREAD).executeTakeFirst();
    return Number(r.numUpdatedRows ?? 0);
  }

  /** my/sendList: the messages I sent, each with how many received and read it. */
  async sendList(ctx: Ctx, query: Record<string, unknown>, lang: Lang = 'zh'): Promise<Page<Row>> {
    const q = { ...query };
    if (q.type !== undefined) {
      q.type_equal = q.type;
      delete q.type;
    }
    const page = await this.sent.page(ctx, q, (qb) => qb.where('createUser', '=', ctx.userId), { maxSize: 100 });
    const ids = page.records.map((r) => String(r.id));
    const counts = new Map<string, { receiverCount: number; readCount: number }>();
    if (ids.length) {
      const rows = await scoped(this.db, ctx.tenantId).selectFrom('bladeMessageUser')
        .select(['messageId', sql<string>`count(*)`.as('receivers'), sql<string>`count(*) filter (where is_read = 0)`.as('readers')])
        .where('messageId', 'in', ids).groupBy('messageId').execute();
      for (const r of rows) counts.set(String(r.messageId), { receiverCount: Number(r.receivers), readCount: Number(r.readers) });
    }
    return { ...page, records: page.records.map((r) => ({ ...this.render(r, lang), ...(counts.get(String(r.id)) ?? { receiverCount: 0, readCount: 0 }) })) };
  }

  /** sendDetail: a message I sent with every recipient and its read state (data null when I did not send it). */
  async sendDetail(ctx: Ctx, id: unknown, lang: Lang = 'zh'): Promise<(Row & { receivers: Receiver[]; receiverCount: number; readCount: number }) | null> {
    if (!isId(id)) return null;
    const message = await this.sent.select(ctx).where('id', '=', id).where('createUser', '=', ctx.userId).executeTakeFirst();
    if (!message) return null;
    const rows = await scoped(this.db, ctx.tenantId).selectFrom('bladeMessageUser').select(['userId', 'isRead', 'readTime'])
      .where('messageId', '=', id).orderBy('isRead', 'desc').orderBy('userId').execute();
    const people = await this.directory.accounts(ctx.tenantId, rows.map((r) => r.userId));
    const receivers = rows.map((r) => ({ userId: r.userId, account: people.get(String(r.userId))?.account ?? null, realName: people.get(String(r.userId))?.realName ?? null, isRead: r.isRead, readTime: r.readTime })) as Receiver[];
    return { ...this.render(message, lang), receivers, receiverCount: receivers.length, readCount: receivers.filter((r) => r.isRead === READ).length };
  }
}

/** For other modules: sends a message in-process through the app's message service. */
export function sendMessage(app: FastifyInstance, input: SendMessageInput): Promise<Row & { receiverCount: number }> {
  return app.messages.sendMessage(input);
}
