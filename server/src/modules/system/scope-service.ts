// Data scopes narrow the rows a role sees of a resource (all / own dept / own dept and below /
// self / custom departments); API scopes reserve paths to the roles granted them. Administrators
// (role alias administrator) are not narrowed, as in BladeX.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Ctx, Row } from '../../db/repo.ts';
import type { AuthUser } from '../../http/auth.ts';
import { userPatternTest } from '../../http/user-regex.ts';

const TTL_MS = 30_000;
export const SCOPE = { all: 1, self: 2, dept: 3, deptAndBelow: 4, custom: 5 } as const;

interface ScopeRow { id: string; resourceCode: string; scopeColumn: string; scopeType: number; scopeValue: string | null; scopePath?: string }

export class ScopeService {
  private cache: { at: number; data: ScopeRow[]; api: ScopeRow[]; grants: Map<string, Set<string>> } | null = null;
  /** tells the other nodes (http/cache-sync.ts) */
  onClear?: () => void;
  constructor(private readonly db: Db) {}

  /** Empties the cache here and, unless a peer asked for it, on the other nodes. */
  clearCache(fromPeer = false) {
    this.cache = null;
    if (!fromPeer) this.onClear?.();
  }

  private async load() {
    if (this.cache && Date.now() - this.cache.at < TTL_MS) return this.cache;
    const [data, api, grants] = await Promise.all([
      this.db.selectFrom('bladeScopeData').select(['id', 'resourceCode', 'scopeColumn', 'scopeType', 'scopeValue']).where('isDeleted', '=', 0).execute(),
      this.db.selectFrom('bladeScopeApi').select(['id', 'resourceCode', 'scopePath', 'scopeType']).where('isDeleted', '=', 0).execute(),
      this.db.selectFrom('bladeRoleScope').select(['roleId', 'scopeId']).execute(),
    ]);
    const byRole = new Map<string, Set<string>>();
    for (const g of grants) {
      const k = String(g.roleId);
      if (!byRole.has(k)) byRole.set(k, new Set());
      byRole.get(k)!.add(String(g.scopeId));
    }
    const norm = (r: Row) => ({ ...r, id: String(r.id) }) as unknown as ScopeRow;
    this.cache = { at: Date.now(), data: data.map(norm), api: api.map(norm), grants: byRole };
    return this.cache;
  }

  private held(grants: Map<string, Set<string>>, roleIds: string[]): Set<string> {
    const s = new Set<string>();
    for (const r of roleIds) for (const id of grants.get(r) ?? []) s.add(id);
    return s;
  }

  /** The WHERE narrowing for a resource, or null when the roles see every row. */
  async narrow(ctx: Ctx & { roleIds?: string[]; roleAliases?: string[] }, resourceCode: string): Promise<((qb: SelectQueryBuilder<any, any, Row>) => SelectQueryBuilder<any, any, Row>) | null> {
    if (!ctx.roleIds?.length || ctx.roleAliases?.includes('administrator')) return null;
    const c = await this.load();
    const held = this.held(c.grants, ctx.roleIds);
    const scopes = c.data.filter((s) => s.resourceCode === resourceCode && held.has(s.id));
    if (!scopes.length || scopes.some((s) => s.scopeType === SCOPE.all)) return null;
    const depts = ctx.deptId.split(',').filter((d) => /^\d{1,19}$/.test(d));
    const below = scopes.some((s) => s.scopeType === SCOPE.deptAndBelow) ? await this.below(depts) : [];
    return (qb) => qb.where((eb) => eb.or(scopes.map((s) => {
      const col = sql.ref(s.scopeColumn);
      const inList = (ids: string[]) => (s.scopeColumn === 'dept_id'
        ? sql<boolean>`string_to_array(${col}, ',') && ${ids}::text[]`
        : sql<boolean>`cast(${col} as text) = any(${ids}::text[])`);
      switch (s.scopeType) {
        case SCOPE.self: return sql<boolean>`cast(create_user as text) = ${ctx.userId}`;
        case SCOPE.dept: return inList(depts.length ? depts : ['-1']);
        case SCOPE.deptAndBelow: return inList(below.length ? below : ['-1']);
        default: return inList(String(s.scopeValue ?? '').split(',').filter((d) => /^\d{1,19}$/.test(d)).concat('-1'));
      }
    })));
  }

  private async below(depts: string[]): Promise<string[]> {
    if (!depts.length) return [];
    const r = await sql<{ id: string }>`select id from blade_dept where is_deleted = 0 and (id = any(${depts}::bigint[])
      or exists (select 1 from unnest(string_to_array(ancestors, ',')) a where a = any(${depts}::text[])))`.execute(this.db);
    return r.rows.map((x) => String(x.id));
  }

  /** false when the path is reserved by API scopes none of the user's roles hold. */
  async allows(user: AuthUser, path: string): Promise<boolean> {
    if (user.roleName.split(',').includes('administrator')) return true;
    const c = await this.load();
    const guarding = c.api.filter((s) => matchPath(s.scopePath ?? '', path));
    if (!guarding.length) return true;
    const held = this.held(c.grants, user.roleIds);
    return guarding.some((s) => held.has(s.id));
  }
}

/** Ant-style path patterns: * within a segment, ** across segments. */
export function matchPath(pattern: string, path: string): boolean {
  const re = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*');
  // RE2: a stored pattern with many `**` cannot make the match backtrack polynomially
  return userPatternTest(`^${re}$`, path) === true;
}
