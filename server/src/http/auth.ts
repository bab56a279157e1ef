// Sessions are JWTs (HS256, jose). Every access/refresh pair of one sign-in shares a session id
// (sid); logout revokes the sid in the database, so every node refuses both tokens at once.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Ctx, Row } from '../db/repo.ts';
import { ApiError } from './errors.ts';

/** The signed-in caller, from the token's snake_case claims. */
export interface AuthUser {
  tenantId: string;
  userId: string;
  deptId: string;
  postId: string;
  roleId: string;
  roleIds: string[];
  roleName: string;
  account: string;
  userName: string;
  nickName: string;
  realName: string;
  oauthId: string;
  clientId: string;
  sid: string;
  /** token expiry, seconds since epoch */
  exp: number;
}

export interface TokenClaims {
  tenant_id: string; user_id: string; dept_id: string; post_id: string; role_id: string; role_name: string;
  account: string; user_name: string; nick_name: string; real_name: string; oauth_id: string; client_id: string;
}

/**
 * Data and API scopes as the core uses them (crud.ts narrows lists, sign-in empties the cache);
 * the system module's ScopeService provides them, decorated as app.scopes by the app.
 */
export interface Scopes {
  /** the narrowing of a resource's rows for the caller's roles (null: none) */
  narrow(ctx: Ctx & { roleIds?: string[]; roleAliases?: string[] }, resourceCode: string): Promise<((qb: SelectQueryBuilder<any, any, Row>) => SelectQueryBuilder<any, any, Row>) | null>;
  /** false when the path is reserved by API scopes none of the user's roles hold */
  allows(user: AuthUser, path: string): Promise<boolean>;
  clearCache(fromPeer?: boolean): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** the button and menu codes the user's roles grant */
    permissionsOf(user: AuthUser): Promise<Set<string>>;
    /** data and API scopes (system module) */
    scopes?: Scopes;
  }
  interface FastifyContextConfig {
    /** true: callable without a token */
    public?: boolean;
    /** button/menu codes of which the caller needs one */
    permission?: string | string[];
  }
}

export class Tokens {
  private constructor(private readonly key: Uint8Array, private readonly db: Db) {}

  /** The signing secret comes from JWT_SECRET or is made once and kept in the database, so all nodes agree. */
  static async open(db: Db, envSecret: string): Promise<Tokens> {
    if (envSecret) return new Tokens(new TextEncoder().encode(envSecret), db);
    const fresh = randomBytes(48).toString('base64');
    await sql`insert into blade_secret (name, value) values ('jwt', ${fresh}) on conflict (name) do nothing`.execute(db);
    const row = await db.selectFrom('bladeSecret').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
    return new Tokens(new TextEncoder().encode(row.value as string), db);
  }

  async sign(claims: TokenClaims, kind: 'access' | 'refresh', seconds: number, sid: string): Promise<string> {
    return new SignJWT({ ...claims, token_type: kind, sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('campus-platform')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(this.key);
  }

  /** Verifies signature, expiry, kind and that the session was not revoked. */
  async verify(token: string, kind: 'access' | 'refresh'): Promise<AuthUser & { claims: TokenClaims }> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: 'campus-platform', algorithms: ['HS256'] }));
    } catch {
      throw new ApiError(401, kind === 'refresh' ? 'refreshInvalid' : 'tokenInvalid');
    }
    if (payload.token_type !== kind || typeof payload.sid !== 'string') throw new ApiError(401, kind === 'refresh' ? 'refreshInvalid' : 'tokenInvalid');
    if (await this.isRevoked(payload.sid)) throw new ApiError(401, kind === 'refresh' ? 'refreshInvalid' : 'tokenInvalid');
    const c = payload as unknown as TokenClaims & { sid: string; exp: number };
    return {
      tenantId: c.tenant_id, userId: c.user_id, deptId: c.dept_id, postId: c.post_id, roleId: c.role_id,
      roleIds: String(c.role_id ?? '').split(',').filter(Boolean), roleName: c.role_name, account: c.account,
      userName: c.user_name, nickName: c.nick_name, realName: c.real_name, oauthId: c.oauth_id, clientId: c.client_id,
      sid: c.sid, exp: c.exp, claims: c,
    };
  }

  async revoke(sid: string, expiresAt: Date): Promise<void> {
    await sql`insert into blade_token_revoked (jti, expires_at) values (${sid}, ${expiresAt.toISOString()}) on conflict (jti) do nothing`.execute(this.db);
  }

  private async isRevoked(sid: string): Promise<boolean> {
    const r = await this.db.selectFrom('bladeTokenRevoked').select('jti').where('jti', '=', sid).executeTakeFirst();
    return !!r;
  }
}

/** Reads `Blade-Auth: bearer <jwt>` (or Authorization: Bearer) and refuses non-public routes without it. */
export const authentication = fp(async (app: FastifyInstance, opts: { tokens: Tokens; permissions: (u: AuthUser) => Promise<Set<string>>; apiAllowed?: (u: AuthUser, path: string) => Promise<boolean> }) => {
  app.decorateRequest('user', null);
  app.decorate('permissionsOf', opts.permissions);
  // the API documentation is readable without signing in
  app.addHook('onRoute', (r) => {
    if (r.url.startsWith('/api/docs')) r.config = { ...(r.config ?? {}), public: true };
  });
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const cfg = req.routeOptions.config ?? {};
    if (!req.routeOptions.url) return; // unknown route: the not-found handler answers
    const token = bearer(req);
    if (token) {
      try {
        req.user = await opts.tokens.verify(token, 'access');
      } catch (e) {
        if (!cfg.public) throw e;
      }
    }
    if (cfg.public) return;
    if (!req.user) throw new ApiError(401, 'unauthorized');
    if (opts.apiAllowed && !(await opts.apiAllowed(req.user, req.url.split('?')[0]))) throw new ApiError(403, 'forbidden');
    if (cfg.permission) {
      const need = Array.isArray(cfg.permission) ? cfg.permission : [cfg.permission];
      const have = await opts.permissions(req.user);
      if (!need.some((c) => have.has(c))) throw new ApiError(403, 'forbidden');
    }
  });
});

export function bearer(req: FastifyRequest): string {
  const h = (req.headers['blade-auth'] as string | undefined) ?? (req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization : '');
  const m = /^bearer\s+(.+)$/i.exec(h ?? '');
  return m ? m[1].trim() : '';
}

/** The signed-in caller of a non-public route (the hook has already refused anonymous calls). */
export function me(req: FastifyRequest): AuthUser {
  if (!req.user) throw new ApiError(401, 'unauthorized');
  return req.user;
}

/** The caller holds the role named administrator (its alias), as the designers' screens require. */
export const isAdministrator = (req: FastifyRequest): boolean => me(req).roleName.split(',').includes('administrator');
