// Sign-in rules: client check, tenant, captcha, password with lockout, refresh with department/role
// switch, and the flat BladeX token answer. Grant types without a provider answer "not configured"
// until a module registers one (registerGrant).
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Row } from '../../db/repo.ts';
import { scoped, TENANT, tenantSql } from '../../db/tenant-scope.ts';
import { Tokens, type AuthUser, type TokenClaims } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { verifyPassword } from './password.ts';

export interface Client { clientId: string; clientSecret: string; grants: Set<string>; accessSeconds: number; refreshSeconds: number }

export interface TokenAnswer extends TokenClaims {
  avatar: string; access_token: string; refresh_token: string; token_type: 'bearer'; expires_in: number;
  detail: { type: string };
}

/**
 * A grant handler finds the user a grant type signs in (sms_code, social, ...); it may also set the
 * access token's lifetime (an OAuth app's tokenValidTime).
 */
export type GrantHandler = (p: { tenantId: string; params: Record<string, string>; headers: Record<string, string | undefined> }) => Promise<Row | GrantResult>;
export interface GrantResult { user: Row; accessSeconds?: number }

export const grantUser = (r: Row | GrantResult): GrantResult => ('user' in r && typeof r.user === 'object' && r.user !== null ? (r as GrantResult) : { user: r as Row });

export const DEFAULT_TENANT = '000000';

export class AuthService {
  private grants = new Map<string, GrantHandler>();
  constructor(private readonly db: Db, readonly tokens: Tokens, private readonly config: Config) {}

  registerGrant(type: string, handler: GrantHandler) {
    this.grants.set(type, handler);
  }

  /** Reads `Authorization: Basic base64(id:secret)` and checks it against blade_client. */
  async client(authorization: string | undefined): Promise<Client> {
    const m = /^Basic\s+(.+)$/i.exec(authorization ?? '');
    if (!m) throw new ApiError(401, 'clientInvalid');
    const [id, secret] = Buffer.from(m[1], 'base64').toString('utf8').split(':');
    if (!id || secret === undefined) throw new ApiError(401, 'clientInvalid');
    const row = await this.db.selectFrom('bladeClient').selectAll().where('clientId', '=', id).where('isDeleted', '=', 0).where('status', '=', 1).executeTakeFirst();
    if (!row || !safeEqual(String(row.clientSecret), secret)) throw new ApiError(401, 'clientInvalid');
    return {
      clientId: id, clientSecret: String(row.clientSecret),
      grants: new Set(String(row.authorizedGrantTypes).split(',').map((s) => s.trim())),
      accessSeconds: Number(row.accessTokenValidity), refreshSeconds: Number(row.refreshTokenValidity),
    };
  }

  async tenant(tenantId: string): Promise<Row> {
    if (!tenantId) throw new ApiError(400, 'tenantMissing');
    const t = await scoped(this.db, tenantId).selectFrom('bladeTenant').selectAll().where('isDeleted', '=', 0).executeTakeFirst();
    if (!t || t.status !== 1) throw new ApiError(400, 'tenantInvalid');
    if (t.expireTime && Date.parse(String(t.expireTime).replace(' ', 'T')) < Date.now()) throw new ApiError(400, 'tenantExpired');
    return t;
  }

  async captcha(): Promise<{ key: string; image: string }> {
    // loaded with the first captcha (it parses its font then): a server signed in to by SSO or API keys never pays for it
    const { default: svgCaptcha } = await import('svg-captcha');
    const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#eef3fb', width: 110, height: 40, fontSize: 42 });
    const key = randomUUID();
    const expires = new Date(Date.now() + this.config.captchaTtlSeconds * 1000).toISOString();
    await sql`delete from blade_captcha where expires_at < now()`.execute(this.db);
    await sql`insert into blade_captcha (key, code, expires_at) values (${key}, ${c.text.toLowerCase()}, ${expires})`.execute(this.db);
    return { key, image: 'data:image/svg+xml;base64,' + Buffer.from(c.data).toString('base64') };
  }

  /** One use per captcha, right or wrong, so it cannot be guessed at. */
  async checkCaptcha(key: string | undefined, code: string | undefined): Promise<void> {
    if (!key || !code) throw new ApiError(400, 'captchaWrong');
    const row = await sql<{ code: string; expired: boolean }>`delete from blade_captcha where key = ${key} returning code, expires_at < now() as expired`.execute(this.db);
    const hit = row.rows[0];
    if (!hit) throw new ApiError(400, 'captchaExpired');
    if (hit.expired) throw new ApiError(400, 'captchaExpired');
    if (hit.code !== code.trim().toLowerCase()) throw new ApiError(400, 'captchaWrong');
  }

  /** Password sign-in with the lockout of 5 failures (config). */
  async passwordUser(tenantId: string, account: string, md5Password: string): Promise<Row> {
    if (!account || !md5Password) throw new ApiError(400, 'accountMissing');
    const user = await scoped(this.db, tenantId).selectFrom('bladeUser').selectAll().where('account', '=', account).where('isDeleted', '=', 0).executeTakeFirst();
    if (!user) throw new ApiError(400, 'badCredentials');
    const lockedFor = minutesLeft(user.lockUntil);
    if (lockedFor > 0) throw new ApiError(400, 'accountLocked', { minutes: lockedFor });
    if (!(await verifyPassword(md5Password, String(user.password)))) {
      const max = this.config.loginMaxFailures;
      const r = await tenantSql<{ failCount: number }>`update blade_user set fail_count = fail_count + 1,
        lock_until = case when fail_count + 1 >= ${max} then now() + make_interval(mins => ${this.config.loginLockMinutes}) else lock_until end
        where id = ${user.id} and tenant_id = ${TENANT} returning fail_count`.execute(scoped(this.db, tenantId));
      if ((r.rows[0]?.failCount ?? 0) >= max) throw new ApiError(400, 'accountLocked', { minutes: this.config.loginLockMinutes });
      throw new ApiError(400, 'badCredentials');
    }
    if (Number(user.failCount) > 0 || user.lockUntil) await scoped(this.db, tenantId).updateTable('bladeUser').set({ failCount: 0, lockUntil: null }).where('id', '=', user.id as string).execute();
    return user;
  }

  async userById(tenantId: string, userId: string): Promise<Row | undefined> {
    return scoped(this.db, tenantId).selectFrom('bladeUser').selectAll().where('id', '=', userId).where('isDeleted', '=', 0).executeTakeFirst();
  }

  async userByAccount(tenantId: string, account: string): Promise<Row | undefined> {
    return scoped(this.db, tenantId).selectFrom('bladeUser').selectAll().where('account', '=', account).where('isDeleted', '=', 0).executeTakeFirst();
  }

  grantHandler(type: string): GrantHandler | undefined {
    return this.grants.get(type);
  }

  /** Builds the token pair for a user; deptId/roleId narrow to one of the user's own. */
  async issue(user: Row, client: Client, opts: { deptId?: string; roleId?: string; sid?: string } = {}): Promise<TokenAnswer> {
    const status = Number(user.status);
    if (status === 2) throw new ApiError(400, 'accountPending');
    if (status !== 1) throw new ApiError(400, 'accountDisabled');
    if (minutesLeft(user.lockUntil) > 0) throw new ApiError(400, 'accountLocked', { minutes: minutesLeft(user.lockUntil) });
    const depts = ids(user.deptId);
    const roles = ids(user.roleId);
    if (opts.deptId && !depts.includes(opts.deptId)) throw new ApiError(400, 'deptNotOwned');
    if (opts.roleId && !roles.includes(opts.roleId)) throw new ApiError(400, 'roleNotOwned');
    const roleIds = opts.roleId ? [opts.roleId] : roles;
    const roleRows = roleIds.length
      ? await scoped(this.db, user.tenantId as string).selectFrom('bladeRole').select(['id', 'roleAlias']).where('id', 'in', roleIds).where('isDeleted', '=', 0).execute()
      : [];
    const claims: TokenClaims = {
      tenant_id: String(user.tenantId), user_id: String(user.id), dept_id: opts.deptId ?? depts.join(','),
      post_id: ids(user.postId).join(','), role_id: roleRows.map((r) => String(r.id)).join(','),
      role_name: roleRows.map((r) => String(r.roleAlias)).join(','), account: String(user.account),
      user_name: String(user.account), nick_name: String(user.realName ?? user.name ?? user.account),
      real_name: String(user.realName ?? ''), oauth_id: String(user.oauthId ?? ''), client_id: client.clientId,
    };
    const sid = opts.sid ?? randomUUID();
    const [access, refresh] = await Promise.all([
      this.tokens.sign(claims, 'access', client.accessSeconds, sid),
      this.tokens.sign(claims, 'refresh', client.refreshSeconds, sid),
    ]);
    return {
      ...claims, avatar: String(user.avatar ?? ''), access_token: access, refresh_token: refresh, token_type: 'bearer',
      expires_in: client.accessSeconds, detail: { type: 'web' },
    };
  }

  async logout(user: AuthUser, client: { refreshSeconds: number } = { refreshSeconds: 604800 }) {
    await this.tokens.revoke(user.sid, new Date(Date.now() + client.refreshSeconds * 1000));
  }

  /** Drops revocations and captchas past their time (called on a timer). */
  async sweep() {
    await sql`delete from blade_token_revoked where expires_at < now()`.execute(this.db);
    await sql`delete from blade_captcha where expires_at < now()`.execute(this.db);
  }
}

const ids = (v: unknown) => String(v ?? '').split(',').map((s) => s.trim()).filter((s) => /^\d{1,19}$/.test(s));

function minutesLeft(lockUntil: unknown): number {
  if (!lockUntil) return 0;
  const ms = Date.parse(String(lockUntil).replace(' ', 'T')) - Date.now();
  return ms > 0 ? Math.ceil(ms / 60000) : 0;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
