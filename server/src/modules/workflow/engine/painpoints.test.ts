// What users of Flowable-based approval systems report broken, each with its test (issue 5).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { EngineEvent, WorkflowEngine } from './engine.ts';
import { bpmn, flow, kinds, newEngine, openTestDb, TestClock, uniqueKey, type TestDb } from './testing.ts';

const tenantId = '000000';
const HOUR = 3600_000;

/** apply (initiator) → mgr → fork(hr | fin → fin2) → join → gm → end, plus a never-taken branch */
const approval = (key: string, mgrExtra = '') => bpmn(key, `
  <startEvent id="s" flowable:initiator="applicant"/>${flow('s', 'apply')}
  <userTask id="apply" name="申请" flowable:assignee="\${applicant}"/>${flow('apply', 'route')}
  <exclusiveGateway id="route"/>${flow('route', 'mgr', '${days < 30}')}${flow('route', 'ceo', '${days >= 30}')}
  <userTask id="ceo" name="CEO" flowable:assignee="ceo"/>${flow('ceo', 'gm')}
  <userTask id="mgr" name="经理" flowable:assignee="mgr"/>${mgrExtra}${flow('mgr', 'fork')}
  <parallelGateway id="fork"/>${flow('fork', 'hr')}${flow('fork', 'fin')}
  <userTask id="hr" name="人事" flowable:assignee="hr"/>${flow('hr', 'join')}
  <userTask id="fin" name="财务" flowable:assignee="fin"/>${flow('fin', 'fin2')}
  <userTask id="fin2" name="财务复核" flowable:assignee="fin2"/>${flow('fin2', 'join')}
  <parallelGateway id="join"/>${flow('join', 'gm')}
  <userTask id="gm" name="总经理" flowable:assignee="gm"/>${flow('gm', 'e')}<endEvent id="e"/>`);

for (const kind of await kinds()) {
  describe(`pain points [${kind}]`, () => {
    let db: TestDb;
    let engine: WorkflowEngine;
    const clock = new TestClock();
    const events: EngineEvent[] = [];
    before(async () => {
      db = await openTestDb(kind);
      engine = newEngine(db, clock);
      for (const e of ['taskCreated', 'supervised'] as const) engine.on(e, (ev) => { events.push(ev); });
    });
    after(async () => db.close());

    const todo = async (instanceId: string) => (await db.database.db.selectFrom('wfTask').selectAll().where('instanceId', '=', instanceId)
      .where('state', '=', 'active').orderBy('id').execute()) as { id: string; taskDefKey: string; assignee: string | null }[];
    const keys = async (id: string) => (await todo(id)).map((t) => t.taskDefKey).sort();
    const task = async (id: string, node: string) => (await todo(id)).find((t) => t.taskDefKey === node)!;
    const pass = async (id: string, node: string) => { const t = await task(id, node); await engine.completeTask(t.id, t.assignee!); };
    const startApproval = async (mgrExtra = '') => {
      const key = uniqueKey('leave');
      await engine.deploy(approval(key, mgrExtra), { tenantId });
      return (await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { days: 3 } })).instanceId;
    };
    const execs = async (id: string) => (await db.database.db.selectFrom('wfExecution').selectAll().where('instanceId', '=', id).execute()) as { state: string; activityId: string | null }[];

    test("the initiator's first node is passed at start, and only the first time", async () => {
      const id = await startApproval();
      assert.deepEqual(await keys(id), ['mgr']);
      assert.equal((await engine.doneList({ tenantId, userId: 'alice' })).records.filter((r) => r.processInstanceId === id).length, 1);
      const mgr = await task(id, 'mgr');
      await engine.completeTask(mgr.id, 'mgr', { pass: false, comment: '材料不全' });
      assert.equal(await engine.instanceStatus(id), 'reject');
      const apply = await task(id, 'apply');
      assert.equal(apply.assignee, 'alice', 'back at the initiator, for the initiator, not auto-passed');
      await engine.completeTask(apply.id, 'alice', { comment: '已补充' });
      assert.equal(await engine.instanceStatus(id), 'running');
      assert.deepEqual(await keys(id), ['mgr']);
    });

    test('getBackNodes offers only nodes this instance passed and that lead here', async () => {
      const id = await startApproval();
      assert.deepEqual((await engine.getBackNodes((await task(id, 'mgr')).id)).map((n) => n.nodeId), ['apply']);
      await pass(id, 'mgr');
      await pass(id, 'fin');
      const hrBack = (await engine.getBackNodes((await task(id, 'hr')).id)).map((n) => n.nodeId);
      assert.deepEqual(hrBack, ['apply', 'mgr'], 'not ceo (never passed), not fin (a sibling branch)');
      await pass(id, 'hr');
      await pass(id, 'fin2');
      assert.deepEqual((await engine.getBackNodes((await task(id, 'gm')).id)).map((n) => n.nodeId), ['apply', 'mgr', 'hr', 'fin', 'fin2']);
      await assert.rejects(engine.rollbackTask((await task(id, 'gm')).id, 'gm', { nodeId: 'ceo' }), /Cannot roll back/);
    });

    test('rollback out of a parallel branch ends the sibling branches and the join state', async () => {
      const id = await startApproval();
      await pass(id, 'mgr');
      await pass(id, 'fin'); // fin2 is now active, hr active
      await engine.rollbackTask((await task(id, 'hr')).id, 'hr', { nodeId: 'mgr', comment: '重新审核' });
      assert.deepEqual(await keys(id), ['mgr']);
      assert.equal((await execs(id)).filter((e) => e.state === 'waiting').length, 0, 'no token left parked at the join');
      assert.equal((await task(id, 'mgr')).assignee, 'mgr');
      await pass(id, 'mgr');
      assert.deepEqual(await keys(id), ['fin', 'hr']);
      await pass(id, 'hr');
      await pass(id, 'fin');
      await pass(id, 'fin2');
      assert.deepEqual(await keys(id), ['gm'], 'the join fires exactly once');
      await pass(id, 'gm');
      assert.equal(await engine.instanceStatus(id), 'finished');
    });

    test('rollback inside one branch keeps the other branch', async () => {
      const id = await startApproval();
      await pass(id, 'mgr');
      await pass(id, 'hr'); // hr waits at the join
      await pass(id, 'fin');
      await engine.rollbackTask((await task(id, 'fin2')).id, 'fin2', { to: 'previous' });
      assert.deepEqual(await keys(id), ['fin']);
      await pass(id, 'fin');
      await pass(id, 'fin2');
      assert.deepEqual(await keys(id), ['gm'], 'hr’s arrival at the join was kept');
    });

    test('rollback into a parallel branch re-creates the join state', async () => {
      const id = await startApproval();
      await pass(id, 'mgr');
      await pass(id, 'hr');
      await pass(id, 'fin');
      await pass(id, 'fin2');
      await engine.rollbackTask((await task(id, 'gm')).id, 'gm', { nodeId: 'fin2' });
      assert.deepEqual(await keys(id), ['fin2']);
      assert.equal((await task(id, 'fin2')).assignee, 'fin2', 'handed to who handled it');
      await pass(id, 'fin2');
      assert.deepEqual(await keys(id), ['gm'], 'the join passes without hr doing it again');
      await engine.rollbackTask((await task(id, 'gm')).id, 'gm', { nodeId: 'fin' });
      await pass(id, 'fin');
      assert.deepEqual(await keys(id), ['fin2'], 'downstream nodes are not skipped');
      await pass(id, 'fin2');
      await pass(id, 'gm');
      assert.equal(await engine.instanceStatus(id), 'finished');
    });

    test('back to the previous node and back to the initiator', async () => {
      const id = await startApproval();
      await engine.rollbackTask((await task(id, 'mgr')).id, 'mgr', { to: 'previous' });
      assert.deepEqual(await keys(id), ['apply']);
      assert.equal((await task(id, 'apply')).assignee, 'alice');
      assert.equal(await engine.instanceStatus(id), 'reject');
      await pass(id, 'apply');
      await pass(id, 'mgr');
      await engine.rollbackTask((await task(id, 'hr')).id, 'hr', { to: 'initiator', comment: '退回发起人' });
      assert.deepEqual(await keys(id), ['apply']);
      const h = await engine.history(id);
      assert.ok(h.some((e) => e.comments.some((c) => c.type === 'rollbackComment' && c.fullMessage === '退回发起人')));
    });

    test('或签: a rejection records who rejected; the others’ done lists stay clean', async () => {
      const key = uniqueKey('orsign');
      await engine.deploy(bpmn(key, `<startEvent id="s"/>${flow('s', 'apply')}<userTask id="apply" flowable:assignee="\${initiator}"/>${flow('apply', 'sign')}
        <userTask id="sign" name="会签" flowable:assignee="\${signer}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="signer">
        <completionCondition>\${nrOfCompletedInstances >= 1}</completionCondition></multiInstanceLoopCharacteristics></userTask>${flow('sign', 'e')}<endEvent id="e"/>`), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { signers: ['ox', 'oy', 'oz'] } });
      const oy = r.tasks.find((t) => t.assignee === 'oy')!;
      await engine.completeTask(oy.taskId, 'oy', { pass: false, comment: '不同意' });
      assert.equal(await engine.instanceStatus(r.instanceId), 'reject');
      assert.deepEqual(await keys(r.instanceId), ['apply']);
      const mine = (u: string) => engine.doneList({ tenantId, userId: u }).then((p) => p.records.filter((x) => x.processInstanceId === r.instanceId));
      assert.equal((await mine('ox')).length, 0);
      assert.equal((await mine('oz')).length, 0);
      const oyDone = await mine('oy');
      assert.equal(oyDone.length, 1);
      assert.equal(oyDone[0]!.outcome, 'reject');
      const h = await engine.history(r.instanceId);
      const rej = h.flatMap((e) => e.comments).find((c) => c.type === 'rollbackComment')!;
      assert.equal(rej.userId, 'oy');
      assert.equal(rej.fullMessage, '不同意');
    });

    test('supervision and timeout timers are re-armed when a node is re-entered after a rollback', async () => {
      const id = await startApproval(`<boundaryEvent id="mgrLate" attachedToRef="mgr" cancelActivity="false"><timerEventDefinition><timeDuration>PT4H</timeDuration></timerEventDefinition></boundaryEvent>${flow('mgrLate', 'lateEnd')}<endEvent id="lateEnd"/>`);
      const sup = await engine.createSupervision({ tenantId, instanceId: id, nodeKey: 'mgr', awaitTime: 1, timeCount: 1, timeUnit: 'hour', receivers: ['mgr', 'boss'], maxCount: 2, context: '请尽快审批' });
      const t0 = clock.now.getTime();
      events.length = 0;
      await engine.fireDueTimers(new Date(t0 + HOUR));
      await engine.fireDueTimers(new Date(t0 + 2 * HOUR));
      await engine.fireDueTimers(new Date(t0 + 3 * HOUR));
      assert.equal(events.filter((e) => e.type === 'supervised').length, 2, 'maxCount caps the reminders');
      assert.equal((await engine.supervisionList(id))[0]!.status, 3);
      await pass(id, 'mgr');
      clock.advance(5 * HOUR);
      await engine.rollbackTask((await task(id, 'hr')).id, 'hr', { nodeId: 'mgr' });
      const s = (await engine.supervisionList(id)).find((x) => x.id === sup.id)!;
      assert.equal(s.status, 1);
      assert.equal(s.runCount, 0);
      const timers = (await db.database.db.selectFrom('wfTimer').selectAll().where('instanceId', '=', id).execute()) as { elementId: string; kind: string }[];
      assert.deepEqual(timers.map((t) => `${t.kind}:${t.elementId}`).sort(), ['boundary:mgrLate', 'supervision:mgr']);
      events.length = 0;
      await engine.fireDueTimers(new Date(clock.now.getTime() + HOUR));
      assert.equal(events.filter((e) => e.type === 'supervised').length, 1);
      await pass(id, 'mgr');
      assert.equal((await engine.supervisionList(id))[0]!.status, 2, 'finished with its task');
    });

    test('withdraw inside a multi-instance sub-process touches only that instance', async () => {
      const key = uniqueKey('misub');
      await engine.deploy(bpmn(key, `<startEvent id="s"/>${flow('s', 'sp')}<subProcess id="sp"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="people" flowable:elementVariable="p"/>
        <startEvent id="ss"/>${flow('ss', 'one')}<userTask id="one" flowable:assignee="\${p}"/>${flow('one', 'two')}<userTask id="two" flowable:assignee="chk_\${p}"/>${flow('two', 'se')}<endEvent id="se"/></subProcess>
        ${flow('sp', 'e')}<endEvent id="e"/>`), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { people: ['px', 'py'] } });
      const one = r.tasks.find((t) => t.assignee === 'px')!;
      await engine.completeTask(one.taskId, 'px');
      const before = (await todo(r.instanceId)).map((t) => t.assignee).sort();
      assert.deepEqual(before, ['chk_px', 'py']);
      await engine.withdrawTask(one.taskId, 'px', '撤回');
      assert.deepEqual((await todo(r.instanceId)).map((t) => `${t.taskDefKey}:${t.assignee}`).sort(), ['one:px', 'one:py']);
      for (const t of await todo(r.instanceId)) await engine.completeTask(t.id, t.assignee!);
      for (const t of await todo(r.instanceId)) await engine.completeTask(t.id, t.assignee!);
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
    });

    test('reject while an added signer is still pending returns cleanly to the initiator', async () => {
      const key = uniqueKey('addrej');
      await engine.deploy(bpmn(key, `<startEvent id="s"/>${flow('s', 'apply')}<userTask id="apply" flowable:assignee="\${initiator}"/>${flow('apply', 'sign')}
        <userTask id="sign" flowable:assignee="\${signer}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="signer"/></userTask>${flow('sign', 'e')}<endEvent id="e"/>`), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { signers: ['sx', 'sy'] } });
      await engine.addMultiInstance(r.tasks.find((t) => t.assignee === 'sx')!.taskId, 'sx', ['sw'], '请王五也看看');
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.assignee).sort(), ['sw', 'sx', 'sy']);
      await engine.completeTask(r.tasks.find((t) => t.assignee === 'sy')!.taskId, 'sy', { pass: false, comment: '驳回' });
      assert.deepEqual(await keys(r.instanceId), ['apply']);
      assert.equal((await engine.todoList({ tenantId, userId: 'sw' })).records.filter((x) => x.processInstanceId === r.instanceId).length, 0);
      assert.equal((await execs(r.instanceId)).filter((e) => e.activityId === 'sign').length, 0);
    });

    test('per-node buttons and field rights are enforced by the engine', async () => {
      const key = uniqueKey('rights');
      await engine.deploy(bpmn(key, `<startEvent id="s"/>${flow('s', 'a')}<userTask id="a" flowable:assignee="u" flowable:buttons="wf_pass,wf_rollback">
        <extensionElements><flowable:properties><flowable:property name="fieldRights" value='{"amount":"read","remark":"write","invoice":"required","secret":"hidden"}'/></flowable:properties></extensionElements>
        </userTask>${flow('a', 'e')}<endEvent id="e"/>`), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
      const tid = r.tasks[0]!.taskId;
      const cfg = await engine.taskConfig(tid);
      assert.deepEqual(cfg.buttons, ['wf_pass', 'wf_rollback']);
      assert.deepEqual(cfg.fieldRights.secret, { readable: false, writable: false, required: false, upload: undefined });
      await assert.rejects(engine.completeTask(tid, 'u', { pass: false }), /does not allow the action: wf_reject/);
      await assert.rejects(engine.transferTask(tid, 'u', 'v'), /wf_transfer/);
      await assert.rejects(engine.completeTask(tid, 'u', { variables: { amount: 1, invoice: 'x' } }), /changing the field: amount/);
      await assert.rejects(engine.completeTask(tid, 'u', { variables: { remark: 'ok' } }), /invoice is required/);
      await engine.completeTask(tid, 'u', { variables: { remark: 'ok', invoice: 'inv.pdf' } });
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
    });
  });
}
