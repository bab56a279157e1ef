// Hostile input against every route the server registered (issue 7, "Hostile input"): malformed
// JSON, wrong types, huge strings, unicode edge cases, negative/huge paging, unknown filter
// suffixes, SQL-looking filters and sorts, path traversal in file names and path parameters,
// oversized uploads and bodies, mismatched content types. No 5xx, no stack trace, no crash, and
// the requests that were refused changed no row. Prints what it tried and how the server answered.
// The routes are swept in two halves, one a file (fuzz.test.ts, fuzz-b.test.ts): each half takes
// minutes on a busy machine, so each has its own time-out and the two run side by side.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer, type DbKind, type TestServer } from '../harness.ts';
import { apiRoutes, changed, fingerprint, jsonSchema, leaksStack, pathOf, queryOf, sample, send, tally, type Answer, type Route } from './sweep.ts';

const BODY_LIMIT = 256 * 1024;
const UPLOAD_LIMIT = 128 * 1024;
const ENDS_SESSION = /\/logout$/;

const SQLISH = ["' or '1'='1", '1; drop table blade_user; --', "1 union select password from blade_user)) or 1=1--\\$1"];
const SORTS = [['id;drop table blade_user', '(select 1)'], ['id desc nulls first', 'pg_sleep(5)'], ['password', '"id",,,']];
/** lone surrogates, NUL, right-to-left override, astral and joined emoji, stacked combining marks, BOM and zero-width space */
const UNICODE = ['\ud800 a\udfffb nul\u0000byte', '\u202eevil\u202c 𝕏🧪👩‍👩‍👧 e\u0301\u0301\u0301 \ufeff\u200b ٠١٢'];
const TRAVERSAL = ['../../../../etc/passwd', '..\\..\\windows\\win.ini', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', 'a/../../b', '....//....//x', 'x\u0000.png', '/etc/passwd'];

interface Variant { kind: string; refusedExpected: boolean; go: () => Promise<Answer> }

/** Sweeps every `part.of`-th route (from the `part.index`-th) of the route table with hostile input. */
export function hostileInput(kind: DbKind, part: { index: number; of: number }): void {
  let s: TestServer;
  let routes: Route[];
  let token: string;

  before(async () => {
    s = await startServer({ kind, config: { bodyLimit: BODY_LIMIT, uploadLimit: UPLOAD_LIMIT } });
    const only = process.env.TRUST_FUZZ_ONLY ? new RegExp(process.env.TRUST_FUZZ_ONLY) : null; // to re-run a few routes
    routes = apiRoutes(s).filter((r, i) => i % part.of === part.index && !ENDS_SESSION.test(r.url) && (!only || only.test(r.url)));
    token = (await s.login()).access_token as string;
  });
  after(async () => { await s?.close(); });

  /** Every way to send a route something it should not get. */
  const variants = (r: Route, multipart: boolean, list: boolean): Variant[] => {
    const tk = r.public ? undefined : token;
    const qs = jsonSchema(r.schema?.querystring);
    const bs = jsonSchema(r.schema?.body);
    const base = s.url + pathOf(r);
    const get = (kindName: string, refusedExpected: boolean, query: string, path = base): Variant =>
      ({ kind: kindName, refusedExpected, go: () => send(path + query, { method: r.method, token: tk }) });
    const post = (kindName: string, refusedExpected: boolean, body: RequestInit["body"], type: string | null, query = ''): Variant => ({
      kind: kindName, refusedExpected,
      go: () => send(base + query, { method: r.method, token: tk, headers: type ? { 'Content-Type': type } : {}, body }),
    });
    const qWith = (str: string) => queryOf(r, { str });
    const out: Variant[] = [];
    const filter = (v: string) => get('sql in filter', false, `?${new URLSearchParams({ name_like: v, id_equal: v, id: v, ids: v, status: v, createTime_datege: v })}`);
    if (r.url.includes(':')) for (const v of TRAVERSAL) out.push(get('path traversal', false, '', s.url + pathOf(r, () => v)));
    if (r.method !== 'GET') { /* bodies below */ } else if (list) {
      // paging, filters and sorts of a list (a route that answered records)
      out.push(get('paging', false, '?current=-1&size=-5'));
      out.push(get('paging', false, '?current=99999999999999999999&size=1000000000000'));
      out.push(get('unknown filter', false, '?name_bogus=1&id_zzz=1&createTime_evil=1&status_drop=1'));
      for (const v of SQLISH) out.push(filter(v));
      for (const [d, a] of SORTS) out.push(get('sql in sort', false, `?${new URLSearchParams({ descs: d, ascs: a })}`));
    } else {
      out.push(filter(SQLISH[0]));
    }
    if (r.method === 'GET') {
      for (const v of UNICODE) out.push(get('unicode query', false, qWith(v)));
      out.push(get('huge query', false, qWith('x'.repeat(8000))));
      out.push(get('array query', false, '?id=1&id=2&ids[]=3&current[a]=1&size=1&size=2'));
      return out;
    }
    // bodies
    const good = sample(bs ?? { type: 'object' }, {}) as Record<string, unknown>;
    const fields = good && typeof good === 'object' && !Array.isArray(good) ? Object.keys(good) : [];
    const swap = (v: unknown) => (typeof v === 'string' ? 12345 : typeof v === 'number' ? 'not a number' : typeof v === 'boolean' ? 'yes' : 'x');
    out.push(post('malformed json', true, '{"a": ', 'application/json'));
    for (const v of ['[]']) out.push(post('wrong top type', false, v, 'application/json'));
    out.push(post('wrong types', false, JSON.stringify(Object.fromEntries(fields.map((k) => [k, swap(good[k])]))), 'application/json'));
    out.push(post('wrong types', false, '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}' + fields.map((k) => `, ${JSON.stringify(k)}: {"$ne": 1}`).join('') + '}', 'application/json'));
    out.push(post('huge strings', false, JSON.stringify(sample(bs ?? { type: 'object' }, { str: 'x'.repeat(100_000) })), 'application/json'));
    for (const v of UNICODE) out.push(post('unicode body', false, JSON.stringify(sample(bs ?? { type: 'object' }, { str: v })), 'application/json'));
    for (const v of SQLISH.slice(0, 2)) out.push(post('sql in body', false, JSON.stringify(sample(bs ?? { type: 'object' }, { str: v })), 'application/json', `?${new URLSearchParams({ ids: v, id: v })}`));
    out.push(post('oversized body', true, JSON.stringify({ blob: 'x'.repeat(BODY_LIMIT + 10) }), 'application/json'));
    // nesting past the JSON depth limit (64) is refused before parsing, however deep, in objects or arrays
    out.push(post('deep nesting', true, '['.repeat(5000) + ']'.repeat(5000), 'application/json'));
    out.push(post('deep nesting', true, '{"a":'.repeat(65) + '1' + '}'.repeat(65), 'application/json'));
    out.push(post('deep nesting', true, '['.repeat(100_000), 'application/json'));
    out.push(post('deep nesting', false, JSON.stringify({ ...(good ?? {}), variables: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) }), 'application/json'));
    // bytes that are not UTF-8, a charset nobody speaks, broken percent-escapes
    out.push(post('bad encoding', false, Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]), Buffer.from('"}')]), 'application/json'));
    out.push(post('bad encoding', false, JSON.stringify(good ?? {}), 'application/json; charset=x-klingon'));
    out.push(post('bad encoding', false, 'a=%ZZ&b=%E0%A4%A&name=%ff%fe&%=1', 'application/x-www-form-urlencoded'));
    out.push(post('content type', false, JSON.stringify(good ?? {}), 'text/plain'));
    out.push(post('content type', false, 'a=1&b[c]=2&__proto__[x]=1', 'application/x-www-form-urlencoded'));
    out.push(post('content type', false, 'x', 'multipart/form-data; boundary=zzz'));
    if (multipart) {
      const file = (name: string, bytes: Uint8Array | string, type = 'application/octet-stream') => {
        const fd = new FormData();
        fd.append('file', new Blob([bytes], { type }), name);
        fd.append('files', new Blob([bytes], { type }), name);
        return fd;
      };
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      for (const n of TRAVERSAL) out.push(post('upload name', false, file(n, png, 'image/png'), null));
      out.push(post('oversized upload', true, file('big.png', Buffer.concat([png, Buffer.alloc(UPLOAD_LIMIT + 1024)]), 'image/png'), null));
      out.push(post('disguised upload', false, file('photo.png', Buffer.from('MZ\x90\x00 this is a windows program'), 'image/png'), null));
      out.push(post('disguised upload', false, file('page.png', '<html><script>alert(1)</script></html>', 'image/png'), null));
      out.push(post('empty upload', false, file('empty.png', ''), null));
      const many = new FormData();
      for (let i = 0; i < 30; i++) many.append('f' + i, new Blob([png]), `f${i}.png`);
      out.push(post('too many parts', false, many, null));
      // malformed multipart: every one is the client's mistake (400), none may store anything
      const B = 'trustBoundary';
      const part = (name: string, file: string, body: string, extra = '') => `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"${extra}\r\nContent-Type: application/octet-stream\r\n\r\n${body}\r\n`;
      const whole = part('file', 'a.png', 'x') + part('files', 'a.bpmn20.xml', 'x') + `--${B}--\r\n`;
      const mp = `multipart/form-data; boundary=${B}`;
      out.push(post('multipart: no boundary', true, whole, 'multipart/form-data'));
      out.push(post('multipart: truncated', true, `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n` + png.toString('latin1') + 'x'.repeat(6000), mp));
      out.push(post('multipart: truncated', true, part('file', 'a.png', 'x').slice(0, 40), mp));
      out.push(post('multipart: bad header', true, `--${B}\r\nContent-Disposition\r\n\r\nabc\r\n--${B}--\r\n`, mp));
      out.push(post('multipart: bad header', true, `--${B}\r\n\r\nabc\r\n--${B}--\r\n`, mp));
      out.push(post('multipart: part name', true, part('zzz', 'a.png', png.toString('latin1')) + `--${B}--\r\n`, mp));
      out.push(post('multipart: part name', true, `--${B}\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--${B}--\r\n`, mp));
      out.push(post('multipart: boundary', true, whole.replaceAll(B, 'b'.repeat(300)), `multipart/form-data; boundary=${'b'.repeat(300)}`));
      out.push(post('multipart: encoding', false, part('file', 'x.png', png.toString('latin1'), "; filename*=bogus''%ff%fe%zz.png") + `--${B}--\r\n`, mp));
      out.push(post('multipart: encoding', false, Buffer.concat([Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="`), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(`.png"\r\n\r\n`), png, Buffer.from(`\r\n--${B}--\r\n`)]), `${mp}; charset=x-klingon`));
    }
    return out;
  };

  test('every route survives hostile input: no 5xx, no stack trace, refused requests change nothing', async () => {
    const db = s.server.database.db;
    const byStatus: number[] = [];
    const byKind = new Map<string, number[]>();
    const wrong: string[] = [];
    const slow = new Map<string, number>();
    let unattributed = 0;
    const multipartRoutes: string[] = [];
    let print = await fingerprint(db);
    for (const r of routes) {
      // a JSON body refused as 415 marks an upload route
      const probe = r.method === 'POST'
        ? await send(s.url + pathOf(r), { method: 'POST', token, headers: { 'Content-Type': 'application/json' }, body: '{}' })
        : await send(s.url + pathOf(r) + queryOf(r, {}), { token: r.public ? undefined : token });
      let data: unknown;
      try { data = JSON.parse(probe.text)?.data; } catch { /* not JSON */ }
      const list = Array.isArray(data) || Array.isArray((data as { records?: unknown } | null)?.records);
      // an upload route: refuses a JSON body as 415, or says multipart in its summary
      const uploads = r.method === 'POST' && (probe.status === 415 || /multipart/i.test(String((r.schema as { summary?: string } | undefined)?.summary ?? '')));
      if (uploads) multipartRoutes.push(r.url);
      const vs = variants(r, uploads, list);
      // the variants every route must refuse go first, so a change of the data can be pinned on them
      vs.sort((a, b) => Number(b.refusedExpected) - Number(a.refusedExpected));
      let allRefused = true;
      let expectedDone = false;
      // the variants every route must refuse (malformed JSON and multipart, nesting past the limit, …) change no row
      const beforeRefused = r.method !== 'GET' ? await fingerprint(db) : null;
      for (const v of vs) {
        if (!v.refusedExpected && !expectedDone && beforeRefused) {
          expectedDone = true;
          const diff = changed(beforeRefused, await fingerprint(db));
          if (diff.length) wrong.push(`${r.method} ${r.url}: requests it refused changed ${diff.join(', ')}`);
        }
        let a = await v.go();
        if (a.status === 401 && !r.public) { // a route ended the session (should not): note it and carry on
          wrong.push(`${r.method} ${r.url} [${v.kind}]: the session ended`);
          token = (await s.login()).access_token as string;
          a = await v.go();
        }
        byStatus.push(a.status);
        slow.set(`${r.method} ${r.url}`, (slow.get(`${r.method} ${r.url}`) ?? 0) + a.ms);
        byKind.set(v.kind, [...(byKind.get(v.kind) ?? []), a.status]);
        if (a.status >= 500 || a.status === 0) wrong.push(`${r.method} ${r.url} [${v.kind}] -> ${a.status} ${a.text.slice(0, 160)}`);
        if (leaksStack(a.text)) wrong.push(`${r.method} ${r.url} [${v.kind}]: stack trace in ${a.text.slice(0, 200)}`);
        if (v.refusedExpected && a.status < 400) wrong.push(`${r.method} ${r.url} [${v.kind}] was accepted (${a.status})`);
        if (a.status < 400) allRefused = false;
      }
      if (r.method !== 'GET') {
        const now = await fingerprint(db);
        const diff = changed(print, now);
        if (diff.length && allRefused) wrong.push(`${r.method} ${r.url}: refused requests changed ${diff.join(', ')}`);
        if (diff.length && !allRefused) unattributed++;
        print = now;
      }
    }
    const health = await send(s.url + '/healthz');
    assert.equal(health.status, 200, 'the server still answers');
    console.log(`# [${kind}] fuzz: ${byStatus.length} requests over ${routes.length} routes; outcomes ${tally(byStatus)}`);
    for (const [k, list] of byKind) console.log(`#   ${k.padEnd(18)} ${list.length} -> ${tally(list)}`);
    console.log(`#   slowest routes: ${[...slow.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, ms]) => `${k} ${ms} ms`).join('; ')}`);
    console.log(`#   routes whose accepted fuzz requests changed data (allowed): ${unattributed}`);
    console.log(`#   upload (multipart) routes: ${multipartRoutes.join(', ')}`);
    // the uploads this half holds were found as uploads (each half finds its own: these are only a floor)
    const mine = new Set(routes.map((r) => r.url));
    for (const must of ['/api/blade-resource/oss/endpoint/put-file', '/api/blade-flow/manager/deploy-upload', '/api/blade-system/user/import-user']) {
      if (mine.has(must)) assert.ok(multipartRoutes.includes(must), `${must} not fuzzed as an upload`);
    }
    assert.deepEqual(wrong, []);
  });
}
