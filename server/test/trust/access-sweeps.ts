// The access sweeps, run by access.test.ts on PGlite and access-pg.test.ts on PostgreSQL (each half
// takes minutes on a busy machine, so each has its own file and time-out). Who may call what, swept
// over every route the server registered (issue 7, "Sweeps"):
// anonymous callers get 401 on every non-public route; an ordinary user gets 403 on every route
// that needs a menu/button code or sits behind an administrator guard; public routes answer a
// signed-in caller nothing more than an anonymous one; and tenant B's administrator, trying
// tenant A's ids on every route, sees none of A's rows and changes none of them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../../src/db/seed.ts';
import { addUser, startServer, type DbKind, type TestServer } from '../harness.ts';
import { nextId } from '../../src/db/ids.ts';
import { apiRoutes, callRoute, changed, dataOf, deploySimple, detailOf, fileText, fingerprint, fitToSchema, ID_KEY, isFileAnswer, jsonSchema, leaksStack, namedLikeDownload, pathOf, plantRows, sample, send, served, tables, tally, type Answer, type Route } from './sweep.ts';

const A = SEED.tenant;
const B = SEED.otherTenant;
const MARK = 'ZQXA';
/** what an update attempt of tenant B writes where A's row said MARK */
const MARK_B = 'ZQXB';
/** calls that end the caller's own session; they are swept last or not at all */
const ENDS_SESSION = /\/logout$/;
const WS = '/api/blade-message/ws';

export function accessSweeps(kind: DbKind): void {
  let s: TestServer;
  let routes: Route[];
  let adminA: string, adminB: string, user: string;
  /** every id of tenant A's rows, by table */
  const aIds = new Map<string, string[]>();
  let allA: string[] = [];

  before(async () => {
    s = await startServer({ kind });
    routes = apiRoutes(s);
    await addUser(s, 'trust_user', { roleId: SEED.userRoleId, deptId: SEED.deptTeachId });
    [adminA, adminB, user] = await Promise.all([
      s.login().then((r) => r.access_token as string),
      s.login('admin', 'admin', B).then((r) => r.access_token as string),
      s.login('trust_user', 'user').then((r) => r.access_token as string),
    ]);
    // tenant A's rows made the ordinary way: a process with its tasks, a message, a notice
    await deploySimple(s, adminA, `${MARK} flow`);
    const started = await s.api('/api/blade-workflow/process/startProcessByKey', { method: 'POST', token: adminA, json: { processDefKey: 'trustFlow', title: MARK } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal((await s.api('/api/blade-message/message/save', { method: 'POST', token: adminA, json: { title: `${MARK} message`, content: MARK, type: 1, userIds: SEED.userId } })).status, 200);
    assert.equal((await s.api('/api/blade-desk/notice/submit', { method: 'POST', token: adminA, json: { title: `${MARK} notice`, content: `<p>${MARK}</p>`, category: 1 } })).status, 200);
    // and one row planted straight into every other tenant table
    const planted = await plantRows(s.server.database.db, A, MARK);
    console.log(`# [${kind}] planted ${planted.rows.length} tenant-A rows; tables that refused a plain row: ${planted.refused.join(', ') || 'none'}`);
    for (const t of await tables(s.server.database.db)) {
      if (!t.tenant || !t.columns.some((c) => c.name === 'id')) continue;
      const r = await sql<{ id: string }>`select id::text as id from ${sql.table(t.name)} where tenant_id = ${A} order by id desc`.execute(s.server.database.db);
      if (r.rows.length) aIds.set(t.name, r.rows.map((x) => x.id));
    }
    allA = [...new Set([...aIds.values()].flat())];
  });
  after(async () => { await s?.close(); });

  test('the route table is discovered, not listed by hand', () => {
    assert.ok(routes.length > 300, `only ${routes.length} routes found`);
    assert.ok(routes.some((r) => r.url === '/api/blade-workflow/process/completeTask'));
    assert.ok(routes.some((r) => r.guarded), 'the workflow administrator guard shows as a preHandler');
  });

  // A code no menu or button carries can be granted to no role: the route would answer 403 to
  // everyone. The portal's search-history management (issue 16) has no screen or buttons yet.
  const UNGRANTABLE_FOR_NOW = new Set(['/api/blade-portal/searchLog/submit', '/api/blade-portal/searchLog/remove']);
  test('every route that needs a permission names a code some menu or button carries, so a role can be granted it', async () => {
    const codes = new Set((await sql<{ code: string }>`select code from blade_menu where is_deleted = 0`.execute(s.server.database.db)).rows.map((r) => r.code));
    const dead = routes.filter((r) => r.permission.length && !r.permission.some((c) => codes.has(c)) && !UNGRANTABLE_FOR_NOW.has(r.url));
    assert.deepEqual(dead.map((r) => `${r.method} ${r.url}: ${r.permission.join(' | ')}`), []);
    for (const url of UNGRANTABLE_FOR_NOW) assert.ok(routes.some((r) => r.url === url), `${url} still exists`);
  });

  test('anonymous callers get 401 on every non-public route', async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const r of routes.filter((x) => !x.public)) {
      const a = await callRoute(s, r, {});
      tried++;
      if (a.status !== 401) wrong.push(`${r.method} ${r.url} -> ${a.status}`);
      if (leaksStack(a.text)) wrong.push(`${r.method} ${r.url}: stack trace`);
    }
    console.log(`# [${kind}] anonymous: ${tried} non-public routes tried`);
    assert.deepEqual(wrong, []);
  });

  test('an ordinary user gets 403 on every route needing a code it lacks or behind an administrator guard', async () => {
    const have = await s.server.services.menus.codes({ tenantId: A, roleIds: [SEED.userRoleId] });
    const admin = routes.filter((r) => !r.public && (r.guarded || (r.permission.length && !r.permission.some((c) => have.has(c)))));
    const wrong: string[] = [];
    for (const r of admin) {
      const a = await callRoute(s, r, { token: user });
      if (a.status !== 403) wrong.push(`${r.method} ${r.url} -> ${a.status} ${a.text.slice(0, 120)}`);
    }
    console.log(`# [${kind}] ordinary user: ${admin.length} administrator routes tried`);
    assert.deepEqual(wrong, []);
  });

  test('public routes answer a signed-in caller no more than an anonymous one, and never tenant data', async () => {
    const keys = (x: unknown, p = ''): string[] => (x && typeof x === 'object' ? Object.entries(x as object).flatMap(([k, v]) => [p + k, ...keys(v, p + k + '.')]) : []);
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.public && x.method === 'GET' && x.url !== WS)) {
      const anon = await callRoute(s, r, {});
      const signed = await callRoute(s, r, { token: adminA });
      const parse = (a: Answer) => { try { return JSON.parse(a.text); } catch { return a.text; } };
      const extra = keys(parse(signed)).filter((k) => !new Set(keys(parse(anon))).has(k));
      if (extra.length) wrong.push(`${r.url}: signed-in answer adds ${extra.join(',')}`);
      if (anon.text.includes(MARK) || allA.some((id) => anon.text.includes(id))) wrong.push(`${r.url}: tenant data in an anonymous answer`);
    }
    assert.deepEqual(wrong, []);
  });

  test("tenant B's administrator tries tenant A's ids on every route: none of A's rows seen or changed", async () => {
    const db = s.server.database.db;
    const tableInfo = await tables(db);
    const scopeA = (t: { tenant: boolean }) => (t.tenant ? `tenant_id = '${A}'` : 'true');
    const words = (x: string) => x.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z]+/).filter((w) => w && !['blade', 'api', 'wf', 'id', 'ids'].includes(w));
    const ALIAS: Record<string, string> = { ins: 'instance', def: 'definition', proc: 'instance', plat: 'platform', from: 'platform' };
    /** tables named like the words of a key or path, best match first */
    const tablesLike = (text: string) => {
      const w = new Set(words(text).map((x) => ALIAS[x] ?? x));
      return [...aIds.keys()].map((t) => ({ t, score: words(t).filter((x) => w.has(x)).length / words(t).length })).filter((x) => x.score > 0).sort((a, b) => b.score - a.score).map((x) => x.t);
    };
    /** A row of tenant A as A's administrator reads it through the route's own detail (or list/page) route, for an update attempt's body. */
    const ownersRow = async (r: Route): Promise<Record<string, any> | null> => {
      const prefix = r.url.slice(0, r.url.lastIndexOf('/'));
      const path = r.url.split('/').slice(2, -1).join('/');
      const detail = routes.find((x) => x.method === 'GET' && x.url === `${prefix}/detail`);
      if (detail) {
        for (const id of [...new Set(tablesLike(path).flatMap((t) => aIds.get(t) ?? []))].slice(0, 4)) {
          const a = await s.api(`${detail.url}?id=${id}`, { token: adminA });
          const row = a.body?.data;
          if (a.status === 200 && row && typeof row === 'object' && String(row.id) === id) return row;
        }
      }
      for (const list of routes.filter((x) => x.method === 'GET' && (x.url === `${prefix}/list` || x.url === `${prefix}/page`))) {
        const a = await s.api(`${list.url}?current=1&size=20`, { token: adminA });
        const data = a.body?.data;
        const rows: any[] = Array.isArray(data) ? data : Array.isArray(data?.records) ? data.records : [];
        const row = rows.find((x) => x && typeof x === 'object' && allA.includes(String(x.id)));
        if (row) return row;
      }
      return null;
    };
    /** writes that address one row by the id in their body (submit, update, save, …) */
    const isUpdate = (r: Route) => r.method !== 'GET' && r.method !== 'DELETE' && !!jsonSchema(r.schema?.body)?.properties?.id;
    /** the table holding an id of A */
    const tableOf = (id: string) => [...aIds.entries()].find(([, ids]) => ids.includes(id))?.[0];
    /** a change of one text field that keeps its shape (a different letter's case at the end) */
    const flip = (v: string) => (v ? v.slice(0, -1) + (v.slice(-1) === v.slice(-1).toLowerCase() ? v.slice(-1).toUpperCase() : v.slice(-1).toLowerCase()) : 'x');
    interface Prepared { rowId: string; body: Record<string, any>; ownerChanged: boolean; ownerAnswer: string }
    /**
     * The update attempt of a route, prepared before the fingerprint: A's row as A reads it with one
     * text changed (or, when A's own route refuses that, the schema's sample with A's id), reshaped
     * until the route's schema accepts it. A's administrator first sends it with the text flipped,
     * then as it is: when both change A's row, the body is a working update of that row, and B's
     * identical request (the flipped one) can only be stopped by the tenant check; had it gone
     * through, A's row would change back, which the fingerprint shows.
     */
    const prepareUpdate = async (r: Route): Promise<Prepared | null> => {
      const row = await ownersRow(r);
      if (!row) return null;
      const rowId = String(row.id);
      const js = jsonSchema(r.schema?.body)!;
      const keys = Object.keys(js.properties ?? {});
      const free = (x: string) => !ID_KEY.test(x) && x !== 'tenantId' && js.properties[x]?.type === 'string' && !js.properties[x].enum && !js.properties[x].pattern && !js.properties[x].format;
      const start: Record<string, any> = {};
      for (const k of keys) if (row[k] !== undefined && row[k] !== null) start[k] = typeof row[k] === 'string' ? row[k].replaceAll(MARK, MARK_B) : row[k];
      if (!Object.values(start).some((v) => typeof v === 'string' && v.includes(MARK_B))) {
        // no text carried A's marker: change the first free text the schema takes
        const k = keys.find(free);
        if (k) start[k] = MARK_B;
      }
      const idFor = (key: string) => (key === 'tenantId' ? A : [...tablesLike(key), ...tablesLike(r.url)].flatMap((t) => aIds.get(t) ?? [])[0]);
      const fallback = { ...(sample(js, { id: (k) => idFor(k) }) as Record<string, any>), id: rowId };
      const table = tableOf(rowId);
      const only = (t: { name: string; tenant: boolean }) => (t.name === table ? scopeA(t) : null);
      let last = '';
      // values a route's own checks may want, guessed from the field's name (an address, a URL, JSON, a query)
      const HINTS: [RegExp, string][] = [[/mail|^(to|cc|bcc|from)|address$/i, 'a@b.cn'], [/url|endpoint|host|domain|link/i, 'http://127.0.0.1/'], [/json|param|config|setting|extra/i, '{}'], [/sql/i, 'select 1']];
      const hinted = (t: Record<string, any>) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, typeof v === 'string' && !ID_KEY.test(k) ? (HINTS.find(([re]) => re.test(k))?.[1] ?? v) : v]));
      const templates = [start, hinted(start), fallback, hinted(fallback)];
      for (const template of templates) {
        const { body } = fitToSchema(r.schema?.body, { ...template, id: rowId }, fallback);
        body.id = rowId;
        const k = keys.find((x) => free(x) && typeof body[x] === 'string') ?? keys.find((x) => !ID_KEY.test(x) && typeof body[x] === 'string');
        const flipped = k ? { ...body, [k]: flip(body[k]) } : body;
        let works = !!table;
        for (const b of [flipped, body]) {
          const f0 = await fingerprint(db, only);
          const a = await callRoute(s, r, { token: adminA, body: b, param: () => rowId });
          last = `${a.status} ${String((() => { try { return JSON.parse(a.text).msg; } catch { return ''; } })() ?? '').slice(0, 40)}`;
          if (!works || !changed(f0, await fingerprint(db, only)).length) { works = false; break; }
        }
        if (works) return { rowId, body: flipped, ownerChanged: true, ownerAnswer: last };
        if (template === templates[templates.length - 1]) return { rowId, body: flipped, ownerChanged: false, ownerAnswer: last };
      }
      return null;
    };
    const prepared = new Map<string, Prepared | null>();
    const updates = { routes: 0, withRow: 0, reached: 0, tenantChecked: 0, refused: [] as string[], noRow: [] as string[], notWorking: [] as string[] };
    /** calls each route with A's ids; answers the outcomes, how many passed validation, and the answers that showed A's data */
    const probe = async (token: string, sweep: Route[], opts: { updates?: boolean } = {}) => {
      const outcomes: number[] = [];
      const leaks: string[] = [];
      let valid = 0;
      const errors: string[] = [];
      const check = (r: Route, label: string, a: Answer & { valid: boolean }, sent: string[], bodySent = '') => {
        outcomes.push(a.status);
        if (a.status >= 500 || a.status === 0) errors.push(`${r.method} ${r.url} (${label}) -> ${a.status} after ${a.ms} ms: ${a.text.slice(0, 120)}`);
        if (a.valid) valid++;
        if (a.status === 401) throw new Error(`${r.url} ended the session`);
        // what the caller sent itself (ids in an update attempt's body) is no leak when it comes back
        const seen = allA.filter((x) => a.text.includes(x) && !sent.includes(x) && !bodySent.includes(x));
        if (a.text.includes(MARK) || seen.length) leaks.push(`${r.method} ${r.url} (${label}) -> ${a.status}: ${seen.slice(0, 3).join(',')} ${a.text.slice(0, 160)}`);
      };
      for (const r of sweep) {
        const path = r.url.split('/').slice(2, -1).join('/');
        for (let round = 0; round < 3; round++) {
          const sent: string[] = [];
          const pick = (list: string[]) => { const id = list[Math.min(round, list.length - 1)]; if (id) sent.push(id); return id; };
          const id = (key: string, many: boolean) => {
            if (key === 'tenantId') return A;
            const cands = [...tablesLike(key === 'id' || key === 'ids' ? path : key), ...tablesLike(path)].flatMap((t) => aIds.get(t) ?? []);
            if (many) { const list = [...new Set([...cands.slice(0, 20), ...allA])].slice(0, 900); sent.push(...list); return list.join(','); }
            return pick(cands.length ? cands : allA.slice(round * 7));
          };
          const extra: Record<string, string> = {};
          const q = (k: string, many: boolean) => { const v = id(k, many); if (v) extra[k] = v; };
          q('id', false); q('ids', true);
          const a = await callRoute(s, r, { token, id, query: extra, param: (n) => id(n, false) ?? '1' });
          check(r, `round ${round}`, a, sent);
          if (!sent.length) break; // nothing id-like to vary
        }
        if (!opts.updates || !isUpdate(r)) continue;
        // the update attempt proper: A's row as A reads it, one text changed, sent by B with A's id
        updates.routes++;
        const p = prepared.get(r.url) ?? null;
        if (!p) { updates.noRow.push(r.url); continue; }
        updates.withRow++;
        const a = await callRoute(s, r, { token, body: p.body, param: () => p.rowId });
        check(r, 'update with the owner\'s row', a, [p.rowId], JSON.stringify(p.body));
        if (!a.valid) { updates.refused.push(`${r.url} -> ${a.status} ${a.text.slice(0, 100)}`); continue; }
        updates.reached++;
        if (p.ownerChanged) updates.tenantChecked++;
        else updates.notWorking.push(`${r.url} -> ${p.ownerAnswer}`);
      }
      return { outcomes, leaks, valid, errors };
    };
    // the detector itself: tenant A's own administrator does see A's rows through the list and detail routes
    const own = await probe(adminA, routes.filter((r) => r.method === 'GET' && /\/(list|detail)$/.test(r.url)).slice(0, 60));
    assert.ok(own.leaks.length > 20, `the sweep should see A's rows as A: ${own.leaks.length}`);
    const sweep = routes.filter((r) => !r.public && !ENDS_SESSION.test(r.url));
    for (const r of sweep.filter(isUpdate)) prepared.set(r.url, await prepareUpdate(r));
    const before = await fingerprint(db, scopeA);
    const { outcomes, leaks, valid, errors } = await probe(adminB, sweep, { updates: true });
    const tried = outcomes.length;
    const after = await fingerprint(db, scopeA);
    // B's own rows must not point at A's rows either (e.g. a message of B addressed to A's users)
    const crossRefs: string[] = [];
    for (const t of tableInfo.filter((x) => x.tenant)) {
      const r = await sql<{ row: string }>`select x::text as row from ${sql.table(t.name)} x where tenant_id = ${B}`.execute(db);
      for (const row of r.rows) if (!/log/.test(t.name) && allA.some((id) => row.row.includes(id))) crossRefs.push(`${t.name}: ${row.row.slice(0, 200)}`);
    }
    console.log(`# [${kind}] tenant isolation: ${tried} requests over ${sweep.length} routes with ${allA.length} ids of tenant A; outcomes ${tally(outcomes)}; ${valid} passed the route's schemas (reached the route's code), ${tried - valid} were refused by validation`);
    console.log(`# [${kind}] update attempts: ${updates.routes} routes take a row id in their body; ${updates.withRow} sent a row of A as A reads it (one text changed, fitted to the schema) with its id; ${updates.reached} of them reached the route's code, ${updates.tenantChecked} with a body A's own administrator had just used to change that row (so only the tenant check could stop B); refused by validation: ${updates.refused.length}${updates.refused.length ? ' (' + updates.refused.join('; ') + ')' : ''}; no row of A readable through a detail/list route: ${updates.noRow.length}${updates.noRow.length ? ' (' + updates.noRow.join(', ') + ')' : ''}; bodies the route's own checks refuse for A as well: ${updates.notWorking.length}${updates.notWorking.length ? ' (' + updates.notWorking.join('; ') + ')' : ''}`);
    assert.deepEqual(leaks, [], 'tenant A data visible to tenant B');
    assert.deepEqual(changed(before, after), [], 'tenant A rows changed by tenant B');
    assert.deepEqual(crossRefs, [], 'tenant B rows referring to tenant A rows');
    assert.deepEqual(errors, [], `server errors or time-outs: ${tally(outcomes)}`);
    // the update attempts are real updates: most reach the route's code, and most of those with a body that works for the row's owner
    assert.ok(updates.reached >= updates.withRow * 0.8, `update attempts refused by validation: ${updates.refused.join('; ')}`);
    assert.ok(updates.tenantChecked >= updates.reached / 2, `only ${updates.tenantChecked} of ${updates.reached} update bodies change the row for its owner: ${updates.notWorking.join('; ')}`);
  });
  test("every download-like route refuses whoever its entity's detail refuses: an ordinary user, another tenant, a narrower data scope", async () => {
    const db = s.server.database.db;
    // a real file of tenant A, uploaded the ordinary way
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex');
    const fd = new FormData();
    fd.append('file', new Blob([png], { type: 'image/png' }), `${MARK}.png`);
    const up = await s.api('/api/blade-resource/oss/endpoint/put-file', { method: 'POST', token: adminA, body: fd });
    assert.equal(up.status, 200, JSON.stringify(up.body));
    const attachId = String(up.body.data.attachId);
    const instanceId = String((await sql<{ id: string }>`select id::text as id from wf_instance where tenant_id = ${A} order by id asc limit 1`.execute(db)).rows[0]?.id ?? '');
    const definitionId = String((await sql<{ id: string }>`select id::text as id from wf_definition where tenant_id = ${A} and key = 'trustFlow' limit 1`.execute(db)).rows[0]?.id ?? '');
    // a user of A holding every code of A's administrator, but whose data scope on users is "own rows only"
    const roleId = nextId();
    const scopeId = nextId();
    await sql`insert into blade_role (id, tenant_id, role_name, role_alias) values (${roleId}, ${A}, 'trust scoped', 'trust_scoped')`.execute(db);
    await sql`insert into blade_role_menu (menu_id, role_id) select menu_id, ${roleId} from blade_role_menu where role_id = ${SEED.adminRoleId}`.execute(db);
    await sql`insert into blade_scope_data (id, resource_code, scope_name, scope_column, scope_type) values (${scopeId}, 'user', 'trust own users', 'create_user', 2)`.execute(db);
    await sql`insert into blade_role_scope (scope_category, scope_id, role_id) values (1, ${scopeId}, ${roleId})`.execute(db);
    s.server.services.menus.clearCache();
    s.server.services.scopes.clearCache();
    await addUser(s, 'trust_scoped', { roleId, deptId: SEED.deptTeachId });
    const scoped = (await s.login('trust_scoped', 'user')).access_token as string;
    const callers = { 'ordinary user': user, 'tenant B administrator': adminB, 'user with a narrower data scope': scoped };

    const words = (x: string) => x.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z]+/).filter((w) => w && !['blade', 'api', 'id', 'ids'].includes(w));
    const idsFor = (r: Route) => {
      const w = new Set(words(r.url));
      const like = [...aIds.keys()].filter((t) => words(t).some((x) => w.has(x))).flatMap((t) => aIds.get(t)!.slice(0, 1));
      return [...new Set([attachId, instanceId, definitionId, ...like].filter(Boolean))];
    };
    /** query of a call with every id-like key of the route's schema (and `id`) set to x; keys of `only`, when given, alone */
    const callWith = (r: Route, token: string, x: string | null, only?: Set<string>) => {
      const keys = Object.keys((jsonSchema(r.schema?.querystring)?.properties ?? {}) as object).filter((k) => ID_KEY.test(k) && (!only || only.has(k)));
      const q = new URLSearchParams();
      if (x) for (const k of keys.length ? keys : ['id']) q.set(k, x);
      const url = s.url + pathOf(r, () => x ?? '1') + (q.size ? '?' + q : '');
      return r.method === 'GET' ? send(url, { token }) : send(url, { method: r.method, token, headers: { 'Content-Type': 'application/json' }, body: '{}' });
    };
    const keysOf = (r: Route) => new Set(Object.keys((jsonSchema(r.schema?.querystring)?.properties ?? {}) as object).filter((k) => ID_KEY.test(k)));

    const wrong: string[] = [];
    const compared = new Map<string, number>();
    const uncompared: string[] = [];
    const capability: string[] = [];
    let probed = 0;
    for (const r of routes.filter((x) => !ENDS_SESSION.test(x.url) && x.url !== WS)) {
      const named = namedLikeDownload(r);
      if (r.method !== 'GET' && !named) continue; // writes are tried only when their name says they answer a file
      if (r.file && 'capability' in r.file) {
        // a link that is the capability to read: public, and a guessed name finds nothing
        const guess = await send(s.url + pathOf(r, () => '0'.repeat(8)) , {});
        const guess2 = await send(s.url + pathOf(r, (n) => (n === 'day' ? '20240101' : '0'.repeat(32) + '.png')), {});
        if (served(guess) || served(guess2)) wrong.push(`${r.url}: a guessed capability link answered ${guess.status}/${guess2.status}`);
        capability.push(r.url);
        continue;
      }
      const candidates = r.url.includes(':') || keysOf(r).size ? idsFor(r) : [null];
      let ownerServed: { x: string | null; a: Answer } | null = null;
      for (const x of named ? candidates : candidates.slice(0, 2)) {
        probed++;
        const a = await callWith(r, adminA, x);
        if (named ? served(a) : isFileAnswer(a)) { ownerServed = { x, a }; break; }
      }
      if (!ownerServed) continue; // not a download, or nothing of A's to serve with these ids
      const detail = detailOf(r, routes);
      if (!detail) { wrong.push(`${r.method} ${r.url}: answers a file or an export but names no entity detail (config.file.detail) and has none beside it`); continue; }
      const { x } = ownerServed;
      // the detail is asked about the same row: under the keys both routes share, else its own id keys
      const shared = new Set([...keysOf(detail)].filter((k) => keysOf(r).has(k)));
      const askDetail = (token: string) => callWith(detail, token, x, shared.size ? shared : undefined);
      const ownerDetail = await askDetail(adminA);
      if (!(ownerDetail.status === 200 && dataOf(ownerDetail) !== null && dataOf(ownerDetail) !== undefined)) {
        uncompared.push(`${r.url} (${detail.url} -> ${ownerDetail.status} for the owner)`);
        continue;
      }
      for (const [who, token] of Object.entries(callers)) {
        const d = await askDetail(token);
        const refused = !(d.status === 200 && dataOf(d) !== null && dataOf(d) !== undefined);
        const a = await callWith(r, token, x);
        if (refused && served(a)) wrong.push(`${r.method} ${r.url}: served the ${who} (${a.status}, ${a.headers.get('content-type')}) while ${detail.url} refuses them (${d.status})`);
        // rows the detail does not show the caller (A's marked rows) must not be in the file either
        if (served(a) && token !== user && (await fileText(a)).includes(MARK) && !d.text.includes(MARK)) wrong.push(`${r.method} ${r.url}: the ${who} gets rows of A that ${detail.url} does not show them`);
        compared.set(r.url, (compared.get(r.url) ?? 0) + 1);
      }
    }
    console.log(`# [${kind}] downloads: ${probed} owner probes; compared with their detail for 3 callers: ${[...compared.keys()].join(', ')}; capability links: ${capability.join(', ') || 'none'}; detail did not take the owner's id: ${uncompared.join(', ') || 'none'}`);
    // the sweep saw the downloads it must see (it finds them itself: these are only a floor)
    for (const must of ['/api/blade-resource/attach/download', '/api/blade-system/user/export-user', '/api/blade-workflow/process/modelView']) assert.ok(compared.has(must), `${must} was not compared: ${[...compared.keys()].join(', ')}`);
    assert.deepEqual(wrong, []);
  });
}
