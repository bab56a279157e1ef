// One test per BPMN element the engine executes, on PGlite and on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { WorkflowEngine } from './engine.ts';
import { bpmn, flow, kinds, newEngine, openTestDb, TestClock, uniqueKey, type TestDb } from './testing.ts';

const tenantId = '000000';
const MIN = 60_000;

for (const kind of await kinds()) {
  describe(`engine elements [${kind}]`, () => {
    let db: TestDb;
    let engine: WorkflowEngine;
    const clock = new TestClock();
    before(async () => {
      db = await openTestDb(kind);
      engine = newEngine(db, clock, { handlers: { double: ({ variables }) => ({ doubled: Number(variables.n) * 2 }) } });
    });
    after(async () => db.close());

    const todo = async (instanceId: string) => (await db.database.db.selectFrom('wfTask').selectAll().where('instanceId', '=', instanceId)
      .where('state', '=', 'active').orderBy('id').execute()) as { id: string; taskDefKey: string; assignee: string | null; name: string }[];
    const start = async (body: string, variables: Record<string, unknown> = {}, initiator = 'alice') => {
      const key = uniqueKey('p');
      await engine.deploy(bpmn(key, body), { tenantId });
      return engine.startProcess({ tenantId, definitionKey: key, initiator, variables });
    };
    const finishAll = async (id: string) => { for (const t of await todo(id)) await engine.completeTask(t.id, t.assignee ?? 'x'); };

    test('start, user task with assignee, end', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 't')}<userTask id="t" name="审批 \${who}" flowable:assignee="\${who}"/>${flow('t', 'e')}<endEvent id="e"/>`, { who: 'bob' });
      assert.equal(r.tasks[0]!.assignee, 'bob');
      assert.equal(r.tasks[0]!.taskName, '审批 bob');
      await engine.completeTask(r.tasks[0]!.taskId, 'bob');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
    });

    test('terminate end event ends all parallel branches', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 'f')}<parallelGateway id="f"/>${flow('f', 'a')}${flow('f', 'b')}
        <userTask id="a" flowable:assignee="u"/><userTask id="b" flowable:assignee="u"/>${flow('a', 'te')}${flow('b', 'e')}
        <endEvent id="te"><terminateEventDefinition/></endEvent><endEvent id="e"/>`);
      assert.equal(r.tasks.length, 2);
      await engine.completeTask(r.tasks.find((t) => t.taskDefinitionKey === 'a')!.taskId, 'u');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
      assert.equal((await todo(r.instanceId)).length, 0);
    });

    test('candidate users and groups, claim', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 't')}<userTask id="t" flowable:candidateUsers="u1,u2" flowable:candidateGroups="g1"/>${flow('t', 'e')}<endEvent id="e"/>`);
      const tid = r.tasks[0]!.taskId;
      assert.equal((await engine.todoList({ tenantId, userId: 'u1' })).total, 1);
      assert.equal((await engine.todoList({ tenantId, userId: 'u9', groups: ['g1'] })).total, 1);
      assert.equal((await engine.todoList({ tenantId, userId: 'u9' })).total, 0);
      await assert.rejects(engine.claimTask(tid, 'u9'), /not a candidate/);
      await engine.claimTask(tid, 'u2');
      await assert.rejects(engine.claimTask(tid, 'u1'), /already claimed/);
      assert.equal((await engine.todoList({ tenantId, userId: 'u1' })).total, 0);
      await assert.rejects(engine.completeTask(tid, 'u1'), /not the assignee/);
      await engine.completeTask(tid, 'u2');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
    });

    test('service task by handler name and by expression; script task in QuickJS', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 'svc')}<serviceTask id="svc" flowable:class="double"/>${flow('svc', 'exp')}
        <serviceTask id="exp" flowable:expression="\${doubled + 1}" flowable:resultVariable="plus"/>${flow('exp', 'scr')}
        <scriptTask id="scr" scriptFormat="javascript"><script>execution.setVariable('msg', 'n=' + n + ',p=' + plus); plus * 10</script></scriptTask>
        ${flow('scr', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'e')}<endEvent id="e"/>`, { n: 21 });
      const vars = await engine.getVariables(r.instanceId);
      assert.equal(vars.doubled, 42);
      assert.equal(vars.plus, 43);
      assert.equal(vars.msg, 'n=21,p=43');
    });

    test('script task: endless loop and memory bomb are stopped', async () => {
      await assert.rejects(start(`<startEvent id="s"/>${flow('s', 'scr')}<scriptTask id="scr" scriptFormat="javascript"><script>while(true){}</script></scriptTask>${flow('scr', 'e')}<endEvent id="e"/>`), /script failed/i);
      await assert.rejects(start(`<startEvent id="s"/>${flow('s', 'scr')}<scriptTask id="scr" scriptFormat="javascript"><script>let a=[];while(true){a.push('x'.repeat(100000))}</script></scriptTask>${flow('scr', 'e')}<endEvent id="e"/>`), /script failed/i);
      await assert.rejects(start(`<startEvent id="s"/>${flow('s', 'scr')}<scriptTask id="scr" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>${flow('scr', 'e')}<endEvent id="e"/>`), /script failed/i);
    });

    test('exclusive gateway with default flow; no match and no default is an error', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'x')}<exclusiveGateway id="x" default="fd"/>${flow('x', 'big', '${amount > 100}')}${flow('x', 'small', undefined, 'fd')}
        <userTask id="big" flowable:assignee="u"/><userTask id="small" flowable:assignee="u"/>${flow('big', 'e')}${flow('small', 'e')}<endEvent id="e"/>`;
      assert.equal((await start(body, { amount: 500 })).tasks[0]!.taskDefinitionKey, 'big');
      assert.equal((await start(body, { amount: 5 })).tasks[0]!.taskDefinitionKey, 'small');
      await assert.rejects(start(`<startEvent id="s"/>${flow('s', 'x')}<exclusiveGateway id="x"/>${flow('x', 'e', '${amount > 100}')}<endEvent id="e"/>`, { amount: 1 }), /No outgoing flow/);
    });

    test('parallel gateway fork and join wait for every branch', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 'f')}<parallelGateway id="f"/>${flow('f', 'a')}${flow('f', 'b')}${flow('f', 'c')}
        <userTask id="a" flowable:assignee="u"/><userTask id="b" flowable:assignee="u"/><userTask id="c" flowable:assignee="u"/>
        ${flow('a', 'j')}${flow('b', 'j')}${flow('c', 'j')}<parallelGateway id="j"/>${flow('j', 'after')}<userTask id="after" flowable:assignee="u"/>${flow('after', 'e')}<endEvent id="e"/>`);
      const ts = await todo(r.instanceId);
      await engine.completeTask(ts[0]!.id, 'u');
      await engine.completeTask(ts[1]!.id, 'u');
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), [ts[2]!.taskDefKey]);
      await engine.completeTask(ts[2]!.id, 'u');
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['after']);
    });

    test('inclusive gateway fork and join: the join waits only for the branches taken', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'f')}<inclusiveGateway id="f"/>${flow('f', 'a', '${x > 0}')}${flow('f', 'b', '${x > 5}')}${flow('f', 'c', '${x > 10}')}
        <userTask id="a" flowable:assignee="u"/><userTask id="b" flowable:assignee="u"/><userTask id="c" flowable:assignee="u"/>
        ${flow('a', 'j')}${flow('b', 'j')}${flow('c', 'j')}<inclusiveGateway id="j"/>${flow('j', 'after')}<userTask id="after" flowable:assignee="u"/>${flow('after', 'e')}<endEvent id="e"/>`;
      const r = await start(body, { x: 7 });
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['a', 'b']);
      await engine.completeTask((await todo(r.instanceId))[0]!.id, 'u');
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['b']);
      await engine.completeTask((await todo(r.instanceId))[0]!.id, 'u');
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['after']);
    });

    test('parallel multi-instance: loop variables and completion condition', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 'mi')}<userTask id="mi" flowable:assignee="\${user}">
        <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${users}" flowable:elementVariable="user">
        <completionCondition>\${nrOfCompletedInstances >= 2}</completionCondition></multiInstanceLoopCharacteristics></userTask>
        ${flow('mi', 'after')}<userTask id="after" flowable:assignee="\${initiator}"/>${flow('after', 'e')}<endEvent id="e"/>`, { users: ['a', 'b', 'c'] });
      const ts = await todo(r.instanceId);
      assert.deepEqual(ts.map((t) => t.assignee), ['a', 'b', 'c']);
      const root = (await db.database.db.selectFrom('wfExecution').selectAll().where('instanceId', '=', r.instanceId).where('isMiRoot', '=', true).executeTakeFirst()) as { id: string };
      const locals = (await db.database.db.selectFrom('wfVariable').select(['name', 'value']).where('executionId', '=', root.id).execute()) as { name: string; value: string }[];
      assert.equal(locals.find((l) => l.name === 'nrOfInstances')!.value, '3');
      assert.equal(locals.find((l) => l.name === 'nrOfActiveInstances')!.value, '3');
      await engine.completeTask(ts[0]!.id, 'a');
      await engine.completeTask(ts[2]!.id, 'c');
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['after']);
      assert.equal((await engine.doneList({ tenantId, userId: 'b' })).total, 0, 'the cancelled sibling is nobody\'s done task');
    });

    test('sequential multi-instance with loopCardinality', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 'mi')}<userTask id="mi" flowable:assignee="u\${loopCounter}">
        <multiInstanceLoopCharacteristics isSequential="true"><loopCardinality>3</loopCardinality></multiInstanceLoopCharacteristics></userTask>
        ${flow('mi', 'e')}<endEvent id="e"/>`);
      for (const u of ['u0', 'u1', 'u2']) {
        const ts = await todo(r.instanceId);
        assert.equal(ts.length, 1);
        assert.equal(ts[0]!.assignee, u);
        await engine.completeTask(ts[0]!.id, u);
      }
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
    });

    test('embedded sub-process, and a multi-instance sub-process', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 'sp')}<subProcess id="sp"><startEvent id="ss"/>${flow('ss', 'in')}<userTask id="in" flowable:assignee="u"/>${flow('in', 'se')}<endEvent id="se"/></subProcess>
        ${flow('sp', 'after')}<userTask id="after" flowable:assignee="u"/>${flow('after', 'e')}<endEvent id="e"/>`);
      assert.equal(r.tasks[0]!.taskDefinitionKey, 'in');
      await engine.completeTask(r.tasks[0]!.taskId, 'u');
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['after']);

      const m = await start(`<startEvent id="s"/>${flow('s', 'sp')}<subProcess id="sp"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="people" flowable:elementVariable="p"/>
        <startEvent id="ss"/>${flow('ss', 'one')}<userTask id="one" flowable:assignee="\${p}"/>${flow('one', 'two')}<userTask id="two" flowable:assignee="\${p}"/>${flow('two', 'se')}<endEvent id="se"/></subProcess>
        ${flow('sp', 'after')}<userTask id="after" flowable:assignee="u"/>${flow('after', 'e')}<endEvent id="e"/>`, { people: 'x,y' });
      assert.deepEqual((await todo(m.instanceId)).map((t) => `${t.taskDefKey}:${t.assignee}`), ['one:x', 'one:y']);
      for (let i = 0; i < 4; i++) { const t = (await todo(m.instanceId))[0]!; await engine.completeTask(t.id, t.assignee!); }
      assert.deepEqual((await todo(m.instanceId)).map((t) => t.taskDefKey), ['after']);
    });

    test('call activity passes variables in and out (flowable:in / flowable:out)', async () => {
      const sub = uniqueKey('sub');
      await engine.deploy(bpmn(sub, `<startEvent id="s"/>${flow('s', 't')}<userTask id="t" flowable:assignee="\${who}"/>${flow('t', 'e')}<endEvent id="e"/>`), { tenantId });
      const r = await start(`<startEvent id="s"/>${flow('s', 'call')}<callActivity id="call" calledElement="${sub}"><extensionElements>
        <flowable:in source="person" target="who"/><flowable:out source="answer" target="result"/></extensionElements></callActivity>
        ${flow('call', 'after')}<userTask id="after" flowable:assignee="\${result}"/>${flow('after', 'e')}<endEvent id="e"/>`, { person: 'carol' });
      assert.equal(r.tasks[0]!.assignee, 'carol');
      await engine.completeTask(r.tasks[0]!.taskId, 'carol', { variables: { answer: 'dave' } });
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.assignee), ['dave']);
      await engine.terminateProcess({ instanceId: r.instanceId }, 'admin');
    });

    test('timer boundary: interrupting duration, non-interrupting cycle, timeDate', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'e')}
        <boundaryEvent id="remind" attachedToRef="t" cancelActivity="false"><timerEventDefinition><timeCycle>R2/PT10M</timeCycle></timerEventDefinition></boundaryEvent>
        ${flow('remind', 'note')}<userTask id="note" flowable:assignee="boss"/>${flow('note', 'ne')}<endEvent id="ne"/>
        <boundaryEvent id="late" attachedToRef="t"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
        ${flow('late', 'esc')}<userTask id="esc" flowable:assignee="boss"/>${flow('esc', 'e')}<endEvent id="e"/>`);
      const t0 = clock.now.getTime();
      assert.equal(await engine.fireDueTimers(new Date(t0 + 9 * MIN)), 0);
      await engine.fireDueTimers(new Date(t0 + 10 * MIN));
      await engine.fireDueTimers(new Date(t0 + 20 * MIN));
      await engine.fireDueTimers(new Date(t0 + 30 * MIN));
      const keys = (await todo(r.instanceId)).map((t) => t.taskDefKey).sort();
      assert.deepEqual(keys, ['note', 'note', 't'], 'the cycle fired twice and the task stayed');
      await engine.fireDueTimers(new Date(t0 + 61 * MIN));
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey).sort(), ['esc', 'note', 'note']);

      const d = await start(`<startEvent id="s"/>${flow('s', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'e')}
        <boundaryEvent id="b" attachedToRef="t"><timerEventDefinition><timeDate>2026-01-06T00:00:00Z</timeDate></timerEventDefinition></boundaryEvent>${flow('b', 'e2')}<endEvent id="e2"/><endEvent id="e"/>`);
      await engine.fireDueTimers(new Date('2026-01-06T00:00:01Z'));
      assert.equal(await engine.instanceStatus(d.instanceId), 'finished');
    });

    test('timer cycle with a calendar period: R3/<Jan 31>/P1M fires on Jan 31, Feb 29, Mar 31 (month ends, leap year, no drift)', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'e')}<endEvent id="e"/>
        <boundaryEvent id="monthly" attachedToRef="t" cancelActivity="false"><timerEventDefinition><timeCycle>R3/2028-01-31T08:00:00Z/P1M</timeCycle></timerEventDefinition></boundaryEvent>
        ${flow('monthly', 'note')}<userTask id="note" flowable:assignee="boss"/>${flow('note', 'ne')}<endEvent id="ne"/>`);
      const timers = async () => (await db.database.db.selectFrom('wfTimer').select(['dueTime', 'repeat', 'period']).where('instanceId', '=', r.instanceId).execute())
        .map((t) => ({ due: new Date(t.dueTime as unknown as string).toISOString(), repeat: t.repeat, period: t.period }));
      const notes = async () => (await todo(r.instanceId)).filter((t) => t.taskDefKey === 'note').length;
      assert.deepEqual(await timers(), [{ due: '2028-01-31T08:00:00.000Z', repeat: 2, period: '2028-01-31T08:00:00.000Z/P1M' }]);
      await engine.fireDueTimers(new Date('2028-01-31T08:00:00Z'));
      assert.deepEqual((await timers()).map((t) => t.due), ['2028-02-29T08:00:00.000Z'], 're-armed from the stored anchor');
      assert.equal(await engine.fireDueTimers(new Date('2028-02-29T07:59:59Z')), 0);
      await engine.fireDueTimers(new Date('2028-02-29T08:00:00Z'));
      assert.deepEqual((await timers()).map((t) => t.due), ['2028-03-31T08:00:00.000Z'], 'back to the month end, not Mar 29');
      await engine.fireDueTimers(new Date('2028-03-31T08:00:00Z'));
      assert.deepEqual(await timers(), [], 'three repetitions, then done');
      assert.equal(await notes(), 3);
      await engine.terminateProcess({ instanceId: r.instanceId }, 'admin');
    });

    test('intermediate timer catch event waits for the clock', async () => {
      const r = await start(`<startEvent id="s"/>${flow('s', 'w')}<intermediateCatchEvent id="w"><timerEventDefinition><timeDuration>PT5M</timeDuration></timerEventDefinition></intermediateCatchEvent>
        ${flow('w', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'e')}<endEvent id="e"/>`);
      assert.equal(r.tasks.length, 0);
      await engine.fireDueTimers(new Date(clock.now.getTime() + 5 * MIN));
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['t']);
    });

    test('message and signal intermediate catch events correlate by name', async () => {
      const key = uniqueKey('msg');
      await engine.deploy(bpmn(key, `<startEvent id="s"/>${flow('s', 'm')}<intermediateCatchEvent id="m"><messageEventDefinition messageRef="paid"/></intermediateCatchEvent>
        ${flow('m', 'sg')}<intermediateCatchEvent id="sg"><signalEventDefinition signalRef="go"/></intermediateCatchEvent>${flow('sg', 't')}<userTask id="t" flowable:assignee="\${payer}"/>${flow('t', 'e')}<endEvent id="e"/>`,
        `<message id="paid" name="paymentReceived"/><signal id="go" name="goSignal"/>`), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'a', businessKey: 'order-1' });
      assert.equal(await engine.correlateMessage('paymentReceived', { tenantId, businessKey: 'other' }), 0);
      assert.equal(await engine.correlateMessage('paymentReceived', { tenantId, businessKey: 'order-1', variables: { payer: 'zed' } }), 1);
      assert.equal(await engine.sendSignal('goSignal', { tenantId }), 1);
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.assignee), ['zed']);
    });

    test('deploy: new version per key, suspend blocks start, invalid XML and bad expressions refused', async () => {
      const key = uniqueKey('v');
      const body = `<startEvent id="s"/>${flow('s', 'e')}<endEvent id="e"/>`;
      const [v1] = await engine.deploy(bpmn(key, body), { tenantId, category: 'hr' });
      const [v2] = await engine.deploy(bpmn(key, body), { tenantId, category: 'hr' });
      assert.equal(v1!.version, 1);
      assert.equal(v2!.version, 2);
      const list = await engine.definitionList({ tenantId, key, latestOnly: true });
      assert.deepEqual(list.records.map((d) => d.version), [2]);
      await engine.suspendDefinition(v2!.id);
      await assert.rejects(engine.startProcess({ tenantId, definitionKey: key, initiator: 'a' }), /suspended/);
      await engine.activateDefinition(v2!.id);
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'a' });
      assert.equal(r.status, 'finished');
      await assert.rejects(engine.deploy('<nope', { tenantId }), /cannot be read/);
      await assert.rejects(engine.deploy(bpmn(uniqueKey('bad'), `<startEvent id="s"/>${flow('s', 'e', '${a ===}')}<endEvent id="e"/>`), { tenantId }), /cannot be read/);
    });
  });
}
