// What the public portal answers is read from a per-tenant cache in each node's memory (issue 16,
// "Speed"): the index is the same for every visitor of a site, so the first visitor after a change
// pays for the queries and the others are answered from memory. Two kinds of entries:
//   content — what the management screens edit (services, floors, menus, …): kept until a portal
//             management change empties the tenant's entries (on every node through CacheSync
//             'portal'), or at most CONTENT_TTL_MS as a safety net (a department renamed, a notice);
//   stats   — counters that visitors move (visits, starts, searches): kept STATS_TTL_MS, and emptied
//             on this node when it records one.
// An entry holds the promise of its value, so callers arriving while it loads wait for the one load.
import type { Db } from '../../db/index.ts';

export const CONTENT_TTL_MS = 10 * 60_000;
export const STATS_TTL_MS = 30_000;
/** Entries kept per tenant (the oldest go first): a query string is the caller's to choose. */
const MAX_ENTRIES = 500;
/** How long the tenants' ids and domains are believed. */
const TENANTS_TTL_MS = 60_000;

export type CacheKind = 'content' | 'stats';
interface Entry { kind: CacheKind; at: number; value: Promise<unknown> }

export class PortalCache {
  private readonly tenants = new Map<string, Map<string, Entry>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The value of `key` for the tenant, loaded once until it is emptied or too old. */
  get<T>(tenantId: string, kind: CacheKind, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.tenants.get(tenantId);
    if (!entries) this.tenants.set(tenantId, (entries = new Map()));
    const hit = entries.get(key);
    const ttl = kind === 'content' ? CONTENT_TTL_MS : STATS_TTL_MS;
    if (hit && hit.kind === kind && this.now() - hit.at < ttl) return hit.value as Promise<T>;
    const value = load();
    entries.delete(key); // re-inserted last: Map order is the eviction order
    entries.set(key, { kind, at: this.now(), value });
    // a failed load is not kept (the next caller tries again)
    value.catch(() => { if (entries.get(key)?.value === value) entries.delete(key); });
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return value;
  }

  /** Empties a tenant's entries (every tenant's when none is named). */
  clear(tenantId?: string): void {
    if (tenantId === undefined) this.tenants.clear();
    else this.tenants.delete(tenantId);
  }

  /** Empties a tenant's counters only (a visit, a favourite or a search recorded on this node). */
  clearStats(tenantId: string): void {
    const entries = this.tenants.get(tenantId);
    if (!entries) return;
    for (const [key, e] of entries) if (e.kind === 'stats') entries.delete(key);
  }
}

/**
 * The tenants a site may be: their ids and bound domains (blade_tenant.domain_url, with or without
 * scheme, port and path), read at most once a minute. A tenant's own table, read directly: the
 * portal resolves its visitors before anyone is signed in.
 */
export class PortalTenants {
  private loaded: Promise<{ ids: Set<string>; domains: Map<string, string> }> | null = null;
  private at = 0;

  constructor(private readonly db: Db, private readonly now: () => number = Date.now) {}

  private read() {
    if (!this.loaded || this.now() - this.at > TENANTS_TTL_MS) {
      this.at = this.now();
      this.loaded = this.db.selectFrom('bladeTenant').select(['tenantId', 'domainUrl']).where('isDeleted', '=', 0).where('status', '=', 1).execute().then((rows) => {
        const domains = new Map<string, string>();
        for (const r of rows) {
          const host = hostOf(r.domainUrl ?? '');
          if (host && !domains.has(host)) domains.set(host, r.tenantId);
        }
        return { ids: new Set(rows.map((r) => r.tenantId)), domains };
      });
      this.loaded.catch(() => { this.loaded = null; });
    }
    return this.loaded;
  }

  /**
   * The tenant of an anonymous caller: the Tenant-Id header, else the tenant whose domain is the
   * Host (with its port, then without), else the default. known: false for an id no live tenant has
   * (its portal is closed; nothing of it is cached).
   */
  async resolve(header: string | undefined, host: string | undefined, fallback: string): Promise<{ tenantId: string; known: boolean }> {
    const { ids, domains } = await this.read();
    const given = (header ?? '').trim();
    if (given) return { tenantId: given.slice(0, 12), known: ids.has(given) };
    const h = hostOf(host ?? '');
    const byHost = h ? (domains.get(h) ?? domains.get(h.replace(/:\d+$/, ''))) : undefined;
    const tenantId = byHost ?? fallback;
    return { tenantId, known: ids.has(tenantId) };
  }
}

/** The host (and port) of an address or a Host header, lower-cased: 'https://Portal.x.edu:8443/a' → 'portal.x.edu:8443'. */
export function hostOf(v: string): string {
  const s = v.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  return s.split(/[/?#]/)[0] ?? '';
}
