// The rules of e-mail: filling ${var} templates, delivering an outbox row over SMTP with the
// chosen (or the tenant's enabled) platform and recording the outcome on the row, fetching new
// mail into the inbox over POP3 or IMAP, and sending strategies on their cron.
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Cron } from 'croner';
import { sql } from 'kysely';
import type { Address, Mailbox } from 'postal-mime';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { nextId } from '../../db/ids.ts';
import { isId, type Ctx, type Row } from '../../db/repo.ts';
import { ApiError } from '../../http/errors.ts';
import { MSG } from './messages.ts';
import { pop3Check, pop3Fetch } from './pop3.ts';
import { imapCheck, imapFetch } from './imap.ts';
import { Egress } from '../../net/egress.ts';

export const SEND_STATUS = { draft: 0, sent: 1, failed: 2 } as const;
const FILE_BASE = '/api/blade-resource/oss/endpoint/file/';
const PLACEHOLDER = /\$\{\s*([A-Za-z_][\w.]*)\s*\}/g;
const emailOk = (s: string) => z.email().safeParse(s).success;

/** "a@x.cn, b@y.cn; c@z.cn" or an array -> trimmed, checked, de-duplicated addresses */
export function parseAddresses(v: unknown): string[] {
  const list = (Array.isArray(v) ? v.map(String) : String(v ?? '').split(/[,;，；\s]+/)).map((s) => s.trim()).filter(Boolean);
  for (const a of list) if (!emailOk(a)) throw new ApiError(400, MSG.emailInvalid, { value: a.slice(0, 100) });
  return [...new Set(list)];
}

/** params of a row or body: a JSON object (text or object), or {} */
export function parseParams(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null || v === '') return {};
  let o = v;
  if (typeof v === 'string') {
    try { o = JSON.parse(v); } catch { throw new ApiError(400, MSG.paramsInvalid); }
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new ApiError(400, MSG.paramsInvalid);
  return o as Record<string, unknown>;
}

export interface Attachment { link: string; name: string }
export function parseAttachments(v: unknown): Attachment[] {
  if (v === undefined || v === null || v === '') return [];
  let o = v;
  if (typeof v === 'string') {
    try { o = JSON.parse(v); } catch { throw new ApiError(400, MSG.attachmentsInvalid); }
  }
  const parsed = z.array(z.object({ link: z.string().min(1).max(1000), name: z.string().max(500).optional(), originalName: z.string().max(500).optional() })).max(20).safeParse(o);
  if (!parsed.success) throw new ApiError(400, MSG.attachmentsInvalid);
  return parsed.data.map((a) => {
    if (!a.link.startsWith(FILE_BASE) && !/^https?:\/\//i.test(a.link)) throw new ApiError(400, MSG.attachmentsInvalid);
    return { link: a.link, name: a.name || a.originalName || a.link.split('/').pop()! };
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const lookup = (params: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' && Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined), params);

/** Names of ${var} placeholders in texts that params does not fill. */
export function missingParams(params: Record<string, unknown>, ...texts: string[]): string[] {
  const out = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(PLACEHOLDER)) if (lookup(params, m[1]) === undefined) out.add(m[1]);
  return [...out];
}

/** Fills ${var} (and ${a.b}) from params; values are HTML-escaped in an HTML body. */
export function fillTemplate(text: string, params: Record<string, unknown>, html: boolean): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const v = lookup(params, name);
    if (v === undefined) return whole;
    const s = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
    return html ? escapeHtml(s) : s.replace(/[\r\n]+/g, ' ');
  });
}

/** Plain text of an HTML body (the text part of a mail). */
const textOf = (html: string) => html.replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')
  .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\n{3,}/g, '\n\n').trim();

/** How the mail clients reach the network: the egress policy, and whether IMAP / POP3 may sign in without TLS. */
export interface MailNet {
  /** the server's egress policy (deps.egress); without one, no private or loopback address is reached */
  egress?: Egress;
  /** config.imapAllowPlaintext: sign in to a plain-port IMAP server that offers no STARTTLS (default: refuse) */
  imapAllowPlaintext?: boolean;
  /** config.pop3AllowPlaintext: sign in to a plain-port POP3 server that offers no STLS (default: refuse) */
  pop3AllowPlaintext?: boolean;
}

/** SMTP to the platform's host through the egress policy: the checked address, the host name kept for TLS. */
export async function transportOf(p: Row, egress: Egress = new Egress()) {
  const t = await egress.target(String(p.host ?? ''), Number(p.port));
  // nodemailer is loaded with the first mail sent, not at boot (memory of a server that sends none)
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    host: t.address, port: Number(p.port), secure: Number(p.secure) === 1, tls: t.servername ? { servername: t.servername } : undefined,
    auth: p.username ? { user: String(p.username), pass: String(p.password ?? '') } : undefined,
    connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000,
  });
}

const reason = (e: unknown) => String((e as Error)?.message ?? e).replace(/\s+/g, ' ').slice(0, 900);

export class EmailService {
  private readonly egress: Egress;
  constructor(private readonly db: Db, private readonly uploadDir: string, private readonly net: MailNet = {}) {
    this.egress = net.egress ?? new Egress();
  }

  /** The named platform of the tenant, or the tenant's enabled one (with its password). */
  async platform(tenantId: string, platformId?: unknown) {
    let qb = scoped(this.db, tenantId).selectFrom('bladeEmailPlatform').selectAll().where('isDeleted', '=', 0);
    if (platformId !== undefined && platformId !== null && platformId !== '') {
      if (!isId(String(platformId))) throw new ApiError(400, MSG.platformMissing);
      const p = await qb.where('id', '=', String(platformId)).executeTakeFirst();
      if (!p) throw new ApiError(400, MSG.platformMissing);
      return p;
    }
    qb = qb.where('isEnabled', '=', 1);
    const p = await qb.executeTakeFirst();
    if (!p) throw new ApiError(400, MSG.noPlatform);
    return p;
  }

  async template(tenantId: string, id: unknown) {
    const t = isId(String(id ?? '')) ? await scoped(this.db, tenantId).selectFrom('bladeEmailTemplate').selectAll().where('id', '=', String(id)).where('isDeleted', '=', 0).executeTakeFirst() : undefined;
    if (!t) throw new ApiError(400, MSG.templateMissing);
    return t;
  }

  /** SMTP connection and sign-in of a platform: throws a clear refusal when it fails. */
  async verifyPlatform(p: Row): Promise<void> {
    const tr = await transportOf(p, this.egress);
    try {
      await tr.verify();
    } catch (e) {
      throw new ApiError(400, MSG.connectFailed, { detail: reason(e) });
    } finally {
      tr.close();
    }
  }

  /** Attachments for nodemailer: stored uploads as files, other links listed in the body. */
  private async attachmentsOf(list: Attachment[]): Promise<{ files: { filename: string; path: string }[]; links: Attachment[] }> {
    const files: { filename: string; path: string }[] = [];
    const links: Attachment[] = [];
    const root = resolve(this.uploadDir);
    for (const a of list) {
      if (!a.link.startsWith(FILE_BASE)) { links.push(a); continue; }
      const rel = a.link.slice(FILE_BASE.length);
      const path = resolve(root, rel);
      if (!/^\d{8}\/[a-f0-9]{32}\.[a-z0-9]{1,5}$/.test(rel) || !path.startsWith(root + sep) || !(await stat(path).catch(() => null))?.isFile()) {
        throw new ApiError(400, MSG.attachmentMissing, { name: a.name });
      }
      files.push({ filename: a.name, path });
    }
    return { files, links };
  }

  /**
   * Delivers one outbox row (optionally to other recipients: toUser) and records the outcome:
   * sent with time and message id, or failed with the reason (then refuses with it).
   */
  async send(ctx: Ctx, id: unknown, toUser?: unknown): Promise<Row> {
    if (!isId(String(id ?? ''))) throw new ApiError(400, MSG.outboxMissing);
    const row = await scoped(this.db, ctx.tenantId).selectFrom('bladeEmailOutbox').selectAll().where('id', '=', String(id)).where('isDeleted', '=', 0).executeTakeFirst();
    if (!row) throw new ApiError(400, MSG.outboxMissing);
    const to = parseAddresses(toUser !== undefined && toUser !== null && toUser !== '' ? toUser : row.toUser);
    if (!to.length) throw new ApiError(400, MSG.toUser);
    const cc = parseAddresses(row.ccUser);
    const bcc = parseAddresses(row.bccUser);
    const params = parseParams(row.params);
    let subject = String(row.subject ?? '');
    let content = String(row.content ?? '');
    if (row.templateId && (!subject || !content)) {
      const t = await this.template(ctx.tenantId, row.templateId);
      subject ||= String(t.subject);
      content ||= String(t.content);
    }
    const missing = missingParams(params, subject, content);
    if (missing.length) throw new ApiError(400, MSG.paramsMissing, { names: missing.join(', ') });
    subject = fillTemplate(subject, params, false);
    content = fillTemplate(content, params, true);
    const { files, links } = await this.attachmentsOf(parseAttachments(row.attachments));
    const platform = await this.platform(ctx.tenantId, row.platformId);
    const html = links.length
      ? `${content}<hr/><ul>${links.map((l) => `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.name)}</a></li>`).join('')}</ul>`
      : content;
    const fromAddress = String(platform.fromAddress);
    const base = { platformId: platform.id, fromAddress, toUser: to.join(','), subject, content, updateUser: ctx.userId || null, updateTime: sql<string>`now()` };
    const tr = await transportOf(platform, this.egress);
    try {
      const info = await tr.sendMail({
        from: platform.fromName ? { name: String(platform.fromName), address: fromAddress } : fromAddress,
        to, cc: cc.length ? cc : undefined, bcc: bcc.length ? bcc : undefined,
        subject, html, text: textOf(html), attachments: files,
      });
      return await this.db.updateTable('bladeEmailOutbox').set({ ...base, sendStatus: SEND_STATUS.sent, sendTime: sql<string>`now()`, errorMessage: null, messageId: String(info.messageId ?? '').slice(0, 255) })
        .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    } catch (e) {
      if (e instanceof ApiError) throw e;
      const detail = reason(e);
      await this.db.updateTable('bladeEmailOutbox').set({ ...base, sendStatus: SEND_STATUS.failed, sendTime: sql<string>`now()`, errorMessage: detail }).where('id', '=', row.id).execute();
      throw new ApiError(400, MSG.sendFailed, { detail });
    } finally {
      tr.close();
    }
  }

  /** A strategy's mail: its template filled with its params, written to the outbox and sent. */
  async sendStrategy(ctx: Ctx, strategyId: unknown): Promise<Row> {
    const s = isId(String(strategyId ?? '')) ? await scoped(this.db, ctx.tenantId).selectFrom('bladeEmailStrategy').selectAll().where('id', '=', String(strategyId)).where('isDeleted', '=', 0).executeTakeFirst() : undefined;
    if (!s) throw new ApiError(400, MSG.strategyMissing);
    const t = await this.template(ctx.tenantId, s.templateId);
    const id = nextId();
    await this.db.insertInto('bladeEmailOutbox').values({
      id, tenantId: ctx.tenantId, platformId: s.platformId ?? null, templateId: t.id, strategyId: s.id, toUser: s.toUser, ccUser: s.ccUser ?? null,
      subject: t.subject, content: t.content, params: s.params ?? null, sendStatus: SEND_STATUS.draft, createUser: ctx.userId || null, updateUser: ctx.userId || null,
    }).execute();
    try {
      const row = await this.send(ctx, id);
      await this.db.updateTable('bladeEmailStrategy').set({ lastSendTime: sql`now()`, lastSendStatus: SEND_STATUS.sent }).where('id', '=', s.id).execute();
      return row;
    } catch (e) {
      await this.db.updateTable('bladeEmailStrategy').set({ lastSendTime: sql`now()`, lastSendStatus: SEND_STATUS.failed }).where('id', '=', s.id).execute();
      const failed = await this.db.selectFrom('bladeEmailOutbox').select(['sendStatus']).where('id', '=', id).executeTakeFirst();
      if (failed?.sendStatus !== SEND_STATUS.failed) {
        await this.db.updateTable('bladeEmailOutbox').set({ sendStatus: SEND_STATUS.failed, sendTime: sql<string>`now()`, errorMessage: e instanceof ApiError ? e.message : reason(e) }).where('id', '=', id).execute();
      }
      throw e;
    }
  }

  /**
   * The strategies of a tenant that are due: enabled, and their cron fired since their last send
   * (or since they were saved). Answers a line for the job log.
   */
  async runDueStrategies(tenantId: string): Promise<string> {
    const rows = await scoped(this.db, tenantId).selectFrom('bladeEmailStrategy').selectAll().where('isDeleted', '=', 0).where('status', '=', 1).execute();
    const ctx: Ctx = { tenantId, userId: '', deptId: '' };
    let sent = 0;
    const failed: string[] = [];
    const now = new Date();
    for (const s of rows) {
      const from = new Date(String(s.lastSendTime ?? s.updateTime));
      let next: Date | null = null;
      try { next = new Cron(String(s.cronExpression), { paused: true }).nextRun(from); } catch { /* an invalid cron never fires */ }
      if (!next || next > now) continue;
      try {
        await this.sendStrategy(ctx, s.id);
        sent++;
      } catch (e) {
        failed.push(`${String(s.strategyName)}: ${(e as Error).message}`);
      }
    }
    if (failed.length) throw new Error(`${sent} sent, ${failed.length} failed: ${failed.join('; ')}`);
    return `${sent} of ${rows.length} strategies sent`;
  }

  /**
   * The incoming-mail client of a config: its options and the protocol's check and fetch. The host
   * passes the egress policy; the client connects to the checked address (servername: the name).
   */
  private async receiver(c: Row) {
    if (!c.host || !c.port || !c.username || !c.password) throw new ApiError(400, MSG.syncNotConfigured);
    const t = await this.egress.target(String(c.host), Number(c.port));
    const options = {
      host: t.address, servername: t.servername, port: Number(c.port), secure: Number(c.secure) === 1, username: String(c.username), password: String(c.password),
      allowPlaintext: (String(c.protocol) === 'imap' ? this.net.imapAllowPlaintext : this.net.pop3AllowPlaintext) === true,
    };
    return String(c.protocol) === 'imap'
      ? { options, check: imapCheck, fetch: imapFetch }
      : { options, check: pop3Check, fetch: pop3Fetch };
  }

  async config(tenantId: string, id: unknown) {
    const c = isId(String(id ?? '')) ? await scoped(this.db, tenantId).selectFrom('bladeEmailConfig').selectAll().where('id', '=', String(id)).where('isDeleted', '=', 0).executeTakeFirst() : undefined;
    if (!c) throw new ApiError(400, MSG.configMissing);
    return c;
  }

  async checkConfig(tenantId: string, id: unknown): Promise<number> {
    const r = await this.receiver(await this.config(tenantId, id));
    try {
      return await r.check(r.options);
    } catch (e) {
      throw new ApiError(400, MSG.connectFailed, { detail: reason(e) });
    }
  }

  /** Fetches new mail of a config into the inbox; answers how many arrived. */
  async sync(ctx: Ctx, id: unknown): Promise<{ fetched: number }> {
    const c = await this.config(ctx.tenantId, id);
    const r = await this.receiver(c);
    const known = new Set((await scoped(this.db, ctx.tenantId).selectFrom('bladeEmailInbox').select('messageUid').where('configId', '=', c.id).where('messageUid', 'is not', null).execute()).map((r) => String(r.messageUid)));
    let got;
    try {
      got = await r.fetch(r.options, (uid) => known.has(uid), 100);
    } catch (e) {
      const detail = reason(e);
      await this.db.updateTable('bladeEmailConfig').set({ lastSyncTime: sql`now()`, lastSyncMessage: `failed: ${detail}`.slice(0, 1000) }).where('id', '=', c.id).execute();
      throw new ApiError(400, MSG.syncFailed, { detail });
    }
    const { default: PostalMime } = await import('postal-mime');
    for (const m of got) {
      const mail = await PostalMime.parse(m.raw, { attachmentEncoding: 'arraybuffer' });
      const addrs = (list?: Address[]) => (list ?? []).flatMap((a) => ('group' in a && a.group ? a.group : [a as Mailbox])).map((a) => a.address).filter(Boolean).join(',');
      const from = mail.from && !('group' in mail.from && mail.from.group) ? (mail.from as Mailbox) : undefined;
      const date = mail.date ? new Date(mail.date) : new Date();
      const content = mail.html ?? (mail.text ? `<pre style="white-space:pre-wrap">${escapeHtml(mail.text)}</pre>` : '');
      await this.db.insertInto('bladeEmailInbox').values({
        id: nextId(), tenantId: ctx.tenantId, configId: c.id, messageUid: m.uid.slice(0, 255),
        fromAddress: from?.address?.slice(0, 255) ?? null, fromName: from?.name?.slice(0, 255) || null,
        toUser: addrs(mail.to) || null, ccUser: addrs(mail.cc) || null, subject: (mail.subject ?? '').slice(0, 1000), content,
        attachments: mail.attachments.length ? JSON.stringify(mail.attachments.map((a) => ({ name: a.filename ?? 'attachment', mimeType: a.mimeType, size: (a.content as ArrayBuffer).byteLength }))) : null,
        receiveTime: Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString(), isRead: 0,
        createUser: ctx.userId || null, updateUser: ctx.userId || null,
      }).onConflict((oc) => oc.doNothing()).execute();
    }
    await this.db.updateTable('bladeEmailConfig').set({ lastSyncTime: sql`now()`, lastSyncMessage: `${got.length} new` }).where('id', '=', c.id).execute();
    return { fetched: got.length };
  }
}
