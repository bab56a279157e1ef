// Messages the server sends reach each reader in their language (issue 13, English everywhere): a
// workflow notice is stored with its key and parameters and rendered per reader — the HTTP lists
// and detail by Accept-Language, the WebSocket push by the connection's language (?lang=, else
// Accept-Language, changed live by {op:'lang'}). A row without a key (written before keys, or with
// a key no catalogue knows) shows its stored text; a message a person typed stays as typed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { nextId } from '../src/db/ids.ts';
import { SEED } from '../src/db/seed.ts';
import { userMessagesTopic, WS_PATH } from '../src/realtime/index.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

const M = '/api/blade-message/message';
const P = '/api/blade-workflow/process';

/** start → 审核 (${approver}) → end */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="langFlow" name="语言流程" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
    <userTask id="review" name="审核" flowable:assignee="\${approver}"/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

type Frame = { op: string; topic?: string; data?: Record<string, unknown> };
type Row = { id: string; title: string; content: string; bizType: string | null; bizKey: string | null };

/** A subscribed socket of one user that keeps every frame. */
async function listen(s: TestServer, token: string, userId: string, opts: { query?: string; acceptLanguage?: string } = {}) {
  const ws = new WebSocket(s.url.replace(/^http/, 'ws') + WS_PATH + (opts.query ?? ''), ['blade-auth', token],
    opts.acceptLanguage ? { headers: { 'Accept-Language': opts.acceptLanguage } } : {});
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  const next = async (pred: (f: Frame) => boolean, ms = 15_000) => { // seconds on a loaded machine
    const end = Date.now() + ms;
    for (;;) {
      const hit = frames.find(pred);
      if (hit) return hit;
      if (Date.now() > end) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  ws.send(JSON.stringify({ op: 'subscribe', topic: userMessagesTopic(userId) }));
  await next((f) => f.op === 'subscribed');
  return { frames, next, send: (f: unknown) => ws.send(JSON.stringify(f)), close: () => ws.close() };
}

await forEachDatabase('server-sent messages in each reader\'s language', (kind) => {
  let s: TestServer;
  let admin: string, user: string, boss: string, bossId: string;
  before(async () => {
    s = await startServer({ kind });
    bossId = await addUser(s, 'langboss', { deptId: SEED.deptInfoId });
    [admin, user, boss] = await Promise.all([s.login('admin', 'admin'), s.login('user', 'user'), s.login('langboss', 'user')].map((p) => p.then((r) => r.access_token as string)));
    const post = async (path: string, json: unknown) => {
      const r = await s.api(path, { method: 'POST', token: admin, json });
      assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
      return r.body.data;
    };
    const model = await post('/api/blade-workflow/design/model/submit', { modelKey: 'langFlow', name: '语言流程', xml: XML });
    await post('/api/blade-workflow/design/model/deploy', { id: model.id });
  });
  after(async () => { await s?.close(); });

  const get = async (path: string, token: string, lang?: string) => {
    const r = await s.api(path, { token, headers: lang ? { 'Accept-Language': lang } : {} });
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const inbox = async (token: string, lang?: string) => (await get(`${M}/my/list?size=100`, token, lang)).records as Row[];
  const start = async () => {
    const r = await s.api(`${P}/startProcessByKey`, { method: 'POST', token: user, json: { processDefKey: 'langFlow', approver: bossId } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return String(r.body.data.processInstanceId);
  };

  test('a task notice reads English with Accept-Language en and Chinese with zh (list, bell, detail); the push follows each socket\'s language', async () => {
    const en = await listen(s, boss, bossId, { query: '?lang=en' });
    // no ?lang=: the handshake's Accept-Language decides
    const enByHeader = await listen(s, boss, bossId, { acceptLanguage: 'en-US,en;q=0.9' });
    const zh = await listen(s, boss, bossId);
    // opened in Chinese, then the app switched to English
    const switched = await listen(s, boss, bossId, { query: '?lang=zh' });
    switched.send({ op: 'lang', lang: 'en' });
    await new Promise((r) => setTimeout(r, 100));
    try {
      const instanceId = await start();
      const pushed = (f: Frame) => f.op === 'message' && f.data?.kind === undefined && String(f.data?.pcUrl ?? '').length > 0;
      const [fEn, fHeader, fZh, fSwitched] = await Promise.all([en, enByHeader, zh, switched].map((c) => c.next(pushed)));
      assert.equal(fEn.topic, userMessagesTopic(bossId));
      assert.equal(fEn.data!.title, 'To do: 语言流程');
      assert.equal(fEn.data!.content, 'You have a new task "审核" (语言流程)');
      assert.deepEqual(fHeader.data, fEn.data);
      assert.deepEqual(fSwitched.data, fEn.data);
      assert.equal(fZh.data!.title, '待办：语言流程');
      assert.equal(fZh.data!.content, '您有一条新的待办任务「审核」（语言流程）');
      assert.equal(fZh.data!.id, fEn.data!.id, 'the same message in two languages');

      const id = String(fEn.data!.id);
      const inEn = (await inbox(boss, 'en')).find((m) => m.id === id);
      assert.equal(inEn?.title, 'To do: 语言流程');
      assert.equal(inEn?.content, 'You have a new task "审核" (语言流程)');
      assert.equal(inEn?.bizType, 'task');
      assert.equal((inEn as Record<string, unknown>).msgKey, undefined, 'the key stays inside');
      const inZh = (await inbox(boss, 'zh')).find((m) => m.id === id);
      assert.equal(inZh?.title, '待办：语言流程');
      assert.equal(inZh?.content, '您有一条新的待办任务「审核」（语言流程）');
      // no Accept-Language: Chinese, as every other answer
      assert.equal((await inbox(boss)).find((m) => m.id === id)?.title, '待办：语言流程');
      const top = await get(`${M}/my/topList?size=50`, boss, 'en');
      assert.equal((top.messageList as Row[]).find((m) => m.id === id)?.title, 'To do: 语言流程');
      assert.equal((await get(`${M}/detail?id=${id}`, boss, 'en')).content, 'You have a new task "审核" (语言流程)');
      assert.equal((await get(`${M}/detail?id=${id}`, boss, 'zh')).title, '待办：语言流程');

      // the approver passes: the initiator's result notice, in theirs
      const task = (await get(`${P}/todoList?size=50`, boss)).records.find((x: { processInstanceId: string }) => x.processInstanceId === instanceId);
      const done = await s.api(`${P}/completeTask`, { method: 'POST', token: boss, json: { taskId: task.taskId, processInstanceId: instanceId, pass: true, comment: 'ok' } });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const result = (await inbox(user, 'en')).find((m) => m.bizType === 'process' && m.bizKey === instanceId);
      assert.equal(result?.title, 'Process completed: 语言流程');
      assert.equal(result?.content, 'The process "语言流程" you started has been completed');
      assert.equal((await inbox(user, 'zh')).find((m) => m.id === result!.id)?.title, '流程已完成：语言流程');
    } finally {
      for (const c of [en, enByHeader, zh, switched]) c.close();
    }
  });

  test('a row without a key (written before keys) and a row with a key no catalogue knows show their stored text', async () => {
    const db = s.server.database.db;
    const add = async (key: string | null) => {
      const id = nextId();
      await sql`insert into blade_message (id, tenant_id, title, content, type, msg_key, msg_params)
        values (${id}, ${SEED.tenant}, '待办：旧流程', '您有一条新的待办任务「旧任务」（旧流程）', 3, ${key}, ${key ? '{"process":"x"}' : null})`.execute(db);
      await sql`insert into blade_message_user (id, tenant_id, message_id, user_id) values (${nextId()}, ${SEED.tenant}, ${id}, ${bossId})`.execute(db);
      return id;
    };
    for (const id of [await add(null), await add('wf.gone')]) {
      for (const lang of ['en', 'zh']) {
        const row = (await inbox(boss, lang)).find((m) => m.id === id);
        assert.equal(row?.title, '待办：旧流程', `${id} in ${lang}`);
        assert.equal(row?.content, '您有一条新的待办任务「旧任务」（旧流程）');
        assert.equal((await get(`${M}/detail?id=${id}`, boss, lang)).title, '待办：旧流程');
      }
    }
  });

  test('a message a person typed stays as typed, in the list, the push and the sender\'s view', async () => {
    const en = await listen(s, boss, bossId, { query: '?lang=en' });
    try {
      const r = await s.api(`${M}/save`, { method: 'POST', token: admin, headers: { 'Accept-Language': 'en' }, json: { title: '待办：明天开会', content: '请准时参加', type: 1, userIds: bossId } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const id = String(r.body.data.id);
      const f = await en.next((x) => x.op === 'message' && x.data?.id === id);
      assert.equal(f.data!.title, '待办：明天开会');
      assert.equal(f.data!.content, '请准时参加');
      for (const lang of ['en', 'zh']) {
        const row = (await inbox(boss, lang)).find((m) => m.id === id);
        assert.equal(row?.title, '待办：明天开会');
        assert.equal(row?.content, '请准时参加');
      }
      const sent = (await get(`${M}/my/sendList?size=50`, admin, 'en')).records as Row[];
      assert.equal(sent.find((m) => m.id === id)?.title, '待办：明天开会');
      assert.equal((await get(`${M}/sendDetail?id=${id}`, admin, 'en')).content, '请准时参加');
    } finally {
      en.close();
    }
  });
});
