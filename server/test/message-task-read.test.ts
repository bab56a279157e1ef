// A task's notice follows the task (issue 13, Notifications): the approval message a candidate gets
// for a task is keyed by that task (bizType 'task', bizKey the task id); it becomes read for the
// person who handles the task (complete, transfer…) or opens its detail page, and stays unread for
// the other candidates; the person's open sockets hear {kind:'read', ids, unReadCount}, so the bell
// follows without a reload. A refused action marks nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import WebSocket from 'ws';
import { SEED } from '../src/db/seed.ts';
import { userMessagesTopic, WS_PATH } from '../src/realtime/index.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

const M = '/api/blade-message/message';
const P = '/api/blade-workflow/process';

/** start → 审核 (candidates ${reviewers}) → 复核 (${checker}) → end */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="noticeFlow" name="通知流程" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
    <userTask id="review" name="审核" flowable:candidateUsers="\${reviewers}" flowable:buttons="wf_pass,wf_reject,wf_transfer"/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="check"/>
    <userTask id="check" name="复核" flowable:assignee="\${checker}"/>
    <sequenceFlow id="f3" sourceRef="check" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

type Frame = { op: string; topic?: string; data?: Record<string, unknown> };
type Inbox = { id: string; title: string; isRead: number; bizType: string | null; bizKey: string | null; pcUrl: string | null };

/** A subscribed socket of one user that keeps every frame. */
async function listen(s: TestServer, token: string, userId: string): Promise<{ frames: Frame[]; next(pred: (f: Frame) => boolean, ms?: number): Promise<Frame>; close(): void }> {
  const ws = new WebSocket(s.url.replace(/^http/, 'ws') + WS_PATH, ['blade-auth', token]);
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
  return { frames, next, close: () => ws.close() };
}

await forEachDatabase('a task notice becomes read when its task is handled or opened', (kind) => {
  let s: TestServer;
  let admin: string, user: string, boss: string, carol: string;
  let bossId: string, carolId: string;
  before(async () => {
    s = await startServer({ kind });
    bossId = await addUser(s, 'boss', { deptId: SEED.deptInfoId });
    carolId = await addUser(s, 'carol', { deptId: SEED.deptInfoId });
    [admin, user, boss, carol] = await Promise.all(['admin', 'user', 'boss', 'carol'].map((a) => s.login(a, a === 'admin' ? 'admin' : 'user').then((r) => r.access_token as string)));
    const post = async (path: string, json: unknown) => {
      const r = await s.api(path, { method: 'POST', token: admin, json });
      assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
      return r.body.data;
    };
    const model = await post('/api/blade-workflow/design/model/submit', { modelKey: 'noticeFlow', name: '通知流程', xml: XML });
    await post('/api/blade-workflow/design/model/deploy', { id: model.id });
  });
  after(async () => { await s?.close(); });

  const get = async (path: string, token: string) => (await s.api(path, { token })).body;
  const post = (path: string, json: unknown, token: string) => s.api(path, { method: 'POST', token, json });
  const inbox = async (token: string) => (await get(`${M}/my/list?size=100`, token)).data.records as Inbox[];
  const unread = async (token: string) => (await get(`${M}/my/topList`, token)).data.unReadCount as number;
  /** starts one instance offered to boss and carol; answers it, the 审核 task and each one's notice of that task */
  const start = async () => {
    const r = await post(`${P}/startProcessByKey`, { processDefKey: 'noticeFlow', reviewers: `${bossId},${carolId}`, checker: SEED.adminId }, user);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const instanceId = String(r.body.data.processInstanceId);
    const task = (await get(`${P}/claimList?size=50`, boss)).data.records.find((t: { processInstanceId: string }) => t.processInstanceId === instanceId);
    assert.ok(task, 'boss may claim the review');
    const taskId = String(task.taskId);
    const noticeOf = async (token: string) => {
      const n = (await inbox(token)).find((m) => m.bizKey === taskId);
      assert.ok(n, 'a notice about the task');
      return n;
    };
    return { instanceId, taskId, bossNote: await noticeOf(boss), carolNote: await noticeOf(carol) };
  };

  test('completing the task marks the handler\'s notice read (pushed to the bell), not the other candidate\'s', async () => {
    const t = await start();
    // the notice is an approval message keyed by the task, linking to the task's detail page
    assert.equal(t.bossNote.bizType, 'task');
    assert.equal(t.bossNote.isRead, 1);
    assert.equal(t.carolNote.isRead, 1);
    assert.deepEqual(JSON.parse(Buffer.from(String(t.bossNote.pcUrl).split('/').pop()!, 'base64').toString()), { taskId: t.taskId, processInsId: t.instanceId });
    const bossBefore = await unread(boss);
    const carolBefore = await unread(carol);
    const bell = await listen(s, boss, bossId);
    try {
      // a refused action (reject without a comment) marks nothing
      const refused = await post(`${P}/completeTask`, { taskId: t.taskId, pass: false }, boss);
      assert.equal(refused.status, 400);
      assert.equal((await inbox(boss)).find((m) => m.id === t.bossNote.id)!.isRead, 1);
      // looking at the lists marks nothing either
      await get(`${P}/todoList?size=50`, boss);
      await get(`${P}/claimList?size=50`, boss);
      assert.equal(await unread(boss), bossBefore);

      const done = await post(`${P}/completeTask`, { taskId: t.taskId, processInstanceId: t.instanceId, pass: true, comment: '同意' }, boss);
      assert.equal(done.status, 200, JSON.stringify(done.body));
      // read for boss as soon as the call answered; the bell hears it with the new count
      assert.equal((await inbox(boss)).find((m) => m.id === t.bossNote.id)!.isRead, 0);
      assert.equal(await unread(boss), bossBefore - 1);
      const f = await bell.next((x) => x.op === 'message' && x.data?.kind === 'read');
      assert.equal(f.topic, userMessagesTopic(bossId));
      assert.deepEqual(f.data, { kind: 'read', ids: [t.bossNote.id], unReadCount: bossBefore - 1 });
      // carol was offered the same task: her notice stays unread
      assert.equal((await inbox(carol)).find((m) => m.id === t.carolNote.id)!.isRead, 1);
      assert.equal(await unread(carol), carolBefore);
      // the next approver's notice (a new task) is unread
      const check = (await get(`${P}/todoList?size=50`, admin)).data.records.find((x: { processInstanceId: string }) => x.processInstanceId === t.instanceId);
      const next = (await inbox(admin)).find((m) => m.bizType === 'task' && m.bizKey === String(check.taskId));
      assert.equal(next?.isRead, 1);
    } finally {
      bell.close();
    }
  });

  test('opening the task\'s detail page marks the opener\'s notice read, not the other candidate\'s; the initiator\'s process notices follow the detail too', async () => {
    const t = await start();
    const carolBefore = await unread(carol);
    const bossBefore = await unread(boss);
    const bell = await listen(s, boss, bossId);
    try {
      const d = await s.api(`${P}/detail?taskId=${t.taskId}&processInsId=${t.instanceId}`, { token: boss });
      assert.equal(d.status, 200, JSON.stringify(d.body));
      assert.equal((await inbox(boss)).find((m) => m.id === t.bossNote.id)!.isRead, 0);
      assert.equal(await unread(boss), bossBefore - 1);
      const f = await bell.next((x) => x.op === 'message' && x.data?.kind === 'read');
      assert.deepEqual(f.data, { kind: 'read', ids: [t.bossNote.id], unReadCount: bossBefore - 1 });
      assert.equal((await inbox(carol)).find((m) => m.id === t.carolNote.id)!.isRead, 1);
      assert.equal(await unread(carol), carolBefore);
      // opening it again changes nothing and pushes nothing more
      const pushes = bell.frames.filter((x) => x.data?.kind === 'read').length;
      await s.api(`${P}/detail?taskId=${t.taskId}&processInsId=${t.instanceId}`, { token: boss });
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(bell.frames.filter((x) => x.data?.kind === 'read').length, pushes);
    } finally {
      bell.close();
    }

    // carol transfers her offer of the task to boss: hers becomes read; boss gets a new unread one for the same task
    const tr = await post(`${P}/transferTask`, { taskId: t.taskId, assignee: bossId, comment: '请你处理' }, carol);
    assert.equal(tr.status, 200, JSON.stringify(tr.body));
    assert.equal((await inbox(carol)).find((m) => m.id === t.carolNote.id)!.isRead, 0);
    assert.equal(await unread(carol), carolBefore - 1);
    const again = (await inbox(boss)).filter((m) => m.bizKey === t.taskId && m.id !== t.bossNote.id);
    assert.equal(again.length, 1);
    assert.equal(again[0]!.isRead, 1, 'the transferred task is news to boss');

    // the process ends: the initiator's result notice (about the process) becomes read when they open its detail
    assert.equal((await post(`${P}/completeTask`, { taskId: t.taskId, pass: true, comment: 'ok' }, boss)).status, 200);
    assert.equal((await inbox(boss)).find((m) => m.id === again[0]!.id)!.isRead, 0);
    const check = (await get(`${P}/todoList?size=50`, admin)).data.records.find((x: { processInstanceId: string }) => x.processInstanceId === t.instanceId);
    assert.equal((await post(`${P}/completeTask`, { taskId: check.taskId, pass: true }, admin)).status, 200);
    const result = (await inbox(user)).find((m) => m.bizType === 'process' && m.bizKey === t.instanceId);
    assert.ok(result, 'the initiator hears the result');
    assert.equal(result.isRead, 1);
    assert.equal((await s.api(`${P}/detail?processInsId=${t.instanceId}`, { token: user })).status, 200);
    assert.equal((await inbox(user)).find((m) => m.id === result.id)!.isRead, 0);
  });
});
