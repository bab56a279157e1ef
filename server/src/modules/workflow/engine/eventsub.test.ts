// Event sub-processes, conditional events, the task listener `delete` event (and end listeners of
// cancelled activities) and compensation inside completed sub-processes. On PGlite and on
// PostgreSQL; the waiting ones also across a restart (the database closed and opened again).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BpmnError, type WorkflowEngine } from './engine.ts';
import { bpmn, flow, kinds, newEngine, openTestDb, TestClock, uniqueKey, type TestDb } from './testing.ts';

const tenantId = '000000';
const MIN = 60_000;

for (const kind of await kinds()) {
  describe(`engine event sub-processes and conditional events [${kind}]`, () => {
    let db: TestDb;
    let engine: WorkflowEngine;
    const clock = new TestClock();
    const calls: string[] = [];
    const opts = () => ({
      handlers: {
        check: ({ variables }: { variables: Record<string, unknown> }) => {
          if (variables.fail) throw new BpmnError(String(variables.fail), `failed with ${String(variables.fail)}`);
          return { checked: true };
        },
        undo: ({ activityId }: { activityId: string }) => { calls.push(`undo:${activityId}`); },
      },
      listeners: {
        log: (ctx: { event: string; activityId: string; task?: { id: string } }) => { calls.push(`${ctx.activityId}:${ctx.event}`); },
      },
    });
    before(async () => {
      db = await openTestDb(kind);
      engine = newEngine(db, clock, opts());
    });
    after(async () => db.close());

    const q = () => db.database.db;
    const openTasks = async (instanceId: string) => (await q().selectFrom('wfTask').selectAll().where('instanceId', '=', instanceId)
      .where('state', '=', 'active').orderBy('id').execute()) as { id: string; taskDefKey: string; assignee: string | null }[];
    const keys = async (instanceId: string) => (await openTasks(instanceId)).map((t) => t.taskDefKey).sort();
    const taskRows = async (instanceId: string, key: string) => (await q().selectFrom('wfTask').select(['state', 'outcome'])
      .where('instanceId', '=', instanceId).where('taskDefKey', '=', key).orderBy('id').execute()) as { state: string; outcome: string | null }[];
    const subs = async (instanceId: string) => (await q().selectFrom('wfEventSubscription').select(['eventType', 'eventName', 'activityId'])
      .where('instanceId', '=', instanceId).orderBy('id').execute()) as { eventType: string; eventName: string; activityId: string }[];
    const timers = async (instanceId: string) => (await q().selectFrom('wfTimer').select(['elementId', 'kind']).where('instanceId', '=', instanceId)
      .orderBy('id').execute()) as { elementId: string; kind: string }[];
    const acts = async (instanceId: string) => (await q().selectFrom('wfActivity').select(['activityId', 'activityType', 'endTime', 'endReason'])
      .where('instanceId', '=', instanceId).where('activityType', '<>', 'sequenceFlow').orderBy('id').execute()) as { activityId: string; activityType: string; endTime: unknown; endReason: string | null }[];
    const act = async (instanceId: string, id: string) => (await acts(instanceId)).filter((a) => a.activityId === id);
    const deploy = async (body: string, extra = '', key = uniqueKey('es')) => { await engine.deploy(bpmn(key, body, extra), { tenantId }); return key; };
    const start = async (body: string, variables: Record<string, unknown> = {}, extra = '', businessKey?: string) => {
      const key = await deploy(body, extra);
      return engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables, businessKey });
    };
    const complete = async (instanceId: string, key: string, variables?: Record<string, unknown>) => {
      const t = (await openTasks(instanceId)).find((x) => x.taskDefKey === key);
      assert.ok(t, `a task ${key} is open`);
      return engine.completeTask(t.id, t.assignee ?? 'u', { variables });
    };
    const restart = async () => { await db.reopen(); engine = newEngine(db, clock, opts()); };

    // ---- event sub-processes ---------------------------------------------------------------------

    test('interrupting message event sub-process of the process: the main flow ends cleanly, the event sub-process finishes the instance', async () => {
      const extra = `<message id="m" name="orderCancelled"/>`;
      const body = `<startEvent id="s"/>${flow('s', 'f')}<parallelGateway id="f"/>${flow('f', 'pack')}${flow('f', 'bill')}
        <userTask id="pack" flowable:assignee="u"/><userTask id="bill" flowable:assignee="u"/>${flow('pack', 'j')}${flow('bill', 'j')}
        <parallelGateway id="j"/>${flow('j', 'e')}<endEvent id="e"/>
        <subProcess id="cancel" name="Cancel order" triggeredByEvent="true">
          <startEvent id="cs"><messageEventDefinition messageRef="m"/></startEvent>${flow('cs', 'refund')}
          <userTask id="refund" flowable:assignee="clerk"/>${flow('refund', 'ce')}<endEvent id="ce"/>
        </subProcess>`;
      const r = await start(body, {}, extra, 'order-1');
      assert.deepEqual(await keys(r.instanceId), ['bill', 'pack']);
      assert.deepEqual(await subs(r.instanceId), [{ eventType: 'message', eventName: 'orderCancelled', activityId: 'cs' }], 'armed when the process starts');
      await complete(r.instanceId, 'pack'); // a token now parks at the join
      await restart();
      assert.equal(await engine.correlateMessage('orderCancelled', { tenantId, businessKey: 'order-1', variables: { why: 'late' } }), 1);
      assert.deepEqual(await keys(r.instanceId), ['refund']);
      assert.deepEqual(await taskRows(r.instanceId, 'bill'), [{ state: 'cancelled', outcome: 'message' }]);
      assert.deepEqual(await subs(r.instanceId), [], 'an interrupting start fires once');
      const execs = await q().selectFrom('wfExecution').select(['activityId']).where('instanceId', '=', r.instanceId).execute();
      assert.ok(!execs.some((e) => e.activityId === 'j'), 'the parked join token is gone');
      const history = await acts(r.instanceId);
      assert.equal(history.find((a) => a.activityId === 'bill')!.endReason, 'message');
      const es = history.find((a) => a.activityId === 'cancel')!;
      assert.equal(es.activityType, 'eventSubProcess');
      assert.equal(es.endTime, null);
      assert.ok(history.some((a) => a.activityId === 'cs' && a.activityType === 'startEvent'));
      await complete(r.instanceId, 'refund');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
      assert.equal((await act(r.instanceId, 'cancel'))[0]!.endReason, 'completed');
      assert.equal((await engine.getVariables(r.instanceId)).why, 'late');
    });

    test('non-interrupting signal event sub-process fires each time beside the main flow; the process waits for it, then disarms', async () => {
      const sig = uniqueKey('priceChanged');
      const body = `<startEvent id="s"/>${flow('s', 'work')}<userTask id="work" flowable:assignee="u"/>${flow('work', 'e')}<endEvent id="e"/>
        <subProcess id="notify" triggeredByEvent="true">
          <startEvent id="ns" isInterrupting="false"><signalEventDefinition signalRef="sg"/></startEvent>${flow('ns', 'note')}
          <userTask id="note" flowable:assignee="boss"/>${flow('note', 'ne')}<endEvent id="ne"/>
        </subProcess>`;
      const r = await start(body, {}, `<signal id="sg" name="${sig}"/>`);
      assert.equal(await engine.sendSignal(sig, { tenantId }), 1);
      await restart();
      assert.equal(await engine.sendSignal(sig, { tenantId }), 1);
      assert.deepEqual(await keys(r.instanceId), ['note', 'note', 'work']);
      await complete(r.instanceId, 'work');
      assert.equal(await engine.instanceStatus(r.instanceId), 'running', 'the process waits for its running event sub-processes');
      assert.equal((await subs(r.instanceId)).length, 1, 'still armed while the process runs');
      await complete(r.instanceId, 'note');
      await complete(r.instanceId, 'note');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
      assert.deepEqual(await subs(r.instanceId), [], 'disarmed when the process ends');
      assert.equal((await act(r.instanceId, 'notify')).length, 2, 'one history row per run');
      assert.equal(await engine.sendSignal(sig, { tenantId }), 0);
    });

    test('timer event sub-processes in an embedded sub-process: a non-interrupting cycle fires twice, an interrupting one ends the sub-process; both disarm with it', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'sp')}
        <subProcess id="sp">
          <startEvent id="ss"/>${flow('ss', 'draft')}<userTask id="draft" flowable:assignee="u"/>${flow('draft', 'se')}<endEvent id="se"/>
          <subProcess id="remind" triggeredByEvent="true">
            <startEvent id="rs" isInterrupting="false"><timerEventDefinition><timeCycle>R2/PT10M</timeCycle></timerEventDefinition></startEvent>${flow('rs', 'ping')}
            <userTask id="ping" flowable:assignee="boss"/>${flow('ping', 're')}<endEvent id="re"/>
          </subProcess>
          <subProcess id="expire" triggeredByEvent="true">
            <startEvent id="xs"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></startEvent>${flow('xs', 'xe')}<endEvent id="xe"/>
          </subProcess>
        </subProcess>${flow('sp', 'after')}<userTask id="after" flowable:assignee="u"/>${flow('after', 'e')}<endEvent id="e"/>`;
      const key = await deploy(body);
      const a = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
      assert.deepEqual((await timers(a.instanceId)).map((t) => `${t.elementId}:${t.kind}`).sort(), ['rs:eventSub', 'xs:eventSub']);
      clock.advance(10 * MIN + 1);
      await engine.fireDueTimers();
      await restart();
      clock.advance(10 * MIN);
      await engine.fireDueTimers();
      assert.deepEqual(await keys(a.instanceId), ['draft', 'ping', 'ping']);
      assert.deepEqual((await timers(a.instanceId)).map((t) => t.elementId), ['xs'], 'the cycle ran out');
      await complete(a.instanceId, 'ping');
      clock.advance(40 * MIN);
      await engine.fireDueTimers();
      assert.deepEqual(await keys(a.instanceId), ['after'], 'the interrupting timer ended the sub-process, which left normally');
      assert.deepEqual(await taskRows(a.instanceId, 'draft'), [{ state: 'cancelled', outcome: 'timeout' }]);
      assert.deepEqual((await taskRows(a.instanceId, 'ping')).map((t) => t.outcome), ['pass', 'timeout']);
      assert.equal((await act(a.instanceId, 'sp'))[0]!.endReason, 'completed');
      assert.deepEqual(await timers(a.instanceId), []);

      const b = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
      await complete(b.instanceId, 'draft');
      assert.deepEqual(await timers(b.instanceId), [], 'the sub-process ended: its event sub-processes are disarmed');
      assert.deepEqual(await keys(b.instanceId), ['after']);
    });

    test('error event sub-process of a sub-process catches before the boundary event around it; an error it throws goes out to that boundary', async () => {
      const extra = `<error id="bad" errorCode="BAD"/><error id="worse" errorCode="WORSE"/>`;
      const body = `<startEvent id="s"/>${flow('s', 'sp')}
        <subProcess id="sp">
          <startEvent id="ss"/>${flow('ss', 'st')}<serviceTask id="st" flowable:class="check"/>${flow('st', 'wait')}
          <userTask id="wait" flowable:assignee="u"/>${flow('wait', 'se')}<endEvent id="se"/>
          <subProcess id="onBad" triggeredByEvent="true">
            <startEvent id="bs"><errorEventDefinition errorRef="bad" flowable:errorCodeVariable="code"/></startEvent>${flow('bs', 'fix')}
            <userTask id="fix" flowable:assignee="clerk"/>${flow('fix', 'fe')}<endEvent id="fe"><errorEventDefinition errorRef="worse"/></endEvent>
          </subProcess>
        </subProcess>${flow('sp', 'e')}<endEvent id="e"/>
        <boundaryEvent id="catchAll" attachedToRef="sp"><errorEventDefinition/></boundaryEvent>${flow('catchAll', 'escalated')}
        <userTask id="escalated" flowable:assignee="boss"/>${flow('escalated', 'e2')}<endEvent id="e2"/>`;
      const r = await start(body, { fail: 'BAD' }, extra);
      assert.deepEqual(await keys(r.instanceId), ['fix'], 'the event sub-process inside caught it, not the boundary');
      assert.equal((await engine.getVariables(r.instanceId)).code, 'BAD');
      assert.equal((await act(r.instanceId, 'onBad'))[0]!.activityType, 'eventSubProcess');
      await restart();
      await complete(r.instanceId, 'fix');
      assert.deepEqual(await keys(r.instanceId), ['escalated'], 'WORSE left the sub-process through its catch-all boundary');
      assert.equal((await act(r.instanceId, 'sp'))[0]!.endReason, 'error');
      const other = await start(body, { fail: 'ODD' }, extra);
      assert.deepEqual(await keys(other.instanceId), ['escalated'], 'a code no event sub-process catches goes to the boundary');
    });

    test('error and escalation event sub-processes of the process: error interrupts, a non-interrupting escalation runs beside the thrower', async () => {
      const extra = `<escalation id="late" escalationCode="LATE"/><error id="bad" errorCode="BAD"/>`;
      const body = `<startEvent id="s"/>${flow('s', 'f')}<parallelGateway id="f"/>${flow('f', 'a')}${flow('f', 'b')}
        <userTask id="a" flowable:assignee="u"/>${flow('a', 'thr')}<intermediateThrowEvent id="thr"><escalationEventDefinition escalationRef="late"/></intermediateThrowEvent>${flow('thr', 'a2')}
        <userTask id="a2" flowable:assignee="u"/>${flow('a2', 'ee')}<endEvent id="ee"><errorEventDefinition errorRef="bad"/></endEvent>
        <userTask id="b" flowable:assignee="u"/>${flow('b', 'e')}<endEvent id="e"/>
        <subProcess id="onLate" triggeredByEvent="true">
          <startEvent id="ls" isInterrupting="false"><escalationEventDefinition escalationRef="late"/></startEvent>${flow('ls', 'hurry')}
          <userTask id="hurry" flowable:assignee="boss"/>${flow('hurry', 'le')}<endEvent id="le"/>
        </subProcess>
        <subProcess id="onBad" triggeredByEvent="true">
          <startEvent id="bs"><errorEventDefinition errorRef="bad"/></startEvent>${flow('bs', 'be')}<endEvent id="be"/>
        </subProcess>`;
      const r = await start(body, {}, extra);
      await complete(r.instanceId, 'a');
      assert.deepEqual(await keys(r.instanceId), ['a2', 'b', 'hurry'], 'the escalation started the event sub-process and the thrower went on');
      await complete(r.instanceId, 'a2');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished', 'the error ended everything else, then its event sub-process ended the process');
      assert.deepEqual(await taskRows(r.instanceId, 'b'), [{ state: 'cancelled', outcome: 'error' }]);
      assert.deepEqual(await taskRows(r.instanceId, 'hurry'), [{ state: 'cancelled', outcome: 'error' }]);
    });

    test('an interrupting event sub-process ends a called instance; event sub-processes of a multi-instance sub-process run per instance', async () => {
      const callee = await deploy(`<startEvent id="s"/>${flow('s', 'inner')}<userTask id="inner" flowable:assignee="v"/>${flow('inner', 'e')}<endEvent id="e"/>`);
      const extra = `<message id="m" name="recallAll"/><message id="m2" name="pokeLine"/>`;
      const caller = await start(`<startEvent id="s"/>${flow('s', 'call')}<callActivity id="call" calledElement="${callee}"/>${flow('call', 'e')}<endEvent id="e"/>
        <subProcess id="recall" triggeredByEvent="true"><startEvent id="rs"><messageEventDefinition messageRef="m"/></startEvent>${flow('rs', 'why')}
          <userTask id="why" flowable:assignee="boss"/>${flow('why', 're')}<endEvent id="re"/></subProcess>`, {}, extra, 'call-1');
      const child = (await q().selectFrom('wfInstance').select(['id']).where('parentId', '=', caller.instanceId).executeTakeFirst())!.id;
      assert.deepEqual(await keys(child), ['inner']);
      await engine.correlateMessage('recallAll', { tenantId, businessKey: 'call-1' });
      assert.equal(await engine.instanceStatus(child), 'terminated');
      assert.deepEqual(await taskRows(child, 'inner'), [{ state: 'cancelled', outcome: 'message' }]);
      assert.deepEqual(await keys(caller.instanceId), ['why']);

      const mi = await start(`<startEvent id="s"/>${flow('s', 'line')}
        <subProcess id="line"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="items" flowable:elementVariable="item"/>
          <startEvent id="ls"/>${flow('ls', 'pick')}<userTask id="pick" flowable:assignee="\${item}"/>${flow('pick', 'le')}<endEvent id="le"/>
          <subProcess id="poke" triggeredByEvent="true"><startEvent id="ps" isInterrupting="false"><messageEventDefinition messageRef="m2"/></startEvent>${flow('ps', 'pe')}<endEvent id="pe"/></subProcess>
          <subProcess id="skip" triggeredByEvent="true"><startEvent id="ks"><timerEventDefinition><timeDuration>PT5M</timeDuration></timerEventDefinition></startEvent>${flow('ks', 'ke')}<endEvent id="ke"/></subProcess>
        </subProcess>${flow('line', 'done')}<userTask id="done" flowable:assignee="u"/>${flow('done', 'e')}<endEvent id="e"/>`, { items: ['x', 'y'] }, extra, 'mi-1');
      assert.equal((await subs(mi.instanceId)).length, 2, 'one subscription per instance of the sub-process');
      assert.equal((await timers(mi.instanceId)).length, 2);
      await complete(mi.instanceId, 'pick');
      assert.equal((await subs(mi.instanceId)).length, 1, 'the finished instance disarmed its own');
      assert.equal(await engine.correlateMessage('pokeLine', { tenantId, businessKey: 'mi-1' }), 1);
      clock.advance(6 * MIN);
      await engine.fireDueTimers();
      assert.deepEqual(await keys(mi.instanceId), ['done'], 'the timer ended the remaining instance; the multi-instance sub-process completed');
      assert.equal((await act(mi.instanceId, 'poke')).length, 1);
      assert.deepEqual(await timers(mi.instanceId), []);
    });

    test('Flowable XML unchanged: flows without ids, a non-interrupting message event sub-process holding a sub-process', async () => {
      // the shape of Flowable's MessageEventSubprocessTest files (activiti namespace, id-less flows)
      const key = uniqueKey('flowableEs');
      const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions id="definitions" xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="Examples">
  <message id="msg" name="${key}Msg" />
  <process id="${key}">
    <startEvent id="theStart" />
    <sequenceFlow sourceRef="theStart" targetRef="task" />
    <userTask id="task" name="Task" activiti:assignee="kermit" />
    <sequenceFlow sourceRef="task" targetRef="theEnd" />
    <endEvent id="theEnd" />
    <subProcess id="eventSubProcess" triggeredByEvent="true">
      <startEvent id="eventProcessStart" isInterrupting="false"><messageEventDefinition messageRef="msg" /></startEvent>
      <sequenceFlow sourceRef="eventProcessStart" targetRef="subProcess" />
      <subProcess id="subProcess">
        <startEvent id="nestedStart" />
        <sequenceFlow sourceRef="nestedStart" targetRef="eventSubProcessTask" />
        <userTask id="eventSubProcessTask" name="Task" activiti:assignee="kermit" />
        <sequenceFlow sourceRef="eventSubProcessTask" targetRef="nestedEnd" />
        <endEvent id="nestedEnd" />
      </subProcess>
      <sequenceFlow sourceRef="subProcess" targetRef="eventSubProcessEnd" />
      <endEvent id="eventSubProcessEnd" />
    </subProcess>
  </process>
</definitions>`;
      await engine.deploy(xml, { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
      assert.equal(await engine.correlateMessage(`${key}Msg`, { tenantId, instanceId: r.instanceId }), 1);
      assert.equal(await engine.correlateMessage(`${key}Msg`, { tenantId, instanceId: r.instanceId }), 1);
      assert.deepEqual(await keys(r.instanceId), ['eventSubProcessTask', 'eventSubProcessTask', 'task']);
      for (let i = 0; i < 3; i++) await engine.completeTask((await openTasks(r.instanceId))[0]!.id, 'kermit');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
    });

    test('deploy refuses event sub-processes it cannot start', async () => {
      await assert.rejects(deploy(`<startEvent id="s"/>${flow('s', 'e')}<endEvent id="e"/>
        <subProcess id="es" triggeredByEvent="true"><startEvent id="x"/>${flow('x', 'y')}<endEvent id="y"/></subProcess>`),
      /an event sub-process needs a message, signal, timer, conditional, error or escalation start event/);
      await assert.rejects(deploy(`<startEvent id="s"/>${flow('s', 'e')}<endEvent id="e"/>
        <subProcess id="es" triggeredByEvent="true"><startEvent id="x" isInterrupting="false"><errorEventDefinition/></startEvent>${flow('x', 'y')}<endEvent id="y"/></subProcess>`),
      /an error start event always interrupts/);
    });

    // ---- conditional events ----------------------------------------------------------------------

    const cond = (text: string) => `<conditionalEventDefinition><condition xsi:type="tFormalExpression"><![CDATA[${text}]]></condition></conditionalEventDefinition>`;

    test('conditional intermediate catch: evaluated when reached, then after every action that sets variables; passes once it is true', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'c')}<intermediateCatchEvent id="c">${cond('${amount > 100}')}</intermediateCatchEvent>${flow('c', 'big')}
        <userTask id="big" flowable:assignee="boss"/>${flow('big', 'e')}<endEvent id="e"/>`;
      const key = await deploy(body);
      const now = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { amount: 500 } });
      assert.deepEqual(now.tasks.map((t) => t.taskDefinitionKey), ['big'], 'true when reached: passes in the same action (and the answer shows it)');
      const later = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
      assert.deepEqual(later.tasks, [], 'amount is not set yet: the condition counts as false');
      assert.deepEqual(await subs(later.instanceId), [{ eventType: 'conditional', eventName: 'false', activityId: 'c' }]);
      await engine.setVariables(later.instanceId, { amount: 50 });
      assert.deepEqual(await keys(later.instanceId), []);
      await restart();
      const r = await engine.setVariables(later.instanceId, { amount: 150 });
      assert.deepEqual(r.tasks.map((t) => t.taskDefinitionKey), ['big']);
      assert.deepEqual(await subs(later.instanceId), []);
      assert.ok((await act(later.instanceId, 'c'))[0]!.endTime !== null);
      await assert.rejects(deploy(`<startEvent id="s"/>${flow('s', 'c')}<intermediateCatchEvent id="c"><conditionalEventDefinition/></intermediateCatchEvent>${flow('c', 'e')}<endEvent id="e"/>`),
        /a conditional event without a condition/);
    });

    test('conditional boundary events: interrupting fires when a completion sets the variable; non-interrupting fires on each change to true', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'f')}<parallelGateway id="f"/>${flow('f', 'review')}${flow('f', 'other')}
        <userTask id="review" flowable:assignee="u"/>${flow('review', 'e')}<userTask id="other" flowable:assignee="u"/>${flow('other', 'e')}<endEvent id="e"/>
        <boundaryEvent id="withdrawn" attachedToRef="review">${cond('${withdrawn == true}')}</boundaryEvent>${flow('withdrawn', 'archive')}
        <userTask id="archive" flowable:assignee="clerk"/>${flow('archive', 'e')}
        <boundaryEvent id="urgent" attachedToRef="review" cancelActivity="false">${cond('${priority > 3}')}</boundaryEvent>${flow('urgent', 'alert')}
        <userTask id="alert" flowable:assignee="boss"/>${flow('alert', 'e')}`;
      const r = await start(body, { priority: 1 });
      assert.deepEqual((await subs(r.instanceId)).map((x) => `${x.activityId}:${x.eventName}`).sort(), ['urgent:false', 'withdrawn:false']);
      await engine.setVariables(r.instanceId, { priority: 5 });
      await engine.setVariables(r.instanceId, { priority: 6, note: 'still urgent' });
      assert.deepEqual(await keys(r.instanceId), ['alert', 'other', 'review'], 'fires when it becomes true, not again while it stays true');
      await restart();
      await engine.setVariables(r.instanceId, { priority: 2 });
      await engine.setVariables(r.instanceId, { priority: 4 });
      assert.deepEqual(await keys(r.instanceId), ['alert', 'alert', 'other', 'review'], 'false then true again: fires again (after a restart too)');
      await complete(r.instanceId, 'other', { withdrawn: true });
      assert.deepEqual(await keys(r.instanceId), ['alert', 'alert', 'archive']);
      assert.deepEqual(await taskRows(r.instanceId, 'review'), [{ state: 'cancelled', outcome: 'conditional' }]);
      assert.equal((await act(r.instanceId, 'review'))[0]!.endReason, 'conditional');
      assert.deepEqual(await subs(r.instanceId), [], 'the interrupted task took both boundary events with it');
    });

    test('conditional event sub-processes: non-interrupting runs beside the flow, interrupting ends it; a conditional after an event-based gateway', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'work')}<userTask id="work" flowable:assignee="u"/>${flow('work', 'g')}
        <eventBasedGateway id="g"/>${flow('g', 'ok')}${flow('g', 'slow')}
        <intermediateCatchEvent id="ok">${cond('${approved}')}</intermediateCatchEvent>${flow('ok', 'e')}
        <intermediateCatchEvent id="slow"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>${flow('slow', 'e')}<endEvent id="e"/>
        <subProcess id="watch" triggeredByEvent="true">
          <startEvent id="ws" isInterrupting="false">${cond('${risk >= 5}')}</startEvent>${flow('ws', 'audit')}
          <userTask id="audit" flowable:assignee="auditor"/>${flow('audit', 'we')}<endEvent id="we"/>
        </subProcess>
        <subProcess id="stop" triggeredByEvent="true">
          <startEvent id="xs">${cond('${abort == true}')}</startEvent>${flow('xs', 'xe')}<endEvent id="xe"/>
        </subProcess>`;
      const key = await deploy(body);
      const a = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { risk: 7 } });
      assert.deepEqual(a.tasks.map((t) => t.taskDefinitionKey).sort(), ['audit', 'work'], 'true when armed: fires at the start');
      await complete(a.instanceId, 'audit');
      await complete(a.instanceId, 'work', { approved: false });
      assert.deepEqual((await subs(a.instanceId)).map((x) => x.activityId).sort(), ['ok', 'ws', 'xs']);
      await restart();
      await engine.setVariables(a.instanceId, { approved: true });
      assert.equal(await engine.instanceStatus(a.instanceId), 'finished');
      assert.deepEqual(await timers(a.instanceId), [], 'the gateway disarmed its timer');
      assert.deepEqual(await subs(a.instanceId), []);

      const b = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { risk: 1 } });
      await engine.setVariables(b.instanceId, { risk: 9 });
      assert.deepEqual(await keys(b.instanceId), ['audit', 'work']);
      await engine.setVariables(b.instanceId, { abort: true });
      assert.equal(await engine.instanceStatus(b.instanceId), 'finished');
      assert.deepEqual((await taskRows(b.instanceId, 'work'))[0], { state: 'cancelled', outcome: 'conditional' });
      assert.deepEqual((await taskRows(b.instanceId, 'audit'))[0], { state: 'cancelled', outcome: 'conditional' });
      assert.deepEqual((await act(b.instanceId, 'stop')).map((x) => x.activityType), ['eventSubProcess']);
      await assert.rejects(engine.setVariables(b.instanceId, { abort: false }), /not running|已结束|ended/i);
    });

    // ---- listeners of activities that end without completing --------------------------------------

    const listened = (id: string, extra = '') => `<extensionElements>
        <flowable:taskListener event="create" class="log"/><flowable:taskListener event="complete" class="log"/><flowable:taskListener event="delete" class="log"/>
        <flowable:executionListener event="end" class="log"/>${extra}</extensionElements>`;
    const take = () => calls.splice(0).filter((c) => !c.endsWith(':create'));

    test('task delete and execution end listeners run for tasks cancelled by a boundary event, an event sub-process, a completion condition and terminate', async () => {
      const extra = `<message id="m1" name="stopA"/><message id="m2" name="abortAll"/>`;
      const body = `<startEvent id="s"/>${flow('s', 'f')}<parallelGateway id="f"/>${flow('f', 'a')}${flow('f', 'm')}
        <userTask id="a" flowable:assignee="u">${listened('a')}</userTask>${flow('a', 'e')}
        <userTask id="m" flowable:assignee="\${who}">${listened('m')}
          <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="people" flowable:elementVariable="who">
            <completionCondition>\${nrOfCompletedInstances >= 1}</completionCondition></multiInstanceLoopCharacteristics></userTask>${flow('m', 'e')}
        <endEvent id="e"/>
        <boundaryEvent id="stop" attachedToRef="a"><messageEventDefinition messageRef="m1"/></boundaryEvent>${flow('stop', 'e')}
        <subProcess id="abort" triggeredByEvent="true"><startEvent id="as"><messageEventDefinition messageRef="m2"/></startEvent>${flow('as', 'ae')}<endEvent id="ae"/></subProcess>`;
      const key = await deploy(body, extra);
      const people = ['p1', 'p2', 'p3'];
      const r1 = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { people }, businessKey: 'l-1' });
      calls.length = 0;
      const p1 = (await openTasks(r1.instanceId)).find((t) => t.assignee === 'p1')!;
      await engine.completeTask(p1.id, 'p1');
      assert.deepEqual(take(), ['m:complete', 'm:delete', 'm:delete', 'm:end'], 'the completion condition cancels the other signers (delete), the activity ends once');
      await engine.correlateMessage('stopA', { tenantId, businessKey: 'l-1' });
      assert.deepEqual(take(), ['a:delete', 'a:end'], 'an interrupting boundary event');
      assert.equal(await engine.instanceStatus(r1.instanceId), 'finished');

      const r2 = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { people }, businessKey: 'l-2' });
      calls.length = 0;
      await restart();
      await engine.correlateMessage('abortAll', { tenantId, businessKey: 'l-2' });
      assert.deepEqual(take().sort(), ['a:delete', 'a:end', 'm:delete', 'm:delete', 'm:delete', 'm:end'], 'an interrupting event sub-process');
      assert.equal(await engine.instanceStatus(r2.instanceId), 'finished');

      const r3 = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { people } });
      calls.length = 0;
      const a = (await openTasks(r3.instanceId)).find((t) => t.taskDefKey === 'a')!;
      await engine.terminateProcess({ taskId: a.id }, 'u');
      assert.deepEqual(take().sort(), ['a:delete', 'a:end', 'm:delete', 'm:delete', 'm:delete', 'm:end'], 'terminate by the handler: no complete listener');
      assert.deepEqual(await taskRows(r3.instanceId, 'a'), [{ state: 'completed', outcome: 'terminate' }], 'the handler still has it in the done list');
      assert.deepEqual((await act(r3.instanceId, 'a')).map((x) => x.endReason), ['terminated']);

      const r4 = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables: { people } });
      calls.length = 0;
      await engine.deleteProcess(r4.instanceId, 'admin');
      assert.deepEqual(take().sort(), ['a:delete', 'a:end', 'm:delete', 'm:delete', 'm:delete', 'm:end'], 'delete process');
    });

    test('task delete and execution end listeners on rollback, withdraw and revoke; a normal completion runs complete and end only', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'first')}<userTask id="first" flowable:assignee="u1">${listened('first')}</userTask>${flow('first', 'second')}
        <userTask id="second" flowable:assignee="u2">${listened('second')}</userTask>${flow('second', 'e')}<endEvent id="e"/>`;
      const key = await deploy(body);
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
      calls.length = 0;
      await complete(r.instanceId, 'first');
      assert.deepEqual(take(), ['first:complete', 'first:end']);
      const second = (await openTasks(r.instanceId))[0]!;
      await engine.rollbackTask(second.id, 'u2', { nodeId: 'first' });
      assert.deepEqual(take(), ['second:delete', 'second:end'], 'rollback: the task ends without completing');
      const first = (await openTasks(r.instanceId))[0]!;
      await engine.completeTask(first.id, 'u1');
      calls.length = 0;
      await engine.withdrawTask(first.id, 'u1');
      assert.deepEqual(take(), ['second:delete', 'second:end'], 'withdraw cancels the task it created');
      await complete(r.instanceId, 'first');
      calls.length = 0;
      await engine.revokeSubmission(r.instanceId, 'alice', 'wf_withdraw_end');
      assert.deepEqual(take(), ['second:delete', 'second:end'], 'revoke by the owner');
      assert.deepEqual((await taskRows(r.instanceId, 'second')).map((t) => t.state), ['completed', 'cancelled', 'cancelled']);
    });

    // ---- compensation inside completed sub-processes ---------------------------------------------

    const undoable = (id: string, body: string) => `${body}<boundaryEvent id="c_${id}" attachedToRef="${id}"><compensateEventDefinition/></boundaryEvent>
      <serviceTask id="undo_${id}" isForCompensation="true" flowable:class="undo"/><association associationDirection="One" sourceRef="c_${id}" targetRef="undo_${id}"/>`;

    test('compensation after a completed sub-process without a handler undoes the activities inside it, newest completion first, nested sub-processes too', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'booking')}
        <subProcess id="booking">
          <startEvent id="bs"/>${flow('bs', 'f')}<parallelGateway id="f"/>${flow('f', 'hotel')}${flow('f', 'flight')}
          ${undoable('hotel', '<userTask id="hotel" flowable:assignee="u"/>')}${undoable('flight', '<userTask id="flight" flowable:assignee="u"/>')}
          ${flow('hotel', 'j')}${flow('flight', 'j')}<parallelGateway id="j"/>${flow('j', 'extras')}
          <subProcess id="extras"><startEvent id="xs"/>${flow('xs', 'car')}${undoable('car', '<manualTask id="car"/>')}${flow('car', 'xe')}<endEvent id="xe"/></subProcess>
          ${flow('extras', 'be')}<endEvent id="be"/>
        </subProcess>${flow('booking', 'confirm')}
        <userTask id="confirm" flowable:assignee="u"/>${flow('confirm', 'undo')}
        <intermediateThrowEvent id="undo"><compensateEventDefinition/></intermediateThrowEvent>${flow('undo', 'e')}<endEvent id="e"/>`;
      const r = await start(body);
      clock.advance(MIN);
      await complete(r.instanceId, 'flight'); // flight completes first, hotel after it (started the other way round)
      clock.advance(MIN);
      await complete(r.instanceId, 'hotel');
      assert.deepEqual(await keys(r.instanceId), ['confirm']);
      await restart();
      calls.length = 0;
      clock.advance(MIN);
      await complete(r.instanceId, 'confirm');
      assert.deepEqual(calls, ['undo:undo_car', 'undo:undo_hotel', 'undo:undo_flight']);
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
      const undone = (await acts(r.instanceId)).filter((a) => a.endReason === 'compensated').map((a) => a.activityId).sort();
      assert.deepEqual(undone, ['booking', 'car', 'extras', 'flight', 'hotel']);
      assert.deepEqual((await act(r.instanceId, 'undo_car')).map((a) => a.activityType), ['serviceTask'], 'the handlers are in the history');
    });

    test('compensation: a sub-process with its own handler is undone by it alone; activityRef names a completed sub-process', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'insured')}
        ${undoable('insured', `<subProcess id="insured"><startEvent id="is"/>${flow('is', 'inner')}${undoable('inner', '<manualTask id="inner"/>')}${flow('inner', 'ie')}<endEvent id="ie"/></subProcess>`)}
        ${flow('insured', 'plain')}
        <subProcess id="plain"><startEvent id="ps"/>${flow('ps', 'step')}${undoable('step', '<manualTask id="step"/>')}${flow('step', 'pe')}<endEvent id="pe"/></subProcess>
        ${flow('plain', 'wait')}<userTask id="wait" flowable:assignee="u"/>${flow('wait', 'undo')}
        <intermediateThrowEvent id="undo"><compensateEventDefinition activityRef="REF"/></intermediateThrowEvent>${flow('undo', 'e')}<endEvent id="e"/>`;
      const all = await start(body.replace(' activityRef="REF"', ''));
      calls.length = 0;
      await complete(all.instanceId, 'wait');
      assert.deepEqual(calls, ['undo:undo_step', 'undo:undo_insured'], 'the inner activity of insured is not undone: its handler covers it');
      const one = await start(body.replace('REF', 'plain'));
      calls.length = 0;
      await complete(one.instanceId, 'wait');
      assert.deepEqual(calls, ['undo:undo_step']);
    });
  });
}
