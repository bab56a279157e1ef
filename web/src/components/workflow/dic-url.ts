// Options of a designed field from an address of this site (the column's dicUrl, e.g. an app's
// option source /api/appDataSource/appDataSource/options?id=<id>): a GET answering [{label, value}]
// or the envelope {code, data: [...]}. Only paths under /api/ of this site are asked (never another
// host, never a javascript: or data: address); each address is asked once per page load (a failure
// is asked again next time).
import type { DicItem } from '@campus/schema';
import { request } from '../../api/request';

/** Most options one address gives a field. */
const MAX_OPTIONS = 5000;

/** The address when it is a path under /api/ of this site, else null. */
export function safeDicUrl(url: string | null | undefined): string | null {
  const text = String(url ?? '').trim();
  // a path of this site: not protocol-relative (//host), no backslashes, spaces or control characters
  if (!text.startsWith('/api/') || text.startsWith('//') || /[\\\s\u0000-\u001f]/.test(text)) return null;
  try {
    const base = window.location.origin;
    const u = new URL(text, base);
    // dot segments (also written %2e) are resolved: what is asked must still be under /api/
    if (u.origin !== base || !u.pathname.startsWith('/api/')) return null;
    return `${u.pathname}${u.search}`;
  } catch {
    return null;
  }
}

type Raw = Record<string, unknown>;
function itemsOf(body: unknown): DicItem[] {
  const b = body as Raw | unknown[] | null;
  const list = Array.isArray(b) ? b : Array.isArray(b?.data) ? b.data : Array.isArray((b?.data as Raw | undefined)?.records) ? ((b!.data as Raw).records as unknown[]) : [];
  const out: DicItem[] = [];
  for (const x of list.slice(0, MAX_OPTIONS)) {
    if (x === null || typeof x !== 'object') continue;
    const r = x as Raw;
    const value = r.value ?? r.dictKey ?? r.id;
    if (value === undefined || value === null) continue;
    const label = r.label ?? r.dictValue ?? r.title ?? r.name ?? value;
    out.push({ label: String(label), value: typeof value === 'number' ? value : String(value) });
  }
  return out;
}

const cache = new Map<string, Promise<DicItem[]>>();
/** The options an address answers (rejects when it is not a path under /api/ of this site). */
export function loadDicUrl(url: string): Promise<DicItem[]> {
  const safe = safeDicUrl(url);
  if (!safe) return Promise.reject(new Error(`dicUrl refused: ${url.slice(0, 80)}`));
  let p = cache.get(safe);
  if (!p) {
    p = request<unknown>({ url: safe, method: 'get' }).then(itemsOf, (e) => {
      cache.delete(safe); // a failure is not remembered
      throw e;
    });
    cache.set(safe, p);
  }
  return p;
}
