// SMS providers and verification codes (002 §7 "SMS"). Category 1 is a generic HTTP gateway:
// POST {endpoint} with JSON {signName, templateId, phones, params}, signed with HMAC-SHA256 of the
// body under the secret key (headers X-Access-Key, X-Signature). Codes back phone sign-in
// (grant type sms_code) once a provider is enabled.
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { TypedApp } from '../../http/contract.ts';
import type { Row } from '../../db/repo.ts';
import { scoped, tenantSql, TENANT } from '../../db/tenant-scope.ts';
import { modelResource } from '../../http/model-resource.ts';
import { smsModel } from '@campus/schema';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { Egress } from '../../net/egress.ts';
import { DEFAULT_TENANT } from '../auth/service.ts';
import type { ModuleDeps } from '../index.ts';
import { enableRoute } from './routes.ts';
import { perAddress } from '../../http/rate-limit.ts';

export const MSG = {
  noProvider: ['未启用短信服务，请联系管理员', 'No SMS service is enabled; contact the administrator'],
  unsupported: ['暂不支持该短信服务商类型：{category}', 'This SMS provider category is not supported: {category}'],
  sendFailed: ['短信发送失败：{detail}', 'The SMS could not be sent: {detail}'],
  tooOften: ['验证码发送过于频繁，请{seconds}秒后再试', 'Codes are sent too often; try again in {seconds} seconds'],
  codeWrong: ['验证码错误或已失效', 'The code is wrong or has expired'],
  phone: ['手机号格式不正确', 'The phone number is invalid'],
  noUser: ['该手机号未绑定账号', 'No account uses this phone number'],
} as const satisfies Record<string, Message>;

const CODE_TTL_S = 300;
const RESEND_S = 60;
const phone = z.string().regex(/^1\d{10}$/);

export class SmsService {
  /** egress: the server's policy (deps.egress); the gateway endpoint is the tenant's setting */
  constructor(private readonly db: Db, private readonly egress: Egress = new Egress()) {}

  async provider(tenantId: string): Promise<Row> {
    const p = await scoped(this.db, tenantId).selectFrom('bladeSms').selectAll().where('isEnabled', '=', 1).where('isDeleted', '=', 0).executeTakeFirst();
    if (!p) throw new ApiError(400, MSG.noProvider);
    return p;
  }

  async send(tenantId: string, phones: string[], params: Record<string, string>, provider?: Row): Promise<void> {
    const p = provider ?? (await this.provider(tenantId));
    if (Number(p.category) !== 1) throw new ApiError(400, MSG.unsupported, { category: String(p.category) });
    const body = JSON.stringify({ signName: p.signName ?? '', templateId: p.templateId ?? '', phones, params });
    let res: Response;
    try {
      res = await this.egress.fetch(String(p.endpoint), {
        method: 'POST', body, signal: AbortSignal.timeout(10_000),
        headers: { 'Content-Type': 'application/json', 'X-Access-Key': String(p.accessKey ?? ''), 'X-Signature': createHmac('sha256', String(p.secretKey ?? '')).update(body).digest('hex') },
      });
    } catch (e) {
      if (e instanceof ApiError) throw e; // refused by the egress policy
      throw new ApiError(400, MSG.sendFailed, { detail: (e as Error).message });
    }
    if (!res.ok) throw new ApiError(400, MSG.sendFailed, { detail: `HTTP ${res.status}` });
  }

  /** Sends a 6-digit code; answers its id (codeId) for the later check. */
  async sendValidate(tenantId: string, to: string): Promise<string> {
    if (!phone.safeParse(to).success) throw new ApiError(400, MSG.phone);
    const t = scoped(this.db, tenantId);
    const last = await t.selectFrom('bladeSmsCode').select(sql<number>`extract(epoch from now() - create_time)`.as('age'))
      .where('phone', '=', to).orderBy('createTime', 'desc').executeTakeFirst();
    if (last && Number(last.age) < RESEND_S) throw new ApiError(400, MSG.tooOften, { seconds: Math.ceil(RESEND_S - Number(last.age)) });
    const provider = await this.provider(tenantId);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = randomUUID();
    await this.send(tenantId, [to], { code }, provider);
    await t.insertInto('bladeSmsCode').values({ id, tenantId, phone: to, code, expiresAt: new Date(Date.now() + CODE_TTL_S * 1000).toISOString() }).execute();
    return id;
  }

  /** One successful use per code. */
  async validate(tenantId: string, id: string, to: string, value: string): Promise<void> {
    const r = await tenantSql<{ id: string }>`update blade_sms_code set used = 1 where id = ${id} and tenant_id = ${TENANT} and phone = ${to}
      and code = ${value} and used = 0 and expires_at > now() returning id`.execute(scoped(this.db, tenantId));
    if (!r.rows.length) throw new ApiError(400, MSG.codeWrong);
  }
}

export async function smsRoutes(app: TypedApp, { db, auth, egress, config, directory }: ModuleDeps) {
  const sms = new SmsService(db, egress);
  modelResource(app, db, smsModel, { tag: 'resource' });
  enableRoute(app, db, 'bladeSms', 'sms_enable', '/api/blade-resource/sms');

  const tenantOf = (h: Record<string, unknown>, q: Record<string, unknown>) => String(q.tenantId ?? h['tenant-id'] ?? DEFAULT_TENANT).slice(0, 12);
  app.get('/api/blade-resource/sms/endpoint/send-validate', {
    // SMS pumping: every code sent costs the tenant; besides one per phone a minute, a limit per client address
    config: { public: true, apiLog: true, rateLimit: perAddress(config.smsRateLimit, config.smsRateWindowSeconds) },
    schema: { tags: ['resource'], summary: 'Send a 6-digit sign-in code to a phone; answers {id} (the codeId); one per phone a minute', querystring: z.object({ tenantId: z.string().max(12).optional(), phone: z.string().max(20).optional() }).passthrough() },
  }, async (req) => {
    return ok({ id: await sms.sendValidate(tenantOf(req.headers, req.query), req.query.phone ?? '') });
  });
  app.post('/api/blade-resource/sms/validate-message', {
    config: { public: true },
    schema: { tags: ['resource'], summary: 'Check a code: {id, phone, value} (plain JSON; the original encrypted it)', body: z.object({ id: z.string().max(64), phone, value: z.string().max(12), tenantId: z.string().max(12).optional() }) },
  }, async (req) => {
    const b = req.body;
    await sms.validate(tenantOf(req.headers, b), b.id, b.phone, b.value);
    return ok(true);
  });
  app.post('/api/blade-resource/sms/endpoint/send-message', {
    schema: { tags: ['resource'], summary: 'Send a templated message with the enabled (or the named: code) provider to phones', body: z.object({ code: z.string().max(32).optional(), phones: z.union([z.string(), z.array(z.string())]), params: z.union([z.string(), z.record(z.string(), z.string())]).optional() }) },
    config: { permission: 'sms_edit' },
  }, async (req) => {
    const u = req.user!;
    const b = req.body;
    const phones = (Array.isArray(b.phones) ? b.phones : b.phones.split(',')).map((p) => p.trim()).filter(Boolean);
    if (!phones.length || !phones.every((p) => phone.safeParse(p).success)) throw new ApiError(400, MSG.phone);
    let params: Record<string, string> = {};
    if (typeof b.params === 'string' && b.params) { try { params = JSON.parse(b.params); } catch { throw new ApiError(400, 'invalid', { field: 'params' }); } } else if (b.params && typeof b.params === 'object') params = b.params;
    const provider = b.code
      ? await scoped(db, u.tenantId).selectFrom('bladeSms').selectAll().where('smsCode', '=', b.code).where('isDeleted', '=', 0).executeTakeFirst()
      : undefined;
    if (b.code && !provider) throw new ApiError(400, MSG.noProvider);
    await sms.send(u.tenantId, phones, params, provider);
    return ok(true);
  });

  // phone sign-in: grant type sms_code with phone, codeId, codeValue
  auth.registerGrant('sms_code', async ({ tenantId, params }) => {
    await sms.provider(tenantId).catch(() => { throw new ApiError(400, 'grantNotConfigured', { grant: 'sms_code' }); });
    const to = params.phone ?? '';
    await sms.validate(tenantId, params.codeId ?? '', to, params.codeValue ?? '');
    const user = await directory.userByPhone(tenantId, to);
    if (!user) throw new ApiError(400, MSG.noUser);
    return user;
  });
}
