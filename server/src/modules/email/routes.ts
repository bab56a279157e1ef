// /api/blade-email/*: e-mail (002 §4, §7). Sending platforms (plat-from: SMTP, copy, enable,
// test), mailbox configs (receiving over POP3: enable, test, handleSync), templates (${var}, copy),
// strategies (template + platform + recipients on a cron), the address book (plat-address,
// select), the outbox (drafts, submitAndSend, sendMsg: real SMTP, outcome on the row) and inbox.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { isId, type Ctx, type Repo, type Row } from '../../db/repo.ts';
import { me } from '../../http/auth.ts';
import { ctxOf, idQuery, resource, zOptId } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { zmsg, type Message } from '../../http/messages.ts';
import type { ModuleDeps } from '../index.ts';
import { validCron } from '../job/scheduler.ts';
import { MSG } from './messages.ts';
import { EmailService, SEND_STATUS, missingParams, parseAddresses, parseAttachments, parseParams, type MailNet } from './service.ts';
import { likeContains } from '../../db/like.ts';

const TAG = 'email';
const BASE = '/api/blade-email';
const opt = (s: z.ZodType) => s.optional().nullable();
const need = (m: Message, max: number) => z.string({ error: zmsg(m) }).trim().min(1, zmsg(m)).max(max);
const port = z.coerce.number({ error: zmsg(MSG.port) }).int(zmsg(MSG.portInvalid)).min(1, zmsg(MSG.portInvalid)).max(65535, zmsg(MSG.portInvalid));
const host = need(MSG.host, 255).regex(/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9a-fA-F:]+\]?$/, zmsg(MSG.hostInvalid));
const email = (m: Message) => need(m, 255).refine((v) => z.email().safeParse(v).success, { message: zmsg(MSG.emailInvalid) });
const flag = z.coerce.number().int().min(0).max(1);
const addressList = z.union([z.string().max(20000), z.array(z.string().max(255)).max(500)]);
const json = z.union([z.string().max(20000), z.record(z.string(), z.unknown())]);
const attachments = z.union([z.string().max(40000), z.array(z.record(z.string(), z.unknown())).max(20)]);
const dropEmptyPassword = (e: Row) => { if (e.id && !e.password) delete e.password; }; // write-only: empty on edit keeps it

/** a comma list of valid addresses (or null) in place of the body's string or array */
const normaliseAddresses = (e: Row, field: string, required?: Message) => {
  if (e[field] === undefined) return;
  const list = parseAddresses(e[field]);
  if (required && !list.length) throw new ApiError(400, required);
  e[field] = list.length ? list.join(',') : null;
};
const normaliseJson = (e: Row) => { if (e.params !== undefined) e.params = e.params === null || e.params === '' ? null : JSON.stringify(parseParams(e.params)); };
const presentJson = (r: Row): Row => {
  const out = { ...r };
  if (typeof out.attachments === 'string') { try { out.attachments = JSON.parse(out.attachments); } catch { out.attachments = []; } }
  if (out.attachments === null || out.attachments === undefined) out.attachments = [];
  return out;
};
const idOf = (req: { query: unknown; body: unknown }) => (req.query as { id?: string }).id ?? (req.body as { id?: string } | undefined)?.id;

export async function emailRoutes(app: FastifyInstance, { db, config, egress }: ModuleDeps) {
  const mail = new EmailService(db, config.uploadDir, { egress, imapAllowPlaintext: config.imapAllowPlaintext, pop3AllowPlaintext: config.pop3AllowPlaintext });
  const tenantRow = async (table: string, ctx: Ctx, id: unknown, missing: Message) => {
    const r = isId(String(id ?? '')) ? await db.selectFrom(table).selectAll().where('tenantId', '=', ctx.tenantId).where('id', '=', String(id)).where('isDeleted', '=', 0).executeTakeFirst() : undefined;
    if (!r) throw new ApiError(400, missing);
    return r as Row;
  };
  /** POST {base}/enable?id=: this row enabled, the tenant's others not */
  const enableRoute = (base: string, table: 'bladeEmailPlatform' | 'bladeEmailConfig', perm: string, missing: Message, summary: string) =>
    app.post(`${base}/enable`, { schema: { tags: [TAG], summary, querystring: idQuery }, config: { permission: perm } }, async (req) => {
      const ctx = ctxOf(req);
      const id = idOf(req);
      if (!isId(id)) throw new ApiError(400, missing);
      await db.transaction().execute(async (tx) => {
        const r = await tx.updateTable(table).set({ isEnabled: 1, updateUser: ctx.userId, updateTime: sql`now()` }).where('id', '=', id).where('tenantId', '=', ctx.tenantId).where('isDeleted', '=', 0).executeTakeFirst();
        if (!Number(r.numUpdatedRows)) throw new ApiError(400, missing);
        await tx.updateTable(table).set({ isEnabled: 0 }).where('id', '<>', id).where('tenantId', '=', ctx.tenantId).where('isEnabled', '=', 1).execute();
      });
      return ok(true);
    });

  // ---- sending platforms (path spelt plat-from) ----
  const platformBody = z.object({
    id: zOptId, platformName: need(MSG.platformName, 64), host, port, secure: flag.default(0),
    username: opt(z.string().max(255)), password: opt(z.string().max(500)),
    fromAddress: email(MSG.fromAddress), fromName: opt(z.string().max(64)), remark: opt(z.string().max(500)),
  });
  const platforms = resource(app, db, {
    base: `${BASE}/plat-from`, tag: TAG, table: 'blade_email_platform', tenant: true, permission: 'emailPlatform', hidden: ['password'],
    columns: { id: 'id', platformName: 'string', host: 'string', fromAddress: 'string', isEnabled: 'number', createTime: 'date' },
    body: platformBody,
    beforeSave: (_ctx, e) => { dropEmptyPassword(e); delete e.isEnabled; },
  });
  enableRoute(`${BASE}/plat-from`, 'bladeEmailPlatform', 'emailPlatform_enable', MSG.platformMissing, 'Enable this sending platform (the tenant\'s others are disabled); mail without a chosen platform goes through it');
  app.post(`${BASE}/plat-from/copy`, { schema: { tags: [TAG], summary: 'Copy a platform (settings and password; the copy is not enabled); answers the copy', querystring: idQuery }, config: { permission: 'emailPlatform_copy' } }, async (req) => {
    const ctx = ctxOf(req);
    const p = await tenantRow('bladeEmailPlatform', ctx, idOf(req), MSG.platformMissing);
    const copy = { ...pick(p, ['host', 'port', 'secure', 'username', 'password', 'fromAddress', 'fromName', 'remark']), platformName: `${String(p.platformName).slice(0, 58)}-副本`, isEnabled: 0 };
    return ok(await platforms.save(ctx, copy));
  });
  app.post(`${BASE}/plat-from/test`, { schema: { tags: [TAG], summary: 'Test connection: connect to the SMTP server of a platform and sign in (refusal with the reason when it fails)', querystring: idQuery }, config: { permission: ['emailPlatform_edit', 'emailPlatform_add'] } }, async (req) => {
    await mail.verifyPlatform(await tenantRow('bladeEmailPlatform', ctxOf(req), idOf(req), MSG.platformMissing));
    return ok(true);
  });

  // ---- mailbox configs: where mail is received (POP3 or IMAP) ----
  const configs = resource(app, db, {
    base: `${BASE}/config`, tag: TAG, table: 'blade_email_config', tenant: true, permission: 'emailConfig', hidden: ['password'],
    columns: { id: 'id', configName: 'string', emailAddress: 'string', protocol: 'string', host: 'string', isEnabled: 'number', lastSyncTime: 'date', createTime: 'date' },
    body: z.object({
      id: zOptId, configName: need(MSG.configName, 64), emailAddress: email(MSG.emailAddress),
      protocol: z.enum(['pop3', 'imap'], { error: zmsg(MSG.protocol) }).default('pop3'), host, port, secure: flag.default(1),
      username: opt(z.string().max(255)), password: opt(z.string().max(500)), platformId: opt(z.union([z.string().regex(/^\d{1,19}$/), z.literal('')])), remark: opt(z.string().max(500)),
    }),
    beforeSave: async (ctx, e) => {
      dropEmptyPassword(e);
      delete e.isEnabled; delete e.lastSyncTime; delete e.lastSyncMessage;
      if (e.platformId === '') e.platformId = null;
      if (e.platformId) await tenantRow('bladeEmailPlatform', ctx, e.platformId, MSG.platformMissing);
    },
  });
  void configs;
  enableRoute(`${BASE}/config`, 'bladeEmailConfig', 'emailConfig_enable', MSG.configMissing, "Enable this mailbox config (the tenant's others are disabled)");
  app.post(`${BASE}/config/handleSync`, {
    schema: { tags: [TAG], summary: 'Fetch new mail of this config into the inbox over POP3 (UIDL: each message once) or IMAP (UIDVALIDITY:UID, INBOX read-only); answers {fetched}', querystring: idQuery },
    config: { permission: 'emailConfig_sync' },
  }, async (req) => ok(await mail.sync(ctxOf(req), idOf(req))));
  app.post(`${BASE}/config/test`, { schema: { tags: [TAG], summary: 'Test connection: sign in to the incoming (POP3 or IMAP) server of a config; answers {count} of waiting messages', querystring: idQuery }, config: { permission: ['emailConfig_edit', 'emailConfig_add'] } }, async (req) =>
    ok({ count: await mail.checkConfig(ctxOf(req).tenantId, idOf(req)) }));

  // ---- templates ----
  const templateBody = z.object({
    id: zOptId, templateName: need(MSG.templateName, 64),
    templateCode: need(MSG.templateCode, 64).regex(/^[A-Za-z][\w-]*$/, zmsg(MSG.templateCodeInvalid)),
    subject: need(MSG.subject, 255), content: need(MSG.content, 200_000), paramsExample: opt(json), remark: opt(z.string().max(500)),
  });
  const codeTaken = async (ctx: Ctx, code: string, id?: unknown) => {
    let q = db.selectFrom('bladeEmailTemplate').select('id').where('tenantId', '=', ctx.tenantId).where('templateCode', '=', code).where('isDeleted', '=', 0);
    if (id) q = q.where('id', '<>', String(id));
    return !!(await q.executeTakeFirst());
  };
  const templates = resource(app, db, {
    base: `${BASE}/template`, tag: TAG, table: 'blade_email_template', tenant: true, permission: 'emailTemplate',
    columns: { id: 'id', templateName: 'string', templateCode: 'string', subject: 'string', createTime: 'date' },
    body: templateBody,
    beforeSave: async (ctx, e) => {
      if (await codeTaken(ctx, String(e.templateCode), e.id)) throw new ApiError(400, MSG.templateCodeTaken);
      if (e.paramsExample !== undefined) e.paramsExample = e.paramsExample === null || e.paramsExample === '' ? null : JSON.stringify(parseParams(e.paramsExample));
    },
  });
  app.post(`${BASE}/template/copy`, { schema: { tags: [TAG], summary: 'Copy a template: same subject and content, code <code>_copy[N], name <name>-副本; answers the copy', querystring: idQuery }, config: { permission: 'emailTemplate_copy' } }, async (req) => {
    const ctx = ctxOf(req);
    const t = await tenantRow('bladeEmailTemplate', ctx, idOf(req), MSG.templateMissing);
    const stem = `${String(t.templateCode).slice(0, 54)}_copy`;
    let code = stem;
    for (let n = 2; await codeTaken(ctx, code); n++) code = `${stem}${n}`;
    return ok(await templates.save(ctx, { ...pick(t, ['subject', 'content', 'paramsExample', 'remark']), templateCode: code, templateName: `${String(t.templateName).slice(0, 58)}-副本` }));
  });

  // ---- strategies: a template sent to recipients on a cron ----
  const strategyBody = z.object({
    id: zOptId, strategyName: need(MSG.strategyName, 64),
    templateId: z.union([z.string().regex(/^\d{1,19}$/), z.number().int()], { error: zmsg(MSG.templateRequired) }).transform(String),
    platformId: opt(z.union([z.string().regex(/^\d{1,19}$/), z.literal(''), z.number().int()]).transform((v) => (v === '' ? null : String(v)))),
    toUser: z.union([z.string().max(20000), z.array(z.string().max(255)).max(500)], { error: zmsg(MSG.toUser) }), ccUser: opt(addressList),
    params: opt(json), cronExpression: need(MSG.cronExpression, 255), status: flag.default(1), remark: opt(z.string().max(500)),
  });
  resource(app, db, {
    base: `${BASE}/strategy`, tag: TAG, table: 'blade_email_strategy', tenant: true, permission: 'emailStrategy',
    columns: { id: 'id', strategyName: 'string', templateId: 'id', platformId: 'id', status: 'number', lastSendTime: 'date', createTime: 'date' },
    body: strategyBody,
    beforeSave: async (ctx, e) => {
      normaliseAddresses(e, 'toUser', MSG.toUser);
      normaliseAddresses(e, 'ccUser');
      normaliseJson(e);
      if (!validCron(String(e.cronExpression))) throw new ApiError(400, MSG.cronInvalid);
      const t = await tenantRow('bladeEmailTemplate', ctx, e.templateId, MSG.templateMissing);
      if (e.platformId) await tenantRow('bladeEmailPlatform', ctx, e.platformId, MSG.platformMissing);
      const missing = missingParams(parseParams(e.params), String(t.subject), String(t.content));
      if (missing.length) throw new ApiError(400, MSG.paramsMissing, { names: missing.join(', ') });
      delete e.lastSendTime; delete e.lastSendStatus;
    },
  });
  app.post(`${BASE}/strategy/send`, { schema: { tags: [TAG], summary: "Send a strategy's mail now (template filled with its params, recorded in the outbox); answers the outbox row", querystring: idQuery }, config: { permission: 'emailStrategy_send' } }, async (req) =>
    ok(presentJson(await mail.sendStrategy(ctxOf(req), idOf(req)))));

  // ---- address book (path spelt plat-address) ----
  const addresses = resource(app, db, {
    base: `${BASE}/plat-address`, tag: TAG, table: 'blade_email_address', tenant: true, permission: 'emailAddress',
    columns: { id: 'id', name: 'string', email: 'string', groupName: 'string', sort: 'number', createTime: 'date' },
    defaultOrder: [{ field: 'sort', dir: 'asc' }],
    body: z.object({
      id: zOptId, name: need(MSG.name, 64), email: email(MSG.emailAddress), groupName: opt(z.string().max(64)),
      phone: opt(z.string().max(32)), sort: z.coerce.number().int().min(0).max(99999).default(1), remark: opt(z.string().max(500)),
    }),
  });
  app.get(`${BASE}/plat-address/select`, {
    schema: { tags: [TAG], summary: 'Address book entries for the recipient pickers (GET; the spec does not state the method): [{id, name, email, groupName, label}], optional keyword matches name or e-mail, at most 500', querystring: z.object({ keyword: z.string().max(100).optional() }).passthrough() },
  }, async (req) => {
    const { keyword } = req.query as { keyword?: string };
    let qb = addresses.select(ctxOf(req)).orderBy('sort').orderBy('id').limit(500);
    if (keyword) {
      const like = likeContains(keyword);
      qb = qb.where((eb) => eb.or([eb('name', 'ilike', like), eb('email', 'ilike', like)]));
    }
    return ok((await qb.execute()).map((r) => ({ id: r.id, name: r.name, email: r.email, groupName: r.groupName, label: `${String(r.name)} <${String(r.email)}>` })));
  });

  // ---- outbox ----
  const outboxBody = z.object({
    id: zOptId,
    platformId: opt(z.union([z.string().regex(/^\d{1,19}$/), z.literal(''), z.number().int()]).transform((v) => (v === '' ? null : String(v)))),
    templateId: opt(z.union([z.string().regex(/^\d{1,19}$/), z.literal(''), z.number().int()]).transform((v) => (v === '' ? null : String(v)))),
    toUser: z.union([z.string().max(20000), z.array(z.string().max(255)).max(500)], { error: zmsg(MSG.toUser) }),
    ccUser: opt(addressList), bccUser: opt(addressList),
    subject: opt(z.string().max(255)), content: opt(z.string().max(500_000)), params: opt(json), attachments: opt(attachments),
  });
  const outbox: Repo = resource(app, db, {
    base: `${BASE}/outbox`, tag: TAG, table: 'blade_email_outbox', tenant: true, permission: 'emailOutbox', only: ['list', 'detail', 'remove'],
    columns: { id: 'id', subject: 'string', toUser: 'string', fromAddress: 'string', sendStatus: 'number', platformId: 'id', templateId: 'id', strategyId: 'id', sendTime: 'date', createTime: 'date' },
    defaultOrder: [{ field: 'createTime', dir: 'desc' }],
    present: presentJson, body: outboxBody,
  });
  /** a draft from the body: checked, template-backed subject/content allowed, written */
  const saveDraft = async (ctx: Ctx, body: Row): Promise<Row> => {
    const e: Row = { ...body };
    normaliseAddresses(e, 'toUser', MSG.toUser);
    normaliseAddresses(e, 'ccUser');
    normaliseAddresses(e, 'bccUser');
    normaliseJson(e);
    if (e.attachments !== undefined) { const list = parseAttachments(e.attachments); e.attachments = list.length ? JSON.stringify(list) : null; }
    if (e.platformId) await tenantRow('bladeEmailPlatform', ctx, e.platformId, MSG.platformMissing);
    const t = e.templateId ? await tenantRow('bladeEmailTemplate', ctx, e.templateId, MSG.templateMissing) : null;
    if (!e.subject && !t) throw new ApiError(400, MSG.subject);
    if (!e.content && !t) throw new ApiError(400, MSG.content);
    if (e.id) {
      const old = await outbox.detail(ctx, e.id);
      if (!old) throw new ApiError(400, MSG.outboxMissing);
      if (Number(old.sendStatus) === SEND_STATUS.sent) throw new ApiError(400, MSG.sentCannotEdit);
    }
    Object.assign(e, { sendStatus: SEND_STATUS.draft, errorMessage: null });
    return outbox.save(ctx, e);
  };
  app.post(`${BASE}/outbox/submit`, { schema: { tags: [TAG], summary: 'Save a draft (no id: new; id: update a draft or failed mail, never a sent one)', body: outboxBody }, config: { permission: ['emailOutbox_add', 'emailOutbox_edit'] } }, async (req) => {
    const body = req.body as Row;
    if (!(await app.permissionsOf(me(req))).has(body.id ? 'emailOutbox_edit' : 'emailOutbox_add')) throw new ApiError(403, 'forbidden');
    return ok(presentJson(await saveDraft(ctxOf(req), body)));
  });
  app.post(`${BASE}/outbox/submitAndSend`, {
    schema: { tags: [TAG], summary: 'Save and send over SMTP at once; answers the sent row. On an SMTP failure the row stays in the outbox marked failed (sendStatus 2, errorMessage) and the answer is a refusal with the reason.', body: outboxBody },
    config: { permission: 'emailOutbox_send' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const row = await saveDraft(ctx, req.body as Row);
    return ok(presentJson(await mail.send(ctx, row.id)));
  });
  app.post(`${BASE}/outbox/sendMsg`, {
    schema: { tags: [TAG], summary: 'Send (or send again) a saved mail; toUser (comma list) sends it to those recipients instead. Outcome recorded on the row; answers the row.', querystring: z.object({ id: z.string().max(64).optional(), toUser: z.string().max(20000).optional() }).passthrough() },
    config: { permission: 'emailOutbox_send' },
  }, async (req) => {
    const q = { ...((req.body as Row | undefined) ?? {}), ...(req.query as Row) };
    return ok(presentJson(await mail.send(ctxOf(req), q.id, q.toUser)));
  });

  // ---- inbox ----
  const inbox = resource(app, db, {
    base: `${BASE}/inbox`, tag: TAG, table: 'blade_email_inbox', tenant: true, permission: 'emailInbox', only: ['list', 'submit', 'remove'],
    columns: { id: 'id', subject: 'string', fromAddress: 'string', fromName: 'string', configId: 'id', isRead: 'number', receiveTime: 'date', createTime: 'date' },
    defaultOrder: [{ field: 'receiveTime', dir: 'desc' }],
    present: presentJson,
    body: z.object({
      id: zOptId, configId: opt(z.union([z.string().regex(/^\d{1,19}$/), z.literal('')]).transform((v) => v || null)),
      fromAddress: email(MSG.emailAddress), fromName: opt(z.string().max(255)), toUser: opt(addressList), ccUser: opt(addressList),
      subject: need(MSG.subject, 1000), content: opt(z.string().max(500_000)), receiveTime: opt(z.string().max(32)),
      isRead: flag.default(0), remark: opt(z.string().max(500)),
    }),
    beforeSave: async (ctx, e) => {
      normaliseAddresses(e, 'toUser');
      normaliseAddresses(e, 'ccUser');
      if (e.configId) await tenantRow('bladeEmailConfig', ctx, e.configId, MSG.configMissing);
      if (!e.receiveTime) { if (!e.id) e.receiveTime = new Date().toISOString(); else delete e.receiveTime; }
      else if (Number.isNaN(new Date(String(e.receiveTime).replace(' ', 'T')).getTime())) throw new ApiError(400, 'invalid', { field: 'receiveTime' });
      delete e.messageUid;
    },
  });
  app.get(`${BASE}/inbox/detail`, { schema: { tags: [TAG], summary: 'One received mail by id (opening it marks it read; data null when missing)', querystring: idQuery }, config: { permission: ['emailInbox_view', 'emailInbox'] } }, async (req) => {
    const ctx = ctxOf(req);
    const row = await inbox.detail(ctx, (req.query as { id?: string }).id);
    if (row && Number(row.isRead) !== 1) {
      await db.updateTable('bladeEmailInbox').set({ isRead: 1 }).where('id', '=', String(row.id)).where('tenantId', '=', ctx.tenantId).execute();
      row.isRead = 1;
    }
    return ok(row ? presentJson(row) : null);
  });
}

const pick = (r: Row, keys: string[]): Row => Object.fromEntries(keys.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));

/**
 * The scheduled-job handler "emailStrategy" (for the lead to register with the job scheduler:
 * `scheduler.register(emailStrategyJob(db, config.uploadDir))`). invokeTarget emailStrategy sends
 * every enabled strategy of the job's tenant whose cron fired since its last send (so a job every
 * minute drives all strategies); emailStrategy(<strategyId>) sends that strategy on the job's cron.
 */
export function emailStrategyJob(db: ModuleDeps['db'], uploadDir: string, net: MailNet = {}) {
  const mail = new EmailService(db, uploadDir, net);
  return {
    name: 'emailStrategy',
    description: '发送到期的邮件策略（参数：策略ID，可选） / Send the e-mail strategies that are due (argument: a strategy id, optional)',
    run: async ({ tenantId, args }: { tenantId: string; args: string[] }): Promise<string> => {
      if (args[0]) {
        const row = await mail.sendStrategy({ tenantId, userId: '', deptId: '' }, args[0]);
        return `strategy ${args[0]} sent to ${String(row.toUser)}`;
      }
      return mail.runDueStrategies(tenantId);
    },
  };
}

