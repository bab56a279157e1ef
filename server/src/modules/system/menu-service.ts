// What a signed-in user may see and press: the menus and button codes granted to its roles,
// narrowed to its tenant's package. Cached briefly per tenant and role set; clear-cache empties it.
import { sql } from 'kysely';
import type { MenuVO } from '@campus/contracts';
import type { Db } from '../../db/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Row } from '../../db/repo.ts';
import type { AuthUser } from '../../http/auth.ts';

export const ADMIN_TENANT = '000000';
const TTL_MS = 30_000;

export type { MenuVO };

export class MenuService {
  private cache = new Map<string, { at: number; menus: Row[] }>();
  /** tells the other nodes (http/cache-sync.ts) */
  onClear?: () => void;
  constructor(private readonly db: Db) {}

  /** Empties the cache here and, unless a peer asked for it, on the other nodes. */
  clearCache(fromPeer = false) {
    this.cache.clear();
    if (!fromPeer) this.onClear?.();
  }

  /** Menu rows (both categories) granted to the user's current roles within its tenant's package. */
  async granted(user: Pick<AuthUser, 'tenantId' | 'roleIds'>): Promise<Row[]> {
    const key = `${user.tenantId}|${[...user.roleIds].sort().join(',')}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.menus;
    const roleIds = user.roleIds.filter((r) => /^\d{1,19}$/.test(r));
    if (!roleIds.length) return [];
    const pkg = user.tenantId === ADMIN_TENANT ? null : await this.packageMenuIds(user.tenantId);
    // menus are the platform's; the roles that grant them are the user's tenant's (the scope filters r)
    let qb = scoped(this.db, user.tenantId).selectFrom('bladeMenu as m')
      .select(['m.id', 'm.parentId', 'm.code', 'm.name', 'm.alias', 'm.path', 'm.source', 'm.sort', 'm.category', 'm.action', 'm.isOpen'])
      .where('m.isDeleted', '=', 0)
      .where(({ exists, selectFrom }) => exists(selectFrom('bladeRoleMenu as rm')
        .innerJoin('bladeRole as r', 'r.id', 'rm.roleId')
        .whereRef('rm.menuId', '=', 'm.id')
        .where('rm.roleId', 'in', roleIds)
        .where('r.isDeleted', '=', 0)
        .select(sql`1`.as('one'))))
      .orderBy('m.sort').orderBy('m.id');
    if (pkg) qb = qb.where('m.id', 'in', pkg.length ? pkg : ['-1']);
    const menus = await qb.execute();
    this.cache.set(key, { at: Date.now(), menus });
    return menus;
  }

  async codes(user: Pick<AuthUser, 'tenantId' | 'roleIds'>): Promise<Set<string>> {
    return new Set((await this.granted(user)).map((m) => m.code as string));
  }

  /** The sidebar tree (category 1), optionally below one top menu. */
  async routes(user: AuthUser, topMenuId?: string): Promise<MenuVO[]> {
    const menus = (await this.granted(user)).filter((m) => m.category === 1);
    if (topMenuId && /^\d{1,19}$/.test(topMenuId)) {
      // a top menu groups some menus: keep those and everything below them
      const grouped = new Set((await this.db.selectFrom('bladeTopMenuSetting').select('menuId').where('topMenuId', '=', topMenuId).execute()).map((r) => String(r.menuId)));
      const keep = new Set<string>();
      const byParent = new Map<string, Row[]>();
      for (const m of menus) byParent.set(String(m.parentId), [...(byParent.get(String(m.parentId)) ?? []), m]);
      const walk = (id: string) => { keep.add(id); for (const c of byParent.get(id) ?? []) walk(String(c.id)); };
      for (const m of menus) if (grouped.has(String(m.id))) walk(String(m.id));
      return buildTree(menus.filter((m) => keep.has(String(m.id))), grouped);
    }
    return buildTree(menus);
  }

  /** Menus whose children are their button rows (category 2), for the permission map. */
  async buttons(user: AuthUser): Promise<MenuVO[]> {
    const menus = await this.granted(user);
    const buttons = menus.filter((m) => m.category === 2);
    const parents = new Set(buttons.map((b) => b.parentId as string));
    return menus.filter((m) => m.category === 1 && parents.has(m.id as string)).map((m) => ({
      ...vo(m), children: buttons.filter((b) => b.parentId === m.id).map(vo),
    }));
  }

  private async packageMenuIds(tenantId: string): Promise<string[] | null> {
    const t = await this.db.selectFrom('bladeTenant as t').leftJoin('bladeTenantPackage as p', (j) => j.onRef('p.id', '=', 't.packageId').on('p.isDeleted', '=', 0))
      .select(['t.packageId', 'p.menuId']).where('t.tenantId', '=', tenantId).where('t.isDeleted', '=', 0).executeTakeFirst();
    if (!t?.packageId) return null; // no package: the tenant's roles alone decide
    return String(t.menuId ?? '').split(',').filter((s) => /^\d+$/.test(s));
  }
}

const vo = (m: Row): MenuVO => ({
  id: String(m.id), parentId: String(m.parentId), code: m.code as string, name: m.name as string, alias: (m.alias as string) ?? '',
  path: (m.path as string) ?? '', source: (m.source as string) ?? '', sort: m.sort as number, category: m.category as number,
  action: m.action as number, isOpen: m.isOpen as number,
});

/** Nests menu rows; roots are top-level rows, or (within a top menu) the grouped rows. */
export function buildTree(rows: Row[], roots: Set<string> = new Set()): MenuVO[] {
  const nodes = new Map(rows.map((r) => [String(r.id), vo(r)]));
  const top: MenuVO[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    if (parent) (parent.children ??= []).push(n);
    else if (n.parentId === '0' || roots.has(n.id)) top.push(n);
  }
  return top;
}
