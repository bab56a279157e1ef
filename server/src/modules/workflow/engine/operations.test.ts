// Every approval operation and query of the engine, plus concurrency and restart, per database.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { EngineEvent, WorkflowEngine } from './engine.ts';
import { bpmn, flow, kinds, newEngine, openTestDb, TestClock, uniqueKey, type TestDb } from './testing.ts';

const tenantId = '000000';

const simple = (key: string) => bpmn(key, `<startEvent id="s"/>${flow('s', 'apply')}<userTask id="apply" name="申请" flowable:assignee="\${initiator}"/>${flow('apply', 'mgr')}
  <userTask id="mgr" name="经理审批" flowable:assignee="\${manager}"/>${flow('mgr', 'fork')}<parallelGateway id="fork"/>${flow('fork', 'hr')}${flow('fork', 'fin')}
  <userTask id="hr" flowable:assignee="hr"/><userTask id="fin" flowable:candidateUsers="fin1,fin2"/>${flow('hr', 'join')}${flow('fin', 'join')}<parallelGateway id="join"/>
  ${flow('join', 'e')}<endEvent id="e"/>`);
const mi = (key: string, sequential: boolean) => bpmn(key, `<startEvent id="s"/>${flow('s', 'sign')}<userTask id="sign" name="会签" flowable:assignee="\${signer}">
  <multiInstanceLoopCharacteristics isSequential="${sequential}" flowable:collection="signers" flowable:elementVariable="signer"/></userTask>${flow('sign', 'done')}
  <userTask id="done" flowable:assignee="\${initiator}"/>${flow('done', 'e')}<endEvent id="e"/>`);

for (const kind of await kinds()) {
  describe(`engine operations [${kind}]`, () => {
    let db: TestDb;
    let engine: WorkflowEngine;
    const clock = new TestClock();
    const events: EngineEvent[] = [];
    let simpleKey = '';
    before(async () => {
      db = await openTestDb(kind);
      engine = newEngine(db, clock);
      for (const e of ['taskCreated', 'taskAssigned', 'taskCompleted', 'processEnded', 'copied', 'urged'] as const) engine.on(e, (ev) => { events.push(ev); });
      simpleKey = uniqueKey('simple');
      await engine.deploy(simple(simpleKey), { tenantId, category: 'oa' });
    });
    after(async () => db.close());

    const todo = async (instanceId: string) => (await db.database.db.selectFrom('wfTask').selectAll().where('instanceId', '=', instanceId)
      .where('state', '=', 'active').orderBy('id').execute()) as { id: string; taskDefKey: string; assignee: string | null; owner: string | null; delegation: string | null }[];
    const task = async (id: string, node: string) => (await todo(id)).find((t) => t.taskDefKey === node)!;
    const start = (vars: Record<string, unknown> = {}, extra: Partial<Parameters<WorkflowEngine['startProcess']>[0]> = {}) =>
      engine.startProcess({ tenantId, definitionKey: simpleKey, initiator: 'alice', variables: { manager: 'bob', ...vars }, ...extra });
    const comments = async (id: string) => (await engine.history(id)).flatMap((h) => h.comments);

    test('start: assignee override (指定审核人), copy users, events after commit, lists', async () => {
      events.length = 0;
      const r = await start({}, { assignee: 'carl', copyUsers: ['cc1'], businessKey: 'LEAVE-1' });
      assert.equal(r.tasks.length, 1);
      assert.equal(r.tasks[0]!.assignee, 'carl');
      assert.ok(events.some((e) => e.type === 'taskCreated' && e.assignee === 'carl'));
      assert.ok(!events.some((e) => e.type === 'taskCreated' && e.assignee === 'alice'), 'the auto-passed initiator task is not announced');
      assert.ok(events.some((e) => e.type === 'copied' && e.users.includes('cc1')));
      const send = await engine.sendList({ tenantId, userId: 'alice' });
      const row = send.records.find((x) => x.processInstanceId === r.instanceId)!;
      assert.equal(row.businessKey, 'LEAVE-1');
      assert.deepEqual(row.currentNodes.map((c) => c.assignee), ['carl']);
      assert.equal((await engine.copyList({ tenantId, userId: 'cc1' })).records[0]!.processInstanceId, r.instanceId);
      const page = await engine.todoList({ tenantId, userId: 'carl', size: 1 });
      assert.equal(page.total, 1);
      assert.equal(page.records[0]!.processDefinitionKey, simpleKey);
    });

    test('a failed action changes nothing and announces nothing', async () => {
      const r = await start();
      events.length = 0;
      await assert.rejects(engine.completeTask(r.tasks[0]!.taskId, 'mallory'), /not the assignee/);
      assert.equal(events.length, 0);
      assert.equal((await todo(r.instanceId)).length, 1);
    });

    test('complete with comment, attachments and variables; history and modelView', async () => {
      const r = await start();
      await engine.completeTask(r.tasks[0]!.taskId, 'bob', { comment: '同意', attachments: [{ name: 'a.pdf', link: '/f/a.pdf' }], variables: { level: 2 }, copyUsers: ['cc2'] });
      assert.equal((await engine.getVariables(r.instanceId)).level, 2);
      const h = await engine.history(r.instanceId);
      const mgr = h.find((e) => e.historyActivityId === 'mgr')!;
      assert.equal(mgr.assigneeName, 'bob');
      assert.ok(mgr.endTime);
      assert.deepEqual(mgr.comments.find((c) => c.type === 'comment')!.attachments, [{ name: 'a.pdf', link: '/f/a.pdf' }]);
      assert.equal(mgr.comments.find((c) => c.type === 'comment')!.fullMessage, '同意');
      assert.ok(mgr.comments.some((c) => c.type === 'copyComment'));
      const mv = await engine.modelView({ instanceId: r.instanceId });
      assert.match(mv.xml, /<process/);
      assert.ok(mv.flow.some((f) => f.historyActivityType === 'sequenceFlow'));
      assert.ok(mv.flow.some((f) => f.historyActivityId === 'hr' && f.endTime === null));
      const detail = await engine.instanceDetail(r.instanceId, (await task(r.instanceId, 'hr')).id, 'alice');
      assert.equal(detail.process.isOwner, true);
      assert.ok(detail.button.includes('wf_pass'));
      assert.ok(!detail.button.includes('wf_add_instance'), 'signer buttons only on multi-instance nodes');
    });

    test('claim from candidates, my-done and done lists', async () => {
      const r = await start();
      await engine.completeTask(r.tasks[0]!.taskId, 'bob');
      const fin = await task(r.instanceId, 'fin');
      assert.equal((await engine.claimList({ tenantId, userId: 'fin2' })).records.filter((x) => x.taskId === fin.id).length, 1);
      await engine.claimTask(fin.id, 'fin2');
      assert.equal((await engine.claimList({ tenantId, userId: 'fin1' })).records.filter((x) => x.taskId === fin.id).length, 0);
      await engine.completeTask(fin.id, 'fin2');
      await engine.completeTask((await task(r.instanceId, 'hr')).id, 'hr');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
      assert.ok((await engine.doneList({ tenantId, userId: 'fin2' })).records.some((x) => x.taskId === fin.id));
      const my = await engine.myDoneList({ tenantId, userId: 'bob' });
      assert.equal(new Set(my.records.map((x) => x.processInstanceId)).size, my.records.length, 'one row per instance');
    });

    test('transfer, delegate and resolve back to the owner, dispatch, change assignee', async () => {
      const r = await start();
      const t = r.tasks[0]!.taskId;
      await engine.transferTask(t, 'bob', 'dan', '请代办');
      assert.equal((await task(r.instanceId, 'mgr')).assignee, 'dan');
      await engine.delegateTask(t, 'dan', 'eve', '委托');
      let cur = await task(r.instanceId, 'mgr');
      assert.deepEqual([cur.assignee, cur.owner, cur.delegation], ['eve', 'dan', 'pending']);
      await engine.completeTask(t, 'eve', { comment: '已处理' });
      cur = await task(r.instanceId, 'mgr');
      assert.deepEqual([cur.assignee, cur.delegation], ['dan', 'resolved'], 'the delegate resolves; the owner still decides');
      await engine.dispatchTask(t, 'admin', 'fay', '调度');
      await engine.changeTaskAssignee(t, 'admin', 'gus', '变更');
      assert.equal((await task(r.instanceId, 'mgr')).assignee, 'gus');
      const types = (await comments(r.instanceId)).map((c) => c.type);
      for (const ty of ['transferComment', 'delegateComment', 'dispatchComment', 'assigneeComment']) assert.ok(types.includes(ty as never), ty);
      assert.ok(events.some((e) => e.type === 'taskAssigned' && e.assignee === 'gus'));
    });

    test('add and delete signers on a parallel multi-instance node', async () => {
      const key = uniqueKey('mip');
      await engine.deploy(mi(key, false), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { signers: ['a', 'b'] } });
      const a = r.tasks.find((t) => t.assignee === 'a')!.taskId;
      await engine.addMultiInstance(a, 'a', ['c', 'd']);
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.assignee).sort(), ['a', 'b', 'c', 'd']);
      await engine.deleteMultiInstance(a, 'a', ['d']);
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.assignee).sort(), ['a', 'b', 'c']);
      await assert.rejects(engine.deleteMultiInstance(a, 'a', ['zz']), /does not exist/);
      for (const t of await todo(r.instanceId)) await engine.completeTask(t.id, t.assignee!);
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['done']);
      const types = (await comments(r.instanceId)).map((c) => c.type);
      assert.ok(types.includes('addMultiInstanceComment') && types.includes('deleteMultiInstanceComment'));
    });

    test('add and delete signers on a sequential multi-instance node', async () => {
      const key = uniqueKey('mis');
      await engine.deploy(mi(key, true), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { signers: ['a', 'b', 'c'] } });
      const a = r.tasks[0]!.taskId;
      await engine.addMultiInstance(a, 'a', ['x']);
      await engine.deleteMultiInstance(a, 'a', ['b']);
      const order: string[] = [];
      for (let t = (await todo(r.instanceId))[0]; t && t.taskDefKey === 'sign'; t = (await todo(r.instanceId))[0]) {
        order.push(t.assignee!);
        await engine.completeTask(t.id, t.assignee!);
      }
      assert.deepEqual(order, ['a', 'c', 'x']);
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['done']);
      await assert.rejects(engine.addMultiInstance((await todo(r.instanceId))[0]!.id, 'alice', ['q']), /not a multi-instance node/);
    });

    test('copy and urge', async () => {
      const r = await start();
      events.length = 0;
      await engine.copyTask(r.tasks[0]!.taskId, 'bob', ['c1', 'c2'], '请知悉');
      assert.equal((await engine.copyList({ tenantId, userId: 'c2' })).records.filter((x) => x.processInstanceId === r.instanceId).length, 1);
      const u = await engine.urgeTask(r.instanceId, 'alice', '请尽快');
      assert.deepEqual(u.receivers, ['bob']);
      assert.ok(events.some((e) => e.type === 'urged' && e.receivers.includes('bob')));
      assert.ok((await comments(r.instanceId)).some((c) => c.type === 'urgeComment'));
    });

    test('withdraw by the previous assignee while the next tasks are untouched', async () => {
      const r = await start();
      const mgr = r.tasks[0]!.taskId;
      await engine.completeTask(mgr, 'bob');
      await assert.rejects(engine.withdrawTask(mgr, 'someone'), /no task to withdraw/);
      await engine.withdrawTask(mgr, 'bob', '拿回');
      assert.deepEqual((await todo(r.instanceId)).map((t) => `${t.taskDefKey}:${t.assignee}`), ['mgr:bob']);
      await engine.completeTask((await task(r.instanceId, 'mgr')).id, 'bob');
      await engine.claimTask((await task(r.instanceId, 'fin')).id, 'fin1');
      const last = (await db.database.db.selectFrom('wfTask').select(['id']).where('instanceId', '=', r.instanceId).where('taskDefKey', '=', 'mgr').orderBy('id', 'desc').executeTakeFirst()) as { id: string };
      await assert.rejects(engine.withdrawTask(last.id, 'bob'), /already handled/);
    });

    test('revoke by the owner: 撤销 ends with withdraw, 撤回 returns with recall', async () => {
      const r1 = await start();
      await assert.rejects(engine.revokeSubmission(r1.instanceId, 'bob', 'wf_withdraw_end'), /initiator/);
      await engine.revokeSubmission(r1.instanceId, 'alice', 'wf_withdraw_end', '不请了');
      assert.equal(await engine.instanceStatus(r1.instanceId), 'withdraw');
      assert.equal((await todo(r1.instanceId)).length, 0);
      const r2 = await start();
      await engine.completeTask(r2.tasks[0]!.taskId, 'bob');
      await engine.revokeSubmission(r2.instanceId, 'alice', 'wf_withdraw_start');
      assert.equal(await engine.instanceStatus(r2.instanceId), 'recall');
      assert.deepEqual((await todo(r2.instanceId)).map((t) => `${t.taskDefKey}:${t.assignee}`), ['apply:alice']);
      await engine.completeTask((await task(r2.instanceId, 'apply')).id, 'alice');
      assert.equal(await engine.instanceStatus(r2.instanceId), 'running');
    });

    test('terminate and delete', async () => {
      const r = await start();
      await engine.terminateProcess({ taskId: r.tasks[0]!.taskId }, 'bob', '终止');
      assert.equal(await engine.instanceStatus(r.instanceId), 'terminated');
      await assert.rejects(engine.completeTask(r.tasks[0]!.taskId, 'bob'), /already handled/);
      const d = await start();
      await engine.deleteProcess(d.instanceId, 'admin', '测试数据');
      assert.equal(await engine.instanceStatus(d.instanceId), 'deleted');
      assert.ok((await comments(d.instanceId)).some((c) => c.type === 'deleteProcessComment'));
      assert.ok(events.some((e) => e.type === 'processEnded' && e.instanceId === d.instanceId && e.status === 'deleted'));
    });

    test('a rejection inside a called process ends its caller with the same status', async () => {
      const sub = uniqueKey('callee');
      await engine.deploy(bpmn(sub, `<startEvent id="s"/>${flow('s', 'check')}<userTask id="check" flowable:assignee="checker"/>${flow('check', 'e')}<endEvent id="e"/>`), { tenantId });
      const key = uniqueKey('caller');
      await engine.deploy(bpmn(key, `<startEvent id="s"/>${flow('s', 'call')}<callActivity id="call" calledElement="${sub}"/>${flow('call', 'after')}<userTask id="after" flowable:assignee="u"/>${flow('after', 'e')}<endEvent id="e"/>`), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
      assert.equal(r.tasks[0]!.assignee, 'checker');
      await engine.completeTask(r.tasks[0]!.taskId, 'checker', { pass: false, comment: '不通过' });
      assert.equal(await engine.instanceStatus(r.instanceId), 'reject');
      assert.equal(await engine.instanceStatus(r.tasks[0]!.processInstanceId), 'reject');
    });

    test('concurrent double complete: exactly one wins', async () => {
      for (let i = 0; i < 3; i++) {
        const r = await start();
        const t = r.tasks[0]!.taskId;
        const results = await Promise.allSettled([engine.completeTask(t, 'bob'), engine.completeTask(t, 'bob')]);
        assert.equal(results.filter((x) => x.status === 'fulfilled').length, 1);
        const lost = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
        assert.match(String(lost.reason.message), /already handled/);
        assert.deepEqual((await todo(r.instanceId)).map((x) => x.taskDefKey).sort(), ['fin', 'hr']);
      }
    });

    test('concurrent completes of two parallel branches: the second sees the first and passes the join', async () => {
      // the second action's lock waits for the first; the state it read with the lock is then
      // stale and must be read again, or neither would see the other's token at the join
      const key = uniqueKey('race');
      await engine.deploy(bpmn(key, `<startEvent id="s"/>${flow('s', 'f')}<parallelGateway id="f"/>${flow('f', 'a')}${flow('f', 'b')}
        <userTask id="a" flowable:assignee="u1"/><userTask id="b" flowable:assignee="u2"/>${flow('a', 'j')}${flow('b', 'j')}
        <parallelGateway id="j"/>${flow('j', 'c')}<userTask id="c" flowable:assignee="u3"/>${flow('c', 'e')}<endEvent id="e"/>`), { tenantId });
      for (let i = 0; i < 5; i++) {
        const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
        const a = r.tasks.find((t) => t.taskDefinitionKey === 'a')!.taskId;
        const b = r.tasks.find((t) => t.taskDefinitionKey === 'b')!.taskId;
        const results = await Promise.allSettled([engine.completeTask(a, 'u1'), engine.completeTask(b, 'u2')]);
        assert.deepEqual(results.map((x) => x.status), ['fulfilled', 'fulfilled']);
        assert.deepEqual((await todo(r.instanceId)).map((x) => x.taskDefKey), ['c']);
        const h = await engine.history(r.instanceId);
        assert.equal(h.filter((x) => x.historyActivityId === 'j').length, 1, 'the join fired once');
      }
    });

    test('an instance survives a restart mid-flight (timers included)', async () => {
      const key = uniqueKey('restart');
      await engine.deploy(bpmn(key, `<startEvent id="s"/>${flow('s', 'a')}<userTask id="a" flowable:assignee="u"/>${flow('a', 'f')}<parallelGateway id="f"/>${flow('f', 'b')}${flow('f', 'w')}
        <userTask id="b" flowable:assignee="u"/><intermediateCatchEvent id="w"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>
        ${flow('b', 'j')}${flow('w', 'j')}<parallelGateway id="j"/>${flow('j', 'c')}<userTask id="c" flowable:assignee="u"/>${flow('c', 'e')}<endEvent id="e"/>`), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
      await engine.completeTask(r.tasks[0]!.taskId, 'u');
      await db.reopen();
      engine = newEngine(db, clock);
      await engine.completeTask((await task(r.instanceId, 'b')).id, 'u');
      assert.equal((await todo(r.instanceId)).length, 0, 'b waits at the join for the timer');
      await db.reopen();
      engine = newEngine(db, clock);
      assert.equal(await engine.fireDueTimers(new Date(clock.now.getTime() + 3600_000)), 1);
      await engine.completeTask((await task(r.instanceId, 'c')).id, 'u');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
    });
  });
}
