// /api/blade-auth/oauth/*, /api/blade-cas/*, guest registration and third-party token.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { nextId } from '../../db/ids.ts';
import { me } from '../../http/auth.ts';
import { describe, type TypedApp } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import type { LogService } from '../log/service.ts';
import type { ConfigService } from '../system/config-service.ts';
import type { MenuService } from '../system/menu-service.ts';
import type { Egress } from '../../net/egress.ts';
import { hashPassword, isMd5 } from './password.ts';
import { DEFAULT_TENANT, grantUser, type AuthService } from './service.ts';
import { perAddress } from '../../http/rate-limit.ts';

import type { Directory } from '../system/directory.ts';
interface Deps { db: Db; auth: AuthService; menus: MenuService; configs: ConfigService; logs: LogService; config: Config; egress: Egress; directory: Directory }

const tokenParams = z.object({
  tenantId: z.string().max(12).optional(),
  username: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  grant_type: z.string().max(32).optional(),
  scope: z.string().max(64).optional(),
  type: z.string().max(32).optional(),
  refresh_token: z.string().max(4096).optional(),
  deptId: z.string().max(19).optional(),
  roleId: z.string().max(19).optional(),
}).passthrough();

/**
 * Any object of parameters, never refused: sign-in bodies come as form, JSON or nothing, with fields
 * beyond the known ones, and the handlers read what they need tolerantly (a non-object is no parameters).
 */
const looseParams = z.record(z.string(), z.unknown()).catch({});
/** A request's query and body parameters (the body's win), for hooks that see it before or without validation. */
const rawParams = (req: FastifyRequest): Record<string, unknown> => ({ ...looseParams.parse(req.query), ...looseParams.parse(req.body) });

/** Token refusals are BladeX's flat {error_code, error_description}, not the envelope; each is a login-log row. */
const oauthError = (logs: LogService) => async (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
  const { status, msg } = describe(err, req.lang);
  if (status >= 500) req.log.error({ err }, 'token request failed');
  const p = rawParams(req);
  if (p.grant_type !== 'refresh_token') {
    await logs.recordLogin(req, { tenantId: str(req.headers['tenant-id']) || str(p.tenantId) || DEFAULT_TENANT, account: str(p.username), grantType: str(p.grant_type) || 'password', success: false, message: describe(err, 'zh').msg });
  }
  return reply.code(status >= 500 ? 500 : status === 401 || status === 429 ? status : 400).send({ error_code: status, error_description: msg });
};

// a parameter as text: repeated ones count once; objects and nested arrays are not parameters
// (String() of a deeply nested array overflows the stack)
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : Array.isArray(v) && !Array.isArray(v[0]) ? str(v[0]) : '');

export async function authRoutes(app: TypedApp, { db, auth, menus, configs, logs, config, egress, directory }: Deps) {
  // sign-in attempts per client address and account (scrypt makes each one cost): @fastify/rate-limit,
  // counted after the body is read so form and JSON sign-ins are keyed by their account too
  const rateLimit = config.loginRateLimit > 0 ? {
    max: config.loginRateLimit, timeWindow: config.loginRateWindowSeconds * 1000, hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => {
      const p = rawParams(req);
      return `${req.ip}|${str(req.headers['tenant-id']) || str(p.tenantId)}|${str(p.username).toLowerCase()}`;
    },
    errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) => new ApiError(429, 'tooManyLogins', { seconds: Math.max(1, Math.ceil(c.ttl / 1000)) }),
  } : false;
  app.post('/api/blade-auth/oauth/token', {
    config: { public: true, rateLimit },
    errorHandler: oauthError(logs),
    schema: { tags: ['auth'], summary: 'Sign in or refresh: grant_type password | captcha | refresh_token | sms_code | social | authorization_code; Basic client header; params in form, JSON or query', querystring: tokenParams, body: looseParams },
  }, async (req) => {
    const body = req.body;
    const q = req.query;
    const p: Record<string, string> = {};
    for (const k of new Set([...Object.keys(q), ...Object.keys(body)])) p[k] = str(body[k] ?? q[k]).slice(0, 4096);
    const h = req.headers;
    const grant = p.grant_type || 'password';
    const client = await auth.client(h.authorization);
    if (!client.grants.has(grant)) throw new ApiError(400, 'grantNotAllowed', { grant });
    const tenantId = str(h['tenant-id']) || p.tenantId || DEFAULT_TENANT;
    const deptId = p.deptId || str(h['dept-id']) || undefined;
    const roleId = p.roleId || str(h['role-id']) || undefined;
    if (grant === 'refresh_token') {
      const old = await auth.tokens.verify(p.refresh_token ?? '', 'refresh');
      const user = await auth.userById(old.tenantId, old.userId);
      if (!user) throw new ApiError(401, 'refreshInvalid');
      return auth.issue(user, client, { deptId, roleId, sid: old.sid });
    }
    await auth.tenant(tenantId);
    let user;
    if (grant === 'password' || grant === 'captcha') {
      if (grant === 'captcha') await auth.checkCaptcha(str(h['captcha-key']) || p.key, str(h['captcha-code']) || p.code);
      user = await auth.passwordUser(tenantId, p.username ?? '', p.password ?? '');
    } else if (['sms_code', 'social', 'authorization_code'].includes(grant)) {
      const handler = auth.grantHandler(grant);
      if (!handler) throw new ApiError(400, 'grantNotConfigured', { grant });
      user = grantUser(await handler({ tenantId, params: p, headers: h as Record<string, string | undefined> })).user;
    } else {
      throw new ApiError(400, 'grantUnknown', { grant });
    }
    const answer = await auth.issue(user, client, { deptId, roleId });
    await logs.recordLogin(req, { tenantId, userId: answer.user_id, account: answer.account, userName: answer.real_name, grantType: grant, success: true });
    return answer;
  });

  app.get('/api/blade-auth/oauth/captcha', {
    config: { public: true, rateLimit: perAddress(config.captchaRateLimit, config.captchaRateWindowSeconds) }, // each image costs a row and a render
    schema: { tags: ['auth'], summary: 'A new captcha: {key, image (data URL)}; one use, expires after 5 minutes' },
  }, async () => auth.captcha());

  const logout = async (req: FastifyRequest) => {
    const u = me(req);
    if (Array.isArray(req.body) && req.body.length) await logs.recordClient(u, req, req.body);
    await auth.logout(u);
    return ok(true);
  };
  app.get('/api/blade-auth/oauth/logout', { schema: { tags: ['auth'], summary: 'Revoke the session (access and refresh token)' }, config: { apiLog: true } }, logout);
  app.post('/api/blade-auth/oauth/logout', { schema: { tags: ['auth'], summary: 'Revoke the session; a JSON array body of client logs is stored first' } }, logout);

  app.get('/api/blade-auth/oauth/user-info', { schema: { tags: ['auth'], summary: 'The signed-in user with its role aliases' } }, async (req) => {
    const u = me(req);
    const user = await auth.userById(u.tenantId, u.userId);
    if (!user) throw new ApiError(401, 'unauthorized');
    // the roles by the names people gave them (roleName carries the aliases, as BladeX's token does)
    const [depts, roles] = await Promise.all([directory.deptNames(u.tenantId, u.deptId.split(',')), directory.roleNames(u.tenantId, u.roleId.split(','))]);
    return ok({
      userId: u.userId, tenantId: u.tenantId, account: user.account, userName: user.account, name: user.name, realName: user.realName,
      nickName: u.nickName, avatar: user.avatar ?? '', email: user.email ?? '', phone: user.phone ?? '',
      deptId: u.deptId, deptName: depts.join(','), postId: u.postId, roleId: u.roleId, roleName: u.roleName,
      roleNames: roles.join(','),
      roles: u.roleName ? u.roleName.split(',') : [], permissions: [...(await menus.codes(u))].sort(),
    });
  });

  app.get('/api/blade-auth/oauth/clear-cache', { schema: { tags: ['auth'], summary: 'Empty the menu and permission caches' }, config: { apiLog: true } }, async () => {
    menus.clearCache();
    app.scopes?.clearCache();
    return ok(true);
  });

  // ---- CAS single sign-on (off unless casConfig.enable) ----
  const casParams = z.object({ ticket: z.string().max(512).optional(), toUrl: z.string().max(2048).optional(), service: z.string().max(2048).optional(), refererUrl: z.string().max(2048).optional(), tenantId: z.string().max(12).optional() }).passthrough();
  const casSignIn = async (req: FastifyRequest, params: Record<string, unknown>) => {
    const q = { tenantId: str(params.tenantId), ticket: str(params.ticket), service: str(params.service), refererUrl: str(params.refererUrl), toUrl: str(params.toUrl) };
    const tenantId = str(req.headers['tenant-id']) || q.tenantId || DEFAULT_TENANT;
    const cas = await configs.cas(tenantId);
    if (!cas) throw new ApiError(400, 'casDisabled');
    if (!q.ticket) throw new ApiError(400, 'required', { field: 'ticket' });
    const service = q.service || q.refererUrl || `${originOf(req)}/#/casLogin/index?toUrl=${encodeURIComponent(q.toUrl)}`;
    const account = await validateCasTicket(egress, cas.casServerUrlPrefix ?? '', q.ticket, service);
    await auth.tenant(tenantId);
    const user = await auth.userByAccount(tenantId, account);
    if (!user) throw new ApiError(400, 'casUserUnknown', { account });
    const client = await auth.client(req.headers.authorization ?? 'Basic ' + Buffer.from('saber:saber_secret').toString('base64'));
    return auth.issue(user, client);
  };
  app.get('/api/blade-cas/cas/verify', { config: { public: true }, schema: { tags: ['auth'], summary: 'Validate a CAS ticket at the CAS server (/serviceValidate) and sign the user in; data is the token answer', querystring: casParams } },
    async (req) => ok(await casSignIn(req, req.query)));
  app.post('/api/blade-cas/cas/oauth/token', { config: { public: true }, errorHandler: oauthError(logs), schema: { tags: ['auth'], summary: 'CAS ticket to token (flat token answer); params in the query or a form / JSON body', querystring: casParams, body: looseParams } },
    async (req) => casSignIn(req, { ...req.query, ...req.body }));

  // ---- third-party uid sign-in: needs a configured provider ----
  app.post('/api/third/comm/getThirdPartyToken', { config: { public: true }, schema: { tags: ['auth'], summary: 'Third-party uid sign-in: appId, appSecret, uid in a form or JSON body (answers not configured until a provider is set up)', body: looseParams } }, async (req) => {
    const handler = auth.grantHandler('third_party');
    if (!handler) throw new ApiError(400, 'grantNotConfigured', { grant: 'third_party' });
    const tenantId = str(req.headers['tenant-id']) || DEFAULT_TENANT;
    const { user, accessSeconds } = grantUser(await handler({ tenantId, params: Object.fromEntries(Object.entries(req.body).map(([k, v]) => [k, str(v)])), headers: req.headers as Record<string, string | undefined> }));
    const client = await auth.client(req.headers.authorization);
    return ok(await auth.issue(user, accessSeconds ? { ...client, accessSeconds } : client));
  });

  // ---- guest registration: a pending account an administrator approves ----
  app.post('/api/blade-system/register-guest', {
    config: { public: true, rateLimit: perAddress(config.registerRateLimit, config.registerRateWindowSeconds) }, // pending accounts (and scrypt) per address
    schema: {
      tags: ['auth'], summary: 'Guest registration: creates a pending account (status 2) for administrator approval',
      body: z.object({
        tenantId: z.string().min(1).max(12), name: z.string().min(1).max(20), account: z.string().min(2).max(45).regex(/^[A-Za-z0-9_.@-]+$/),
        password: z.string().refine(isMd5, 'password must be the MD5 hex of the password'), oauthId: z.string().max(64).optional(),
      }),
    },
  }, async (req) => {
    const b = req.body;
    await auth.tenant(b.tenantId);
    if (await auth.userByAccount(b.tenantId, b.account)) throw new ApiError(400, 'accountTaken');
    await db.insertInto('bladeUser').values({
      id: nextId(), tenantId: b.tenantId, account: b.account, name: b.name, realName: b.name, password: await hashPassword(b.password),
      oauthId: b.oauthId ?? null, status: 2, userType: 1,
    }).execute();
    return ok(true, t('registerPending', req.lang));
  });
}

function originOf(req: FastifyRequest): string {
  const origin = str(req.headers.origin);
  if (origin) return origin;
  const ref = str(req.headers.referer);
  if (ref) try { return new URL(ref).origin; } catch { /* fall through */ }
  return `${req.protocol}://${req.headers.host}`;
}

/** CAS 2.0 /serviceValidate: <cas:authenticationSuccess><cas:user>account</cas:user> */
async function validateCasTicket(egress: Egress, prefix: string, ticket: string, service: string): Promise<string> {
  if (!/^https?:\/\//.test(prefix)) throw new ApiError(400, 'casTicketInvalid', { detail: 'casServerUrlPrefix' });
  const url = `${prefix.replace(/\/$/, '')}/serviceValidate?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`;
  let text: string;
  try {
    const res = await egress.fetch(url, { signal: AbortSignal.timeout(10_000) }); // the CAS server is the tenant's setting
    text = await res.text();
  } catch (e) {
    if (e instanceof ApiError) throw e; // refused by the egress policy
    throw new ApiError(400, 'casTicketInvalid', { detail: (e as Error).message });
  }
  const user = /<cas:user>\s*([^<]+?)\s*<\/cas:user>/.exec(text);
  if (user) return user[1];
  const failure = /<cas:authenticationFailure[^>]*code="([^"]*)"[^>]*>\s*([^<]*)/.exec(text);
  throw new ApiError(400, 'casTicketInvalid', { detail: failure ? `${failure[1]} ${failure[2].trim()}`.trim() : 'no cas:user' });
}
