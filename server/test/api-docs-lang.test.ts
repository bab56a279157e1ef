// The API docs in the reader's language (issue 13, English everywhere): the OpenAPI document's
// info.title / info.description and the Swagger UI page's <title> and lang follow ?lang= on the
// document, else the `lang` cookie the web app keeps for the docs (its language setting), else
// Accept-Language, else Chinese. The answers vary by those headers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DOCS_INFO, DOCS_TAGS } from '../src/http/api-docs.ts';
import { startServer, type TestServer } from './harness.ts';

let s: TestServer;
before(async () => { s = await startServer(); });
after(() => s?.close());

const CJK = /[\u4e00-\u9fff]/;

async function doc(path: string, headers: Record<string, string> = {}) {
  const r = await s.api(path, { headers });
  assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body).slice(0, 200)}`);
  return r;
}

test('the OpenAPI document is titled and described in Chinese by default and in English when asked', async () => {
  const zh = await doc('/api/docs/json');
  assert.equal(zh.body.info.title, DOCS_INFO.zh.title);
  assert.equal(zh.body.info.title, '智慧校园服务平台接口文档');
  assert.match(zh.body.info.description, CJK);
  assert.equal(zh.body.info.version, '1.0.0');
  // every group of operations is described, in the same language
  const used = new Set(Object.values(zh.body.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap((p) => Object.values(p).flatMap((op) => op.tags ?? [])));
  const described = new Map((zh.body.tags as { name: string; description: string }[]).map((t) => [t.name, t.description]));
  assert.deepEqual([...used].filter((t) => !described.has(t)), [], 'a route tag without a description');
  assert.equal(described.get('auth'), DOCS_TAGS.auth[0]);
  assert.ok(zh.body.paths['/api/blade-auth/oauth/token'], 'the paths are there');
  assert.match(zh.headers.get('vary') ?? '', /Accept-Language/i);
  assert.match(zh.headers.get('vary') ?? '', /Cookie/i);

  for (const [how, path, headers] of [
    ['Accept-Language', '/api/docs/json', { 'Accept-Language': 'en-US,en;q=0.9' }],
    ['the lang cookie', '/api/docs/json', { Cookie: 'other=1; lang=en' }],
    ['?lang=en', '/api/docs/json?lang=en', {}],
  ] as const) {
    const en = await doc(path, headers);
    assert.equal(en.body.info.title, 'Campus platform API', how);
    assert.doesNotMatch(en.body.info.description, CJK, how);
    assert.equal((en.body.tags as { name: string; description: string }[]).find((t) => t.name === 'auth')?.description, DOCS_TAGS.auth[1], how);
    assert.deepEqual((en.body.tags as { description: string }[]).filter((t) => CJK.test(t.description)), [], how);
    assert.deepEqual(Object.keys(en.body.paths).sort(), Object.keys(zh.body.paths).sort(), `${how}: the same paths`);
  }
  // the app's choice (cookie) beats the browser's; ?lang= beats both
  assert.equal((await doc('/api/docs/json', { 'Accept-Language': 'en', Cookie: 'lang=zh' })).body.info.title, DOCS_INFO.zh.title);
  assert.equal((await doc('/api/docs/json?lang=zh', { Cookie: 'lang=en' })).body.info.title, DOCS_INFO.zh.title);
  assert.equal((await doc('/api/docs/yaml?lang=en')).body.includes('title: Campus platform API'), true, 'the YAML form too');
});

test('the docs page is titled in the same language', async () => {
  const zh = await doc('/api/docs/');
  assert.match(String(zh.headers.get('content-type')), /text\/html/);
  assert.match(zh.body, /<title>智慧校园服务平台接口文档<\/title>/);
  assert.match(zh.body, /<html lang="zh-CN">/);
  const en = await doc('/api/docs/', { Cookie: 'lang=en' });
  assert.match(en.body, /<title>Campus platform API<\/title>/);
  assert.match(en.body, /<html lang="en">/);
  assert.match((await doc('/api/docs/', { 'Accept-Language': 'en' })).body, /<title>Campus platform API<\/title>/);
  // the page's scripts and styles are served as before
  assert.equal((await s.api('/api/docs/static/swagger-initializer.js')).status, 200);
});
