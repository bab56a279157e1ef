// The one egress policy for every outbound connection a tenant configures (third-party HTTP
// services and their token calls, SMTP/POP3/IMAP, CAS, S3 endpoints, SMS gateways, datasources).
//
//   1. the host is resolved here (IP literals in any form WHATWG URL accepts: 0, 0x7f.1, 2130706433,
//      [::1]; names through dns.lookup, every address);
//   2. the host is refused when ANY of its addresses is loopback, unspecified, private, CGNAT,
//      link-local, unique-local, multicast, reserved, documentation, an IPv6 form embedding such an
//      IPv4 address (::ffff:127.0.0.1, 64:ff9b::a00:1, 2002:7f00:1::), or a cloud metadata address,
//      unless the operator's allowance (EGRESS_ALLOW: CIDRs, IPs, host names) covers it;
//   3. the connection goes to the address that was checked (no second DNS answer: a pinned lookup,
//      or the checked IP as host with the name kept for TLS SNI and certificate checks);
//   4. HTTP redirects are followed here, each hop checked the same way.
//
// egressFetch speaks HTTP through node:http / node:https with a pinned `lookup` rather than the
// global fetch: Node 20's fetch (undici) takes a `dispatcher` only from the separate `undici`
// package, whose Agent must match the bundled undici's internals; http.request accepts `lookup`
// and `servername` itself, so pinning needs no new dependency.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { ApiError } from '../http/errors.ts';
import type { Message } from '../http/messages.ts';

export const EGRESS_MSG = {
  refused: ['不允许连接该地址：{host}（内网、回环或元数据地址）', 'Connections to {host} are not allowed (loopback, private or metadata address)'],
  badHost: ['主机地址不正确：{host}', 'Invalid host: {host}'],
  badPort: ['端口不正确：{port}', 'Invalid port: {port}'],
  unresolved: ['无法解析主机：{host}', 'The host {host} could not be resolved'],
  badUrl: ['地址不正确，请使用 http(s):// 开头的地址：{url}', 'Invalid address; use an http(s):// URL: {url}'],
  redirects: ['重定向次数过多（超过 {max} 次）', 'Too many redirects (more than {max})'],
} as const satisfies Record<string, Message>;

export type Family = 4 | 6;
export interface EgressTarget { address: string; family: Family }

// ------------------------------------------------------------------ address classification

const v4 = (list: [string, number, string][]) => list;
/** IPv4 ranges never reached without an allowance, with the reason a test can name. */
const V4_RANGES = v4([
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // 169.254.169.254: AWS/GCP/Azure/Alibaba metadata
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments (192.0.0.192: Oracle metadata)
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes 255.255.255.255 (broadcast)
]);
/** IPv6 ranges refused outright (the forms embedding an IPv4 address are decoded instead). */
const V6_RANGES = v4([
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'reserved'], // local-use NAT64
  ['100::', 64, 'reserved'], // discard-only
  ['2001::', 32, 'reserved'], // Teredo (embeds an obfuscated IPv4 address)
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique-local'], // includes fd00:ec2::254 (AWS metadata over IPv6)
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved'], // deprecated site-local
  ['ff00::', 8, 'multicast'],
]);
const METADATA_V4 = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192'];
const METADATA_V6 = ['fd00:ec2::254'];
/** Names of metadata services, refused by name (they resolve to link-local addresses anyway). */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

const ranges = (list: [string, number, string][], type: 'ipv4' | 'ipv6') =>
  list.map(([net, prefix, reason]) => { const b = new BlockList(); b.addSubnet(net, prefix, type); return { b, reason }; });
const V4 = ranges(V4_RANGES, 'ipv4');
const V6 = ranges(V6_RANGES, 'ipv6');

/** The 16 bytes of an IPv6 address (any textual form node accepts, including a dotted tail). */
function v6bytes(ip: string): Uint8Array {
  let s = ip.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const p = tail[1].split('.').map(Number);
    s = s.slice(0, -tail[1].length) + `${((p[0] << 8) | p[1]).toString(16)}:${((p[2] << 8) | p[3]).toString(16)}`;
  }
  const [head, rest] = s.includes('::') ? s.split('::') : [s, undefined];
  const h = head ? head.split(':') : [];
  const r = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const groups = rest === undefined ? h : [...h, ...Array(8 - h.length - r.length).fill('0'), ...r];
  const out = new Uint8Array(16);
  groups.forEach((g, i) => { const n = parseInt(g || '0', 16); out[i * 2] = n >> 8; out[i * 2 + 1] = n & 255; });
  return out;
}
const dotted = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
const zero = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4), if any. */
export function embeddedIPv4(ip: string): string | null {
  if (isIP(ip) !== 6) return null;
  const b = v6bytes(ip.replace(/%.*$/, ''));
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return dotted(b, 12); // ::ffff:a.b.c.d (mapped)
  if (zero(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zero(b, 10, 12)) return dotted(b, 12); // ::ffff:0:a.b.c.d (translated)
  if (zero(b, 0, 12) && !zero(b, 12, 16) && !(zero(b, 12, 15) && b[15] <= 1)) return dotted(b, 12); // ::a.b.c.d (compatible)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(b, 4, 12)) return dotted(b, 12); // 64:ff9b::/96 (NAT64)
  if (b[0] === 0x20 && b[1] === 0x02) return dotted(b, 2); // 2002::/16 (6to4)
  return null;
}

/**
 * Why an address is never reached without an allowance ('loopback', 'private', 'metadata', …),
 * or null for an ordinary public address. Unparseable text counts as 'invalid'.
 */
export function classifyAddress(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 4) {
    if (METADATA_V4.includes(bare)) return 'metadata';
    return V4.find((r) => r.b.check(bare, 'ipv4'))?.reason ?? null;
  }
  if (kind === 6) {
    if (METADATA_V6.some((m) => sameV6(m, bare))) return 'metadata';
    const inner = embeddedIPv4(bare);
    if (inner) return classifyAddress(inner);
    return V6.find((r) => r.b.check(bare, 'ipv6'))?.reason ?? null;
  }
  return 'invalid';
}
const sameV6 = (a: string, b: string) => Buffer.from(v6bytes(a)).equals(Buffer.from(v6bytes(b)));

/**
 * A host as the connection will see it: brackets dropped, IPv4 in any WHATWG form (0, 0x7f.1,
 * 127.1, 2130706433) normalised to dotted quad, names lower-cased and IDNA-encoded. Throws a 400
 * for text that is no host (paths, user info, ports, spaces, a Unix socket path).
 */
export function normaliseHost(host: string): { host: string; ip: Family | 0 } {
  const raw = String(host ?? '').trim();
  const bare = raw.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare)) return { host: bare.toLowerCase(), ip: isIP(bare) as Family };
  if (!raw || /[\s/\\@?#:%[\]]/.test(raw)) throw new ApiError(400, EGRESS_MSG.badHost, { host: raw.slice(0, 200) });
  let name: string;
  try {
    name = new URL(`http://${raw}/`).hostname;
  } catch {
    throw new ApiError(400, EGRESS_MSG.badHost, { host: raw.slice(0, 200) });
  }
  const unbracketed = name.replace(/^\[(.*)\]$/, '$1');
  if (isIP(unbracketed)) return { host: unbracketed, ip: isIP(unbracketed) as Family };
  return { host: name.replace(/\.$/, ''), ip: 0 };
}

// ------------------------------------------------------------------ the operator's allowance

export interface Allowance { cidrs: BlockList; names: string[]; suffixes: string[]; entries: string[] }

/**
 * EGRESS_ALLOW entries: a CIDR (10.0.0.0/8, fd00::/8), an IP (127.0.0.1, ::1) or a host name
 * (mail.internal; *.corp.example for every name under corp.example). Throws an Error naming the
 * first entry that is none of these (the server then refuses to start).
 */
export function parseAllowance(list: readonly string[] = []): Allowance {
  const out: Allowance = { cidrs: new BlockList(), names: [], suffixes: [], entries: [] };
  for (const item of list.map((s) => s.trim()).filter(Boolean)) {
    const cidr = /^\[?([^\]/]+)\]?\/(\d{1,3})$/.exec(item);
    const bare = item.replace(/^\[(.*)\]$/, '$1');
    if (cidr && isIP(cidr[1])) {
      const type = isIP(cidr[1]) === 4 ? 'ipv4' : 'ipv6';
      const prefix = Number(cidr[2]);
      if (prefix > (type === 'ipv4' ? 32 : 128)) throw new Error(`EGRESS_ALLOW: "${item}" has a prefix longer than the address`);
      out.cidrs.addSubnet(cidr[1], prefix, type);
    } else if (isIP(bare)) {
      out.cidrs.addAddress(bare, isIP(bare) === 4 ? 'ipv4' : 'ipv6');
    } else if (/^\*\.[a-z0-9.-]+$/i.test(item) && !item.endsWith('.')) {
      out.suffixes.push(item.slice(1).toLowerCase());
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(item)) {
      out.names.push(item.toLowerCase().replace(/\.$/, ''));
    } else {
      throw new Error(`EGRESS_ALLOW: "${item}" is not a CIDR, an IP address or a host name`);
    }
    out.entries.push(item);
  }
  return out;
}

const addressAllowed = (a: Allowance, ip: string): boolean => {
  const type = isIP(ip) === 4 ? 'ipv4' : 'ipv6';
  if (a.cidrs.check(ip, type)) return true;
  const inner = embeddedIPv4(ip); // allowing 127.0.0.1 allows ::ffff:127.0.0.1 too
  return !!inner && a.cidrs.check(inner, 'ipv4');
};
const nameAllowed = (a: Allowance, name: string) => a.names.includes(name) || a.suffixes.some((s) => name.endsWith(s));

// ------------------------------------------------------------------ the policy

export type Resolver = (host: string) => Promise<LookupAddress[]>;
const systemResolver: Resolver = (host) => new Promise((resolve, reject) => {
  dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
});

export interface FetchInit {
  method?: string;
  headers?: Record<string, string> | Headers | [string, string][];
  body?: string | Uint8Array | null;
  signal?: AbortSignal;
}

/** A configured policy: the operator's allowance (config.egressAllow) and how names resolve. */
export class Egress {
  readonly allowance: Allowance;
  constructor(allow: readonly string[] = [], private readonly resolver: Resolver = systemResolver) {
    this.allowance = parseAllowance(allow);
  }

  /**
   * Resolves the host and checks every address; answers the one to connect to. Refuses (400, zh/en)
   * a host that is not one, does not resolve, or has any address outside the policy.
   */
  async resolve(host: string, port?: number): Promise<EgressTarget> {
    if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65535)) throw new ApiError(400, EGRESS_MSG.badPort, { port: String(port) });
    const h = normaliseHost(host);
    const shown = h.ip === 6 ? `[${h.host}]` : h.host;
    const named = h.ip === 0 && nameAllowed(this.allowance, h.host);
    if (h.ip === 0 && !named && METADATA_NAMES.has(h.host)) {
      throw new ApiError(400, EGRESS_MSG.refused, { host: shown });
    }
    let addresses: LookupAddress[];
    if (h.ip) addresses = [{ address: h.host, family: h.ip }];
    else {
      try {
        addresses = await this.resolver(h.host);
      } catch {
        throw new ApiError(400, EGRESS_MSG.unresolved, { host: shown });
      }
      if (!addresses.length) throw new ApiError(400, EGRESS_MSG.unresolved, { host: shown });
    }
    for (const a of addresses) {
      if (classifyAddress(a.address) === null) continue;
      if (named || addressAllowed(this.allowance, a.address)) continue;
      throw new ApiError(400, EGRESS_MSG.refused, { host: shown });
    }
    const first = addresses[0];
    return { address: first.address, family: (first.family === 6 ? 6 : 4) };
  }

  /**
   * For socket libraries: the checked address to connect to and the name to present for TLS
   * (SNI and certificate check; undefined when the host is an IP literal).
   */
  async target(host: string, port?: number): Promise<EgressTarget & { servername: string | undefined; lookup: LookupFunction }> {
    const t = await this.resolve(host, port);
    const h = normaliseHost(host);
    return { ...t, servername: h.ip ? undefined : h.host, lookup: pinnedLookup(t) };
  }

  /** fetch through the policy (see egressFetch). */
  fetch(url: string | URL, init: FetchInit = {}, opts: { maxRedirects?: number } = {}): Promise<Response> {
    return egressFetch(url, init, { ...opts, policy: this });
  }
}

/** The strict policy: no allowance. Used when a caller passes none. */
const STRICT = new Egress([]);

/** Resolves and checks a host under a policy (no allowance when none is given); see Egress.resolve. */
export async function resolveEgress(host: string, port?: number, policy: Egress = STRICT): Promise<EgressTarget> {
  return policy.resolve(host, port);
}

/**
 * A dns.lookup replacement that answers only the checked address, for net/tls.connect and the
 * libraries that pass `lookup` through (so a second, different DNS answer is never used).
 */
export function pinnedLookup(t: EgressTarget): LookupFunction {
  return ((_host: string, options: LookupOptions | ((...a: unknown[]) => void), cb?: (...a: unknown[]) => void) => {
    const callback = (typeof options === 'function' ? options : cb)!;
    const all = typeof options === 'object' && options?.all;
    process.nextTick(() => (all ? callback(null, [{ address: t.address, family: t.family }]) : callback(null, t.address, t.family)));
  }) as LookupFunction;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

function toUrl(u: string | URL): URL {
  let url: URL;
  try {
    url = typeof u === 'string' ? new URL(u) : new URL(u.href);
  } catch {
    throw new ApiError(400, EGRESS_MSG.badUrl, { url: String(u).slice(0, 200) });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new ApiError(400, EGRESS_MSG.badUrl, { url: `${url.protocol}//${url.host}`.slice(0, 200) });
  }
  return url;
}

/**
 * fetch through the policy: http/https only, the host resolved and checked, the connection made
 * to the checked address (Host header, SNI and certificate name stay the URL's host), redirects
 * followed here (at most maxRedirects, default 5; 0 answers the 3xx itself), each hop checked.
 * Answers a WHATWG Response; rejects with the signal's reason when it aborts (a TimeoutError for
 * AbortSignal.timeout, as fetch does), with a 400 ApiError when the policy refuses.
 */
export async function egressFetch(input: string | URL, init: FetchInit = {}, opts: { maxRedirects?: number; policy?: Egress } = {}): Promise<Response> {
  const policy = opts.policy ?? STRICT;
  const maxRedirects = opts.maxRedirects ?? 5;
  let url = toUrl(input);
  let method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers as ConstructorParameters<typeof Headers>[0]);
  let body = init.body ?? undefined;
  for (let hop = 0; ; hop++) {
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    const target = await policy.resolve(url.hostname, port);
    const res = await requestOnce(url, target, method, headers, body, init.signal);
    const location = res.headers.get('location');
    if (!REDIRECTS.has(res.status) || !location || maxRedirects === 0) return res;
    await res.body?.cancel().catch(() => undefined);
    if (hop >= maxRedirects) throw new ApiError(400, EGRESS_MSG.redirects, { max: maxRedirects });
    let next: URL;
    try {
      next = toUrl(new URL(location, url));
    } catch {
      throw new ApiError(400, EGRESS_MSG.badUrl, { url: location.slice(0, 200) });
    }
    if (res.status === 303 ? method !== 'HEAD' : (res.status === 301 || res.status === 302) && method === 'POST') {
      method = 'GET';
      body = undefined;
      for (const h of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(h);
    }
    if (next.origin !== url.origin) for (const h of ['authorization', 'proxy-authorization', 'cookie']) headers.delete(h);
    url = next;
  }
}

function requestOnce(url: URL, target: EgressTarget, method: string, headers: Headers, body: string | Uint8Array | undefined, signal?: AbortSignal): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const out: Record<string, string> = {};
    headers.forEach((v, k) => { out[k] = v; });
    out['user-agent'] ??= 'campus-platform';
    if (body !== undefined) out['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    const fail = (e: unknown) => reject(signal?.aborted ? signal.reason : e);
    let req;
    try {
      req = (url.protocol === 'https:' ? httpsRequest : httpRequest)({
        host, port: url.port || undefined, path: url.pathname + url.search, method, headers: out,
        lookup: pinnedLookup(target), servername: isIP(host) ? undefined : host,
        agent: false, signal,
      }, (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 599) {
          res.destroy();
          return reject(new Error(`unexpected HTTP status ${status}`));
        }
        const h = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          try { h.append(res.rawHeaders[i], res.rawHeaders[i + 1]); } catch { /* a header fetch would refuse too */ }
        }
        const empty = NULL_BODY.has(status) || method === 'HEAD';
        if (empty) res.resume();
        const response = new Response(empty ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage ?? '', headers: h });
        Object.defineProperty(response, 'url', { value: url.href });
        resolve(response);
      });
    } catch (e) {
      return reject(e); // e.g. a header value with a line break
    }
    req.on('error', fail);
    req.end(body);
  });
}
