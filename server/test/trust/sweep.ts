// Shared parts of the trust sweeps: the routes as the server registered them (never a hand-kept
// list), request samples built from each route's own schema, tenant rows planted straight into
// every tenant table, and fingerprints of the database to prove nothing changed.
import { z } from 'zod';
import { sql } from 'kysely';
import type { Db } from '../../src/db/index.ts';
import { nextId } from '../../src/db/ids.ts';
import type { RouteEntry } from '../../src/http/route-table.ts';
import type { TestServer } from '../harness.ts';
import JSZip from 'jszip';

export interface Route extends RouteEntry {
  /** an encapsulated preHandler guards it (e.g. the workflow administrator guard) */
  guarded: boolean;
}

type Json = Record<string, any>;

/**
 * Every /api route but the API documentation. A route is `guarded` when it carries more request
 * hooks than most routes do (an encapsulated guard such as the workflow administrator's), as
 * printRoutes shows them.
 */
export function apiRoutes(s: TestServer): Route[] {
  const app = s.server.app;
  const counts = new Map<string, Record<string, number>>();
  let current: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, includeHooks: true }).split('\n')) {
    const m = /(\/\S*) \(([A-Z, ]+)\)\s*$/.exec(line);
    if (m) { current = m[2].split(',').map((x) => `${x.trim()} ${m[1]}`); for (const k of current) counts.set(k, {}); continue; }
    const h = /\((onRequest|preParsing|preValidation|preHandler)\) \[(.*)\]/.exec(line);
    if (h) for (const k of current) counts.get(k)![h[1]] = h[2].split('",').length;
  }
  const usual: Record<string, number> = {};
  for (const hook of ['onRequest', 'preParsing', 'preValidation', 'preHandler']) {
    const seen = new Map<number, number>();
    for (const c of counts.values()) seen.set(c[hook] ?? 0, (seen.get(c[hook] ?? 0) ?? 0) + 1);
    usual[hook] = [...seen.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  }
  const guarded = (k: string) => Object.entries(counts.get(k) ?? {}).some(([hook, n]) => n > usual[hook]);
  return app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .map((r) => ({ ...r, guarded: guarded(`${r.method} ${r.url}`) }));
}

/** JSON Schema of a route part (querystring/body), from its zod schema. */
export function jsonSchema(part: unknown): Json | null {
  if (!part) return null;
  if (part instanceof z.ZodType) {
    try {
      return z.toJSONSchema(part, { io: 'input', unrepresentable: 'any' }) as Json;
    } catch {
      return null;
    }
  }
  return part as Json;
}

export const ID_KEY = /^(id|ids)$|Ids?$/;

export interface SampleOpts {
  /** the value for an id-like key (undefined: sample normally) */
  id?: (key: string, many: boolean) => string | undefined;
  /** every string becomes this (fuzzing) */
  str?: string;
}

const PATTERN_TRIES = ['1', 'a', 'abc', 'trust_1', 'Trust1', '2024-01-01', '2024-01-01 08:00:00', '1123598821738675201', 'a@b.cn', '13800000000', '0 0 1 * * ?', 'http://127.0.0.1/'];

/** A value the schema accepts (as far as a sample can tell), id-like keys filled by opts.id. */
export function sample(js: Json | null | undefined, opts: SampleOpts = {}, key = '', depth = 0): unknown {
  if (!js || typeof js !== 'object' || depth > 6) return 'trust';
  if (js.const !== undefined) return js.const;
  if (Array.isArray(js.enum) && js.enum.length) return js.enum[0];
  const alts: Json[] | undefined = js.anyOf ?? js.oneOf;
  if (alts?.length) {
    const pick = alts.find((a) => a.type === 'string') ?? alts.find((a) => a.type !== 'null') ?? alts[0];
    return sample(pick, opts, key, depth + 1);
  }
  if (js.allOf?.length) return sample(js.allOf[0], opts, key, depth + 1);
  const type = Array.isArray(js.type) ? js.type.find((t: string) => t !== 'null') : js.type;
  const id = key && ID_KEY.test(key) ? opts.id?.(key, /s$/.test(key)) : undefined;
  switch (type) {
    case 'string': {
      if (id !== undefined) return id;
      if (opts.str !== undefined) return opts.str;
      if (js.format === 'date-time') return new Date().toISOString();
      if (js.format === 'email') return 'a@b.cn';
      let v = 'trust';
      if (js.pattern) {
        const re = new RegExp(js.pattern as string, 'u');
        v = PATTERN_TRIES.find((p) => re.test(p)) ?? v;
      }
      if (js.minLength && v.length < js.minLength) v = v.padEnd(js.minLength, 'x');
      if (js.maxLength && v.length > js.maxLength) v = v.slice(0, js.maxLength);
      return v;
    }
    case 'integer':
    case 'number':
      if (id !== undefined && /^\d+$/.test(id)) return id; // ids travel as strings (64-bit)
      return Math.max(js.minimum ?? js.exclusiveMinimum ?? 1, Math.min(1, js.maximum ?? 1));
    case 'boolean':
      return true;
    case 'array': {
      const n = Math.max(js.minItems ?? 1, 1);
      return Array.from({ length: n }, () => sample(js.items, opts, key.replace(/s$/, ''), depth + 1));
    }
    case 'object': {
      const out: Json = {};
      for (const [k, v] of Object.entries((js.properties ?? {}) as Record<string, Json>)) out[k] = sample(v, opts, k, depth + 1);
      return out;
    }
    default:
      if (id !== undefined) return id;
      return opts.str ?? 'trust';
  }
}

/** Query string of a GET route: every schema key sampled, plus any extra pairs. */
export function queryOf(route: Route, opts: SampleOpts, extra: Record<string, string> = {}): string {
  const js = jsonSchema(route.schema?.querystring);
  const q = new URLSearchParams();
  const v = sample(js ?? { type: 'object' }, opts) as Json;
  for (const [k, x] of Object.entries(v && typeof v === 'object' ? v : {})) if (x !== undefined && x !== null) q.set(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
  for (const [k, x] of Object.entries(extra)) q.set(k, x);
  const s = q.toString();
  return s ? '?' + s : '';
}

/** The route path with its :params filled. */
export function pathOf(route: Route, param: (name: string) => string = () => '1'): string {
  return route.url.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(param(n))).replace(/\*$/, 'x');
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  ms: number;
  /** the body as sent (a file's bytes) */
  bytes?: Buffer;
}

/** One bounded request; a timeout answers status 0. */
export async function send(url: string, init: RequestInit & { token?: string } = {}, timeoutMs = 20_000): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Blade-Auth', `bearer ${init.token}`);
  const t0 = Date.now();
  try {
    const res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, text: bytes.toString('utf8'), bytes, headers: res.headers, ms: Date.now() - t0 };
  } catch (e) {
    return { status: 0, text: String((e as Error).message), headers: new Headers(), ms: Date.now() - t0 };
  }
}

/** The parts of a request the route's schemas check (query values as strings, as the server parses them). */
export interface RequestParts {
  query: Record<string, string | string[]>;
  params: Record<string, string>;
  body?: unknown;
}

/**
 * true when the route's own schemas (querystring, params, body: zod, the same objects the
 * server's validator compiler runs) accept the request, i.e. a request by a caller allowed to
 * call the route reaches the route's code instead of the 400 of validation.
 */
export function passesSchemas(route: Route, parts: RequestParts): boolean {
  const ok = (schema: unknown, data: unknown) => !(schema instanceof z.ZodType) || schema.safeParse(data).success;
  const sc = route.schema ?? {};
  return ok(sc.querystring, parts.query) && ok(sc.params, parts.params) && (route.method === 'GET' || route.method === 'DELETE' || ok(sc.body, parts.body ?? {}));
}

/**
 * `start` (e.g. a row as its owner reads it) reshaped until the zod schema accepts it: a key the
 * schema refuses takes, in turn, `fallback`'s value for it (a sample), each of the usual
 * pattern tries (a URL, an e-mail, a date, …), and at last goes; keys a strict schema does not
 * know go. Answers the body and whether the schema accepts it.
 */
export function fitToSchema(schema: unknown, start: Json, fallback: Json): { body: Json; valid: boolean } {
  const body: Json = { ...start };
  if (!(schema instanceof z.ZodType)) return { body, valid: true };
  const GONE = Symbol('gone');
  const tries = (key: string): unknown[] => [...(key in fallback ? [fallback[key]] : []), ...PATTERN_TRIES, GONE];
  const step = new Map<string, number>();
  for (let round = 0; round < 60; round++) {
    const r = schema.safeParse(body);
    if (r.success) return { body, valid: true };
    let moved = false;
    for (const issue of r.error.issues) {
      const extra = (issue as { keys?: string[] }).keys;
      if (issue.code === 'unrecognized_keys' && extra) { for (const k of extra) if (k in body) { delete body[k]; moved = true; } continue; }
      const key = issue.path[0];
      if (typeof key !== 'string' || step.get(key) === -1) continue;
      const i = step.get(key) ?? 0;
      const next = tries(key)[i];
      if (next === undefined) continue;
      step.set(key, next === GONE ? -1 : i + 1);
      if (next === GONE) delete body[key];
      else body[key] = next;
      moved = true;
    }
    if (!moved) break;
  }
  return { body, valid: schema.safeParse(body).success };
}

/** A call of a route with sampled query/body (JSON, or `body` as given), as the sweeps make it; `valid`: it passed the route's schemas. */
export async function callRoute(s: TestServer, route: Route, opts: SampleOpts & { token?: string; query?: Record<string, string>; param?: (n: string) => string; body?: unknown }): Promise<Answer & { valid: boolean }> {
  const params: Record<string, string> = {};
  const url = s.url + pathOf(route, (n) => (params[n] = opts.param ? opts.param(n) : '1')) + queryOf(route, opts, opts.query);
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of new URL(url).searchParams) query[k] = k in query ? [...[query[k]].flat(), v] : v;
  if (route.method === 'GET' || route.method === 'DELETE') {
    return { ...(await send(url, { method: route.method, token: opts.token })), valid: passesSchemas(route, { query, params }) };
  }
  const body = opts.body !== undefined ? opts.body : (sample(jsonSchema(route.schema?.body) ?? { type: 'object' }, opts) ?? {});
  const a = await send(url, { method: route.method, token: opts.token, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { ...a, valid: passesSchemas(route, { query, params, body }) };
}

const STACK = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\.ts:\d+:\d+|(?:TypeError|ReferenceError|RangeError): /;
/** true when an answer body shows a stack trace or an internal error class */
export const leaksStack = (text: string) => STACK.test(text);

// ---- the database side ------------------------------------------------------------------

export interface TableInfo {
  name: string;
  tenant: boolean;
  /** a view: its rows are its tables' rows */
  view: boolean;
  columns: { name: string; type: string; nullable: boolean; hasDefault: boolean; maxLength: number | null }[];
}

export async function tables(db: Db): Promise<TableInfo[]> {
  // from the catalogue itself: information_schema's views took ~0.5 s a call on PGlite, and every
  // "nothing changed" check asks (the type names are information_schema's: format_type, ARRAY)
  const r = await sql<{ tableName: string; columnName: string; dataType: string; nullable: boolean; hasDefault: boolean; maxLength: number | null; relkind: string }>`
    select c.relname as table_name, a.attname as column_name,
      case when t.typcategory = 'A' then 'ARRAY' else format_type(a.atttypid, null) end as data_type,
      not a.attnotnull as nullable, a.atthasdef as has_default,
      case when a.atttypid in (1042, 1043) and a.atttypmod > 0 then a.atttypmod - 4 end as max_length, c.relkind::text as relkind
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace join pg_type t on t.oid = a.atttypid
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v') and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(db);
  const by = new Map<string, TableInfo>();
  for (const c of r.rows) {
    let t = by.get(c.tableName);
    if (!t) by.set(c.tableName, (t = { name: c.tableName, tenant: false, view: c.relkind === 'v', columns: [] }));
    if (c.columnName === 'tenant_id') t.tenant = true;
    t.columns.push({ name: c.columnName, type: c.dataType, nullable: c.nullable, hasDefault: c.hasDefault, maxLength: c.maxLength });
  }
  return [...by.values()].filter((t) => !t.name.startsWith('kysely_'));
}

/** Tables every request or a background worker may write to (logs, captchas, revocations, the workflow outbox, the node's id lease heartbeat): left out of the "nothing changed" checks. */
export const VOLATILE = /(^|_)log($|_)|_log$|captcha|token_revoked|secret|third_service_cache|sms_code|outbox|node_lease/;

/**
 * One row in every tenant table of `tenant`, text columns holding `marker`, other required
 * columns a plain value. Answers the rows planted (table, id) and the tables that refused.
 */
export async function plantRows(db: Db, tenant: string, marker: string): Promise<{ rows: { table: string; id: string }[]; refused: string[] }> {
  const rows: { table: string; id: string }[] = [];
  const refused: string[] = [];
  for (const t of await tables(db)) {
    if (!t.tenant || !t.columns.some((c) => c.name === 'id' && c.type === 'bigint')) continue;
    const id = nextId();
    const cols: string[] = [];
    const vals: unknown[] = [];
    for (const c of t.columns) {
      let v: unknown;
      if (c.name === 'id') v = id;
      else if (c.name === 'tenant_id') v = tenant;
      else if (c.name === 'is_deleted') v = 0;
      else if (/char|text/.test(c.type)) v = c.maxLength && c.maxLength < marker.length ? marker.slice(0, c.maxLength) : marker;
      else if (c.nullable || c.hasDefault) continue;
      else if (/int|numeric|double|real/.test(c.type)) v = 0;
      else if (/timestamp|date/.test(c.type)) v = new Date().toISOString();
      else if (c.type === 'boolean') v = false;
      else if (/json/.test(c.type)) v = '{}';
      else continue;
      cols.push(c.name);
      vals.push(v);
    }
    try {
      await sql`insert into ${sql.table(t.name)} (${sql.join(cols.map((c) => sql.id(c)))}) values (${sql.join(vals)})`.execute(db);
      rows.push({ table: t.name, id });
    } catch {
      refused.push(t.name);
    }
  }
  return { rows, refused };
}

const tableCache = new WeakMap<Db, { mark: string; tables: TableInfo[] }>();
/** tables(db), read again only when a relation was added, dropped or altered since the last call */
async function knownTables(db: Db): Promise<TableInfo[]> {
  const { rows: [{ mark }] } = await sql<{ mark: string }>`
    select count(*)::text || '/' || coalesce(max(xmin::text::bigint), 0)::text as mark from pg_class where relnamespace = 'public'::regnamespace`.execute(db);
  const known = tableCache.get(db);
  if (known?.mark === mark) return known.tables;
  const fresh = await tables(db);
  tableCache.set(db, { mark, tables: fresh });
  return fresh;
}

/** Per table (volatile ones left out) a mark that any written row changes: a change anywhere shows. */
export async function fingerprint(db: Db, where: (t: TableInfo) => string | null = () => 'true'): Promise<Map<string, string>> {
  const parts: ReturnType<typeof sql>[] = [];
  for (const t of await knownTables(db)) {
    // a view's rows are its tables' rows (and it has no row versions of its own)
    if (VOLATILE.test(t.name) || t.view) continue;
    const w = where(t);
    if (w === null) continue;
    // how many rows and the newest row version: an insert or update writes a version with a newer
    // xmin, a delete lowers the count. As sure as hashing every row (a rewrite to the same values
    // counts as a change, as it should for a request that was refused) and a tenth of the cost
    parts.push(sql`select ${t.name}::text as name, count(*)::text || '/' || coalesce(max(xmin::text::bigint), 0)::text as hash from ${sql.table(t.name)} x where ${sql.raw(w)}`);
  }
  const r = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return new Map(r.rows.map((x) => [x.name, x.hash]));
}

export function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before.keys()].filter((k) => before.get(k) !== after.get(k));
}

/** Counts by key, printed as "k: n" pairs, for the sweep summaries. */
export function tally(items: Iterable<string | number>): string {
  const m = new Map<string, number>();
  for (const i of items) m.set(String(i), (m.get(String(i)) ?? 0) + 1);
  return [...m.entries()].sort().map(([k, n]) => `${k}: ${n}`).join(', ');
}

/** The starter's application ("apply", passed by the start itself), then two steps for the starter: check and review. */
export const SIMPLE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="trust">
  <process id="trustFlow" name="Trust flow" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
    <userTask id="apply" name="Apply" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="check"/>
    <userTask id="check" name="Check" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f3" sourceRef="check" targetRef="review"/>
    <userTask id="review" name="Review" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f4" sourceRef="review" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

/** Deploys SIMPLE_BPMN through the API as the token's tenant. */
export async function deploySimple(s: TestServer, token: string, name = 'Trust flow'): Promise<void> {
  const fd = new FormData();
  fd.append('files', new Blob([SIMPLE_BPMN.replace('name="Trust flow"', `name="${name}"`)], { type: 'text/xml' }), 'trustFlow.bpmn20.xml');
  const r = await s.api('/api/blade-flow/manager/deploy-upload', { method: 'POST', token, body: fd });
  if (r.status !== 200) throw new Error('deploy failed: ' + JSON.stringify(r.body));
}

// ---- downloads ---------------------------------------------------------------------------

/** A last path segment that names a file, an export or a stream (a download, an xlsx, a diagram, a print, BPMN XML, …). */
export const DOWNLOAD_NAME = /download|export|file|diagram|bpmn|xml|image|print|zip|excel|xlsx|pdf|contract|stream|gen-?code|model-?view|attachment/i;

/** true when the route's name says it answers a file or an export */
export const namedLikeDownload = (r: Route) => DOWNLOAD_NAME.test(r.url.split('/').filter((x) => x && !x.startsWith(':')).pop() ?? '');

/** a 200 that is a file rather than the JSON envelope (an attachment header, or any non-JSON type) */
export const isFileAnswer = (a: Answer) => a.status === 200 && (!!a.headers.get('content-disposition') || !/json/i.test(a.headers.get('content-type') ?? ''));

/** the envelope's data of a JSON answer (undefined when not JSON) */
export function dataOf(a: Answer): unknown {
  try { return (JSON.parse(a.text) as { data?: unknown }).data; } catch { return undefined; }
}

/** the caller got something: a file, or an envelope carrying data */
export const served = (a: Answer) => isFileAnswer(a) || (a.status === 200 && dataOf(a) !== null && dataOf(a) !== undefined);

/** The text of a file answer, zip archives (xlsx, docx, generated code) opened entry by entry. */
export async function fileText(a: Answer): Promise<string> {
  const b = a.bytes ?? Buffer.from(a.text);
  if (b.subarray(0, 2).toString('latin1') !== 'PK') return b.toString('utf8');
  try {
    const zip = await JSZip.loadAsync(b);
    const parts: string[] = [];
    for (const f of Object.values(zip.files)) if (!f.dir) parts.push(await f.async('string'));
    return parts.join('\n');
  } catch {
    return b.toString('utf8');
  }
}

/**
 * The entity detail whose checks a download-like route must repeat: the one its config names
 * (file.detail, http/files.ts), else the detail beside it or above it in the path.
 */
export function detailOf(r: Route, routes: Route[]): Route | undefined {
  const gets = routes.filter((x) => x.method === 'GET');
  if (r.file && 'detail' in r.file) { const d = (r.file as { detail: string }).detail; return gets.find((x) => x.url === d); }
  const parts = r.url.split('/');
  for (let n = parts.length - 1; n > 3; n--) {
    const d = gets.find((x) => x.url === parts.slice(0, n).join('/') + '/detail');
    if (d && d.url !== r.url) return d;
  }
  return undefined;
}
