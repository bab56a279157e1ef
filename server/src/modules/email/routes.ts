// /api/blade-email/*: e-mail (002 §4, §7). Sending platforms (plat-from: SMTP, copy, enable,
// test), mailbox configs (receiving over POP3: enable, test, handleSync), templates (${var}, copy),
// strategies (template + platform + recipients on a cron), the address book (plat-address,
// select), the outbox (drafts, submitAndSend, sendMsg: real SMTP, outcome on the row) and inbox.
import { sql } from 'kysely';
import { z } from 'zod';
import { isId, type Ctx, type Repo, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { dynamic } from '../../db/index.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, idQuery } from '../../http/crud.ts';
import { modelBody, modelResource } from '../../http/model-resource.ts';
import { emailAddressModel, emailConfigModel, emailInboxModel, emailOutboxModel, emailPlatformModel, emailStrategyModel, emailTemplateModel } from '@campus/schema';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import type { ModuleDeps } from '../index.ts';
import { validCron } from '../job/scheduler.ts';
import { MSG } from './messages.ts';
import { EmailService, SEND_STATUS, missingParams, parseAttachments, parseParams, type MailNet } from './service.ts';
import { likeContains } from '../../db/like.ts';

const TAG = 'email';
const BASE = '/api/blade-email';
/** a comma list of addresses or an array (sendMsg's other recipients; the service checks them) */
const addressList = z.union([z.string().max(20000), z.array(z.string().max(255)).max(500)]);

const normaliseJson = (e: Row) => { if (e.params !== undefined) e.params = e.params === null || e.params === '' ? null : JSON.stringify(parseParams(e.params)); };
const presentJson = (r: Row): Row => {
  const out = { ...r };
  if (typeof out.attachments === 'string') { try { out.attachments = JSON.parse(out.attachments); } catch { out.attachments = []; } }
  if (out.attachments === null || out.attachments === undefined) out.attachments = [];
  return out;
};
/** a row's id: ?id=, else the id of a body (BladeX clients send either) */
const idBody = z.looseObject({ id: z.union([z.string().max(64), z.number()]).optional() }).nullish();
const idOf = (req: { query: { id?: string }; body: z.infer<typeof idBody> }) => req.query.id ?? req.body?.id;

export async function emailRoutes(app: TypedApp, { db, config, egress }: ModuleDeps) {
  const mail = new EmailService(db, config.uploadDir, { egress, imapAllowPlaintext: config.imapAllowPlaintext, pop3AllowPlaintext: config.pop3AllowPlaintext });
  const tenantRow = async (table: string, ctx: Ctx, id: unknown, missing: Message) => {
    const r = isId(String(id ?? '')) ? await dynamic(scoped(db, ctx.tenantId)).selectFrom(table).selectAll().where('id', '=', String(id)).where('isDeleted', '=', 0).executeTakeFirst() : undefined;
    if (!r) throw new ApiError(400, missing);
    return r as Row;
  };
  /** POST {base}/enable?id=: this row enabled, the tenant's others not */
  const enableRoute = (base: string, table: 'bladeEmailPlatform' | 'bladeEmailConfig', perm: string, missing: Message, summary: string) =>
    app.post(`${base}/enable`, { schema: { tags: [TAG], summary, querystring: idQuery, body: idBody }, config: { permission: perm } }, async (req) => {
      const ctx = ctxOf(req);
      const id = idOf(req);
      if (!isId(id)) throw new ApiError(400, missing);
      await db.transaction().execute(async (tx) => {
        const t = scoped(tx, ctx.tenantId);
        const r = await t.updateTable(table).set({ isEnabled: 1, updateUser: ctx.userId, updateTime: sql`now()` }).where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
        if (!Number(r.numUpdatedRows)) throw new ApiError(400, missing);
        await t.updateTable(table).set({ isEnabled: 0 }).where('id', '<>', id).where('isEnabled', '=', 1).execute();
      });
      return ok(true);
    });

  // ---- sending platforms (path spelt plat-from) ----
  const platforms = modelResource(app, db, emailPlatformModel, { tag: TAG });
  enableRoute(`${BASE}/plat-from`, 'bladeEmailPlatform', 'emailPlatform_enable', MSG.platformMissing, 'Enable this sending platform (the tenant\'s others are disabled); mail without a chosen platform goes through it');
  app.post(`${BASE}/plat-from/copy`, { schema: { tags: [TAG], summary: 'Copy a platform (settings and password; the copy is not enabled); answers the copy', querystring: idQuery, body: idBody }, config: { permission: 'emailPlatform_copy' } }, async (req) => {
    const ctx = ctxOf(req);
    const p = await tenantRow('bladeEmailPlatform', ctx, idOf(req), MSG.platformMissing);
    const copy = { ...pick(p, ['host', 'port', 'secure', 'username', 'password', 'fromAddress', 'fromName', 'remark']), platformName: `${String(p.platformName).slice(0, 58)}-副本`, isEnabled: 0 };
    return ok(await platforms.save(ctx, copy));
  });
  app.post(`${BASE}/plat-from/test`, { schema: { tags: [TAG], summary: 'Test connection: connect to the SMTP server of a platform and sign in (refusal with the reason when it fails)', querystring: idQuery, body: idBody }, config: { permission: ['emailPlatform_edit', 'emailPlatform_add'] } }, async (req) => {
    await mail.verifyPlatform(await tenantRow('bladeEmailPlatform', ctxOf(req), idOf(req), MSG.platformMissing));
    return ok(true);
  });

  // ---- mailbox configs: where mail is received (POP3 or IMAP) ----
  const configs = modelResource(app, db, emailConfigModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      if (e.platformId) await tenantRow('bladeEmailPlatform', ctx, e.platformId, MSG.platformMissing);
    },
  });
  void configs;
  enableRoute(`${BASE}/config`, 'bladeEmailConfig', 'emailConfig_enable', MSG.configMissing, "Enable this mailbox config (the tenant's others are disabled)");
  app.post(`${BASE}/config/handleSync`, {
    schema: { tags: [TAG], summary: 'Fetch new mail of this config into the inbox over POP3 (UIDL: each message once) or IMAP (UIDVALIDITY:UID, INBOX read-only); answers {fetched}', querystring: idQuery, body: idBody },
    config: { permission: 'emailConfig_sync' },
  }, async (req) => ok(await mail.sync(ctxOf(req), idOf(req))));
  app.post(`${BASE}/config/test`, { schema: { tags: [TAG], summary: 'Test connection: sign in to the incoming (POP3 or IMAP) server of a config; answers {count} of waiting messages', querystring: idQuery, body: idBody }, config: { permission: ['emailConfig_edit', 'emailConfig_add'] } }, async (req) =>
    ok({ count: await mail.checkConfig(ctxOf(req).tenantId, idOf(req)) }));

  // ---- templates ----
  const codeTaken = async (ctx: Ctx, code: string, id?: unknown) => {
    let q = scoped(db, ctx.tenantId).selectFrom('bladeEmailTemplate').select('id').where('templateCode', '=', code).where('isDeleted', '=', 0);
    if (id) q = q.where('id', '<>', String(id));
    return !!(await q.executeTakeFirst());
  };
  // the code's pattern and uniqueness are the model's; the parameters must be a JSON object
  const templates = modelResource(app, db, emailTemplateModel, {
    tag: TAG,
    beforeSave: (_ctx, e) => {
      if (e.paramsExample !== undefined) e.paramsExample = e.paramsExample === null || e.paramsExample === '' ? null : JSON.stringify(parseParams(e.paramsExample));
    },
  });
  app.post(`${BASE}/template/copy`, { schema: { tags: [TAG], summary: 'Copy a template: same subject and content, code <code>_copy[N], name <name>-副本; answers the copy', querystring: idQuery, body: idBody }, config: { permission: 'emailTemplate_copy' } }, async (req) => {
    const ctx = ctxOf(req);
    const t = await tenantRow('bladeEmailTemplate', ctx, idOf(req), MSG.templateMissing);
    const stem = `${String(t.templateCode).slice(0, 54)}_copy`;
    let code = stem;
    for (let n = 2; await codeTaken(ctx, code); n++) code = `${stem}${n}`;
    return ok(await templates.save(ctx, { ...pick(t, ['subject', 'content', 'paramsExample', 'remark']), templateCode: code, templateName: `${String(t.templateName).slice(0, 58)}-副本` }));
  });

  // ---- strategies: a template sent to recipients on a cron ----
  // the model checks the fields (address lists normalised); the cron, the template and its parameters are checked here
  modelResource(app, db, emailStrategyModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      normaliseJson(e);
      if (!validCron(String(e.cronExpression))) throw new ApiError(400, MSG.cronInvalid);
      const t = await tenantRow('bladeEmailTemplate', ctx, e.templateId, MSG.templateMissing);
      if (e.platformId) await tenantRow('bladeEmailPlatform', ctx, e.platformId, MSG.platformMissing);
      const missing = missingParams(parseParams(e.params), String(t.subject), String(t.content));
      if (missing.length) throw new ApiError(400, MSG.paramsMissing, { names: missing.join(', ') });
    },
  });
  app.post(`${BASE}/strategy/send`, { schema: { tags: [TAG], summary: "Send a strategy's mail now (template filled with its params, recorded in the outbox); answers the outbox row", querystring: idQuery, body: idBody }, config: { permission: 'emailStrategy_send' } }, async (req) =>
    ok(presentJson(await mail.sendStrategy(ctxOf(req), idOf(req)))));

  // ---- address book (path spelt plat-address) ----
  const addresses = modelResource(app, db, emailAddressModel, { tag: TAG });
  app.get(`${BASE}/plat-address/select`, {
    schema: { tags: [TAG], summary: 'Address book entries for the recipient pickers (GET; the spec does not state the method): [{id, name, email, groupName, label}], optional keyword matches name or e-mail, at most 500', querystring: z.object({ keyword: z.string().max(100).optional() }).passthrough() },
  }, async (req) => {
    const { keyword } = req.query;
    let qb = addresses.select(ctxOf(req)).orderBy('sort').orderBy('id').limit(500);
    if (keyword) {
      const like = likeContains(keyword);
      qb = qb.where((eb) => eb.or([eb('name', 'ilike', like), eb('email', 'ilike', like)]));
    }
    return ok((await qb.execute()).map((r) => ({ id: r.id, name: r.name, email: r.email, groupName: r.groupName, label: `${String(r.name)} <${String(r.email)}>` })));
  });

  // ---- outbox ----
  // drafts are written by submit / submitAndSend below (the model's body; the route's rules in saveDraft)
  const outboxBody = modelBody(emailOutboxModel);
  const outbox: Repo = modelResource(app, db, emailOutboxModel, { tag: TAG, only: ['list', 'detail', 'remove'], present: presentJson });
  /** a draft from the body: checked, template-backed subject/content allowed, written */
  const saveDraft = async (ctx: Ctx, body: Row): Promise<Row> => {
    const e: Row = { ...body };
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
    const body = req.body;
    if (!(await app.permissionsOf(me(req))).has(body.id ? 'emailOutbox_edit' : 'emailOutbox_add')) throw new ApiError(403, 'forbidden');
    return ok(presentJson(await saveDraft(ctxOf(req), body)));
  });
  app.post(`${BASE}/outbox/submitAndSend`, {
    schema: { tags: [TAG], summary: 'Save and send over SMTP at once; answers the sent row. On an SMTP failure the row stays in the outbox marked failed (sendStatus 2, errorMessage) and the answer is a refusal with the reason.', body: outboxBody },
    config: { permission: 'emailOutbox_send' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const row = await saveDraft(ctx, req.body);
    return ok(presentJson(await mail.send(ctx, row.id)));
  });
  app.post(`${BASE}/outbox/sendMsg`, {
    schema: {
      tags: [TAG], summary: 'Send (or send again) a saved mail; toUser (comma list) sends it to those recipients instead. Outcome recorded on the row; answers the row.',
      querystring: z.object({ id: z.string().max(64).optional(), toUser: z.string().max(20000).optional() }).passthrough(),
      body: z.looseObject({ id: z.union([z.string().max(64), z.number()]).optional(), toUser: addressList.optional() }).nullish(),
    },
    config: { permission: 'emailOutbox_send' },
  }, async (req) => {
    // the query's id and toUser win over a body's
    const q = { ...req.body, ...req.query };
    return ok(presentJson(await mail.send(ctxOf(req), q.id, q.toUser)));
  });

  // ---- inbox ----
  // written by the configs' sync (or by hand through submit); detail is its own route below (opening marks read)
  const inbox = modelResource(app, db, emailInboxModel, {
    tag: TAG, only: ['list', 'submit', 'remove'], present: presentJson,
    beforeSave: async (ctx, e) => {
      if (e.configId) await tenantRow('bladeEmailConfig', ctx, e.configId, MSG.configMissing);
      if (!e.receiveTime) { if (!e.id) e.receiveTime = new Date().toISOString(); else delete e.receiveTime; }
    },
  });
  app.get(`${BASE}/inbox/detail`, { schema: { tags: [TAG], summary: 'One received mail by id (opening it marks it read; data null when missing)', querystring: idQuery }, config: { permission: ['emailInbox_view', 'emailInbox'] } }, async (req) => {
    const ctx = ctxOf(req);
    const row = await inbox.detail(ctx, req.query.id);
    if (row && Number(row.isRead) !== 1) {
      await scoped(db, ctx.tenantId).updateTable('bladeEmailInbox').set({ isRead: 1 }).where('id', '=', String(row.id)).execute();
      row.isRead = 1;
    }
    return ok(row ? presentJson(row) : null);
  });
}

const pick = (r: Row, keys: string[]): Row => Object.fromEntries(keys.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));

/**
 * The scheduled-job handler "emailStrategy" (the email module's descriptor declares it among its
 * job kinds: email/module.ts). invokeTarget emailStrategy sends
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

