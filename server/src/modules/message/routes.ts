// /api/blade-message/message: the bell (my/topList), the 我的消息 drawer (my/list, detail,
// remove, readAll) and sending (save, my/sendList, sendDetail), 000 §2.8 and §7 "Messages".
// Every call sees only the caller's own inbox or own sent messages, in the caller's tenant.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseIds } from '../../db/repo.ts';
import { ctxOf, idQuery, listQuery, zOptId } from '../../http/crud.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { modelBody } from '../../http/model-resource.ts';
import { messageModel } from '@campus/schema';
import { MessageService, type MessageType } from './service.ts';

const BASE = '/api/blade-message/message';
const tags = ['message'];

/**
 * A message to send: its fields as the model declares them (title, content, type, pcUrl / appUrl — a
 * route of this site or an http(s) address, never javascript: or data: —, bizType, bizKey), and
 * whom it goes to, which is no column of the message (one blade_message_user row each).
 */
export const saveBody = modelBody(messageModel).extend({
  id: z.union([z.literal(''), z.null()]).optional(),
  /** type 1 and 3: comma-separated user ids (or an array) */
  userIds: z.union([z.string().max(200000), z.array(z.string().max(19)).max(10000)]).optional(),
  /** type 2 */
  deptId: zOptId,
  /** type 4 */
  roleId: zOptId,
});

/** A checked body: the model's fields (typed unknown by modelBody) as they come out of it. */
interface SaveBody {
  title: string; content?: string | null; type: number; pcUrl?: string | null; appUrl?: string | null; bizType?: string | null; bizKey?: string | null;
  userIds?: string | string[]; deptId?: string | null; roleId?: string | null;
}

const removeQuery = z.object({ ids: z.string().max(20000).optional(), id: z.string().max(64).optional() }).passthrough();
const topQuery = z.object({ size: z.coerce.number().int().min(1).max(50).optional() }).passthrough();

export async function messageRoutes(app: TypedApp, { db, directory }: ModuleDeps): Promise<void> {
  const messages = new MessageService(db, app.realtime, (err) => app.log.warn({ err }, 'message push failed'), directory);
  app.decorate('messages', messages);

  const myLists: [url: string, summary: string][] = [
    [`${BASE}/my/list`, 'My messages, paged (current, size, BladeX filters such as title_like; type and isRead match exactly; isRead 0 read, 1 unread)'],
    [`${BASE}/list`, 'Same as my/list (every entity answers list): only the caller\'s own messages'],
  ];
  for (const [url, summary] of myLists) {
    app.get(url, { schema: { tags, summary, querystring: listQuery } }, async (req) => ok(await messages.myList(ctxOf(req), req.query, req.lang)));
  }

  app.get(`${BASE}/my/topList`, {
    schema: { tags, summary: 'The bell: {messageList (latest `size`, default 5), unReadCount}', querystring: topQuery },
  }, async (req) => ok(await messages.topList(ctxOf(req), req.query.size ?? 5, req.lang)));

  app.get(`${BASE}/my/sendList`, {
    schema: { tags, summary: 'Messages I sent, paged, each with receiverCount and readCount', querystring: listQuery },
  }, async (req) => ok(await messages.sendList(ctxOf(req), req.query, req.lang)));

  app.get(`${BASE}/sendDetail`, {
    schema: { tags, summary: 'A message I sent with its receivers [{userId, account, realName, isRead, readTime}] (data null when not mine)', querystring: idQuery },
  }, async (req) => ok(await messages.sendDetail(ctxOf(req), req.query.id, req.lang)));

  app.get(`${BASE}/detail`, {
    schema: { tags, summary: 'One of my messages by id; marks it read for me (data null when not mine)', querystring: idQuery },
  }, async (req) => ok(await messages.detail(ctxOf(req), req.query.id, req.lang)));

  app.post(`${BASE}/remove`, {
    schema: { tags, summary: 'Remove messages from MY inbox (ids=1,2 or id=1); the sender and other receivers keep theirs', querystring: removeQuery },
  }, async (req) => {
    await messages.remove(ctxOf(req), parseIds(req.query.ids ?? req.query.id));
    return ok(true);
  });

  app.post(`${BASE}/readAll`, {
    schema: { tags, summary: 'Mark all my messages read' },
  }, async (req) => {
    await messages.readAll(ctxOf(req));
    return ok(true);
  });

  const save = async (req: FastifyRequest, body: unknown) => {
    const b = body as SaveBody;
    const u = me(req);
    const toUserIds = Array.isArray(b.userIds) ? b.userIds : String(b.userIds ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    return ok(await messages.sendMessage({
      tenantId: u.tenantId, fromUserId: u.userId, fromDeptId: u.deptId, title: b.title, content: b.content ?? undefined, type: b.type as MessageType,
      pcUrl: b.pcUrl, appUrl: b.appUrl, bizType: b.bizType, bizKey: b.bizKey,
      toUserIds, deptId: b.deptId ?? undefined, roleId: b.roleId ?? undefined,
    }));
  };
  const saveSummary = 'Send a message: {title, content, type 1 ordinary | 3 approval with userIds (comma), 2 department broadcast with deptId, 4 role broadcast with roleId, pcUrl}; broadcasts reach the members at send time; every receiver is pushed on /userMessages/{userId}';
  app.post(`${BASE}/save`, { schema: { tags, summary: saveSummary, body: saveBody } }, async (req) => save(req, req.body));
  app.post(`${BASE}/submit`, {
    schema: { tags, summary: 'Same as save (every entity answers submit); a sent message cannot be changed, so an id is refused', body: saveBody.extend({ id: z.unknown().optional() }) },
  }, async (req) => {
    const { id } = req.body;
    if (id !== undefined && id !== null && id !== '') throw new ApiError(400, ['已发送的消息不能修改', 'A sent message cannot be changed']);
    return save(req, req.body);
  });
}
