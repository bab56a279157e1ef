// Events of BPMN beyond the basics: message and signal starts, message/signal boundary events,
// event-based gateways, throw events, errors and escalations, listeners and the event outbox. On
// PGlite and on PostgreSQL; the waiting ones also across a restart (the database closed and opened).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BpmnError, type EngineEvent, type WorkflowEngine } from './engine.ts';
import { bpmn, flow, kinds, newEngine, openTestDb, TestClock, uniqueKey, type TestDb } from './testing.ts';

const tenantId = '000000';
const MIN = 60_000;

for (const kind of await kinds()) {
  describe(`engine events [${kind}]`, () => {
    let db: TestDb;
    let engine: WorkflowEngine;
    const clock = new TestClock();
    const calls: string[] = [];
    const opts = () => ({
      handlers: {
        charge: ({ variables }: { variables: Record<string, unknown> }) => {
          if (Number(variables.amount) > 100) throw new BpmnError('TOO_MUCH', `amount ${String(variables.amount)}`);
          return { charged: true };
        },
        notifyPartner: ({ name }: { name: string }) => { calls.push(`handler:${name}`); },
      },
      listeners: {
        audit: (ctx: { event: string; activityId: string; setVariable: (n: string, v: unknown) => void }) => {
          calls.push(`${ctx.activityId}:${ctx.event}`);
          ctx.setVariable(`seen_${ctx.activityId}_${ctx.event}`, true);
        },
        pickBoss: (ctx: { setAssignee: (u: string | null) => void; variables: Record<string, unknown> }) => { ctx.setAssignee(String(ctx.variables.boss)); },
        onAssign: (ctx: { task?: { assignee: string | null } }) => { calls.push(`assigned:${ctx.task?.assignee}`); },
      },
    });
    before(async () => {
      db = await openTestDb(kind);
      engine = newEngine(db, clock, opts());
    });
    after(async () => db.close());

    const q = () => db.database.db;
    const todo = async (instanceId: string) => (await q().selectFrom('wfTask').selectAll().where('instanceId', '=', instanceId)
      .where('state', '=', 'active').orderBy('id').execute()) as { id: string; taskDefKey: string; assignee: string | null }[];
    const keys = async (instanceId: string) => (await todo(instanceId)).map((t) => t.taskDefKey).sort();
    const subs = async (instanceId: string) => (await q().selectFrom('wfEventSubscription').select(['eventType', 'eventName', 'activityId'])
      .where('instanceId', '=', instanceId).orderBy('id').execute()) as { eventType: string; eventName: string; activityId: string }[];
    const timers = async (instanceId: string) => (await q().selectFrom('wfTimer').select(['elementId']).where('instanceId', '=', instanceId).execute()).length;
    const deploy = async (body: string, extra = '', key = uniqueKey('p')) => { await engine.deploy(bpmn(key, body, extra), { tenantId }); return key; };
    const start = async (body: string, variables: Record<string, unknown> = {}, extra = '', businessKey?: string) => {
      const key = await deploy(body, extra);
      return engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice', variables, businessKey });
    };
    const complete = async (instanceId: string, key: string, user = 'u', variables?: Record<string, unknown>) => {
      const t = (await todo(instanceId)).find((x) => x.taskDefKey === key);
      assert.ok(t, `a task ${key} is open`);
      return engine.completeTask(t.id, t.assignee ?? user, { variables });
    };
    /** closes and opens the database (a restart) and builds a new engine on it */
    const restart = async () => { await db.reopen(); engine = newEngine(db, clock, opts()); };

    test('message start event: startByMessage, correlateMessage falls back to it, one process per message name', async () => {
      const name = uniqueKey('applyMsg');
      const key = await deploy(`<startEvent id="ms"><messageEventDefinition messageRef="m"/></startEvent>${flow('ms', 't')}
        <userTask id="t" flowable:assignee="\${applicant}"/>${flow('t', 'e')}<endEvent id="e"/>`, `<message id="m" name="${name}"/>`);
      const r = await engine.startByMessage(name, { tenantId, businessKey: 'form-1', variables: { applicant: 'bob' } });
      assert.deepEqual(r.tasks.map((t) => t.assignee), ['bob']);
      const hist = await engine.history(r.instanceId);
      assert.equal(hist[0]!.historyActivityId, 'ms', 'the instance began at the message start event');
      assert.equal(await engine.correlateMessage(name, { tenantId, businessKey: 'form-2', variables: { applicant: 'carl' } }), 1);
      assert.equal((await engine.todoList({ tenantId, userId: 'carl' })).total, 1);
      await assert.rejects(engine.startByMessage('nobodyListens', { tenantId }), /No process starts with the message nobodyListens/);
      await assert.rejects(deploy(`<startEvent id="ms"><messageEventDefinition messageRef="m"/></startEvent>${flow('ms', 'e')}<endEvent id="e"/>`, `<message id="m" name="${name}"/>`),
        new RegExp(`the message ${name} already starts the process ${key}`));
      // a new version of the same key takes the message over
      await engine.deploy(bpmn(key, `<startEvent id="ms2"><messageEventDefinition messageRef="m"/></startEvent>${flow('ms2', 'e')}<endEvent id="e"/>`, `<message id="m" name="${name}"/>`), { tenantId });
      assert.equal((await engine.startByMessage(name, { tenantId })).status, 'finished');
    });

    test('signal start events: a signal starts every process listening and moves waiting catches', async () => {
      const sig = uniqueKey('hired');
      const extra = `<signal id="s1" name="${sig}"/>`;
      const a = await deploy(`<startEvent id="ss"><signalEventDefinition signalRef="s1"/></startEvent>${flow('ss', 't')}<userTask id="t" flowable:assignee="hr"/>${flow('t', 'e')}<endEvent id="e"/>`, extra);
      const b = await deploy(`<startEvent id="ss"><signalEventDefinition signalRef="s1"/></startEvent>${flow('ss', 't')}<userTask id="t" flowable:assignee="it"/>${flow('t', 'e')}<endEvent id="e"/>`, extra);
      const waiting = await start(`<startEvent id="s"/>${flow('s', 'w')}<intermediateCatchEvent id="w"><signalEventDefinition signalRef="s1"/></intermediateCatchEvent>${flow('w', 't')}
        <userTask id="t" flowable:assignee="boss"/>${flow('t', 'e')}<endEvent id="e"/>`, {}, extra);
      assert.equal(await engine.sendSignal(sig, { tenantId }), 3);
      const started = (await q().selectFrom('wfInstance').select(['definitionKey']).where('definitionKey', 'in', [a, b]).execute()).map((r) => r.definitionKey).sort();
      assert.deepEqual(started, [a, b].sort());
      assert.deepEqual(await keys(waiting.instanceId), ['t']);
    });

    test('message boundary on a user task: interrupting moves on, non-interrupting keeps the task; both disarm when the task ends', async () => {
      const extra = `<message id="m1" name="cancelOrder"/><message id="m2" name="remindOrder"/>`;
      const body = `<startEvent id="s"/>${flow('s', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'e')}<endEvent id="e"/>
        <boundaryEvent id="cancel" attachedToRef="t"><messageEventDefinition messageRef="m1"/></boundaryEvent>${flow('cancel', 'undo')}<userTask id="undo" flowable:assignee="clerk"/>${flow('undo', 'e2')}<endEvent id="e2"/>
        <boundaryEvent id="remind" attachedToRef="t" cancelActivity="false"><messageEventDefinition messageRef="m2"/></boundaryEvent>${flow('remind', 'note')}<userTask id="note" flowable:assignee="boss"/>${flow('note', 'e3')}<endEvent id="e3"/>`;
      const r = await start(body, {}, extra, 'order-7');
      assert.deepEqual((await subs(r.instanceId)).map((x) => x.eventName).sort(), ['cancelOrder', 'remindOrder']);
      assert.equal(await engine.correlateMessage('remindOrder', { tenantId, businessKey: 'order-7' }), 1);
      assert.equal(await engine.correlateMessage('remindOrder', { tenantId, businessKey: 'order-7' }), 1);
      assert.deepEqual(await keys(r.instanceId), ['note', 'note', 't'], 'a non-interrupting boundary fires each time, the task stays');
      assert.equal(await engine.correlateMessage('cancelOrder', { tenantId, businessKey: 'order-7' }), 1);
      assert.deepEqual(await keys(r.instanceId), ['note', 'note', 'undo']);
      assert.deepEqual(await subs(r.instanceId), [], 'the interrupted task took its remaining boundary with it');
      const cancelled = (await q().selectFrom('wfTask').select(['state', 'outcome']).where('instanceId', '=', r.instanceId).where('taskDefKey', '=', 't').executeTakeFirst())!;
      assert.deepEqual(cancelled, { state: 'cancelled', outcome: 'message' });

      const done = await start(body, {}, extra, 'order-8');
      await complete(done.instanceId, 't');
      assert.deepEqual(await subs(done.instanceId), [], 'completing the task disarms its boundary events');
      assert.equal(await engine.correlateMessage('cancelOrder', { tenantId, businessKey: 'order-8' }), 0);
    });

    test('signal boundary on a sub-process interrupts it; restart while the boundary waits', async () => {
      const sig = uniqueKey('recall');
      const r = await start(`<startEvent id="s"/>${flow('s', 'sp')}<subProcess id="sp"><startEvent id="ss"/>${flow('ss', 'f')}<parallelGateway id="f"/>${flow('f', 'a')}${flow('f', 'b')}
          <userTask id="a" flowable:assignee="u"/><userTask id="b" flowable:assignee="u"/>${flow('a', 'j')}${flow('b', 'j')}<parallelGateway id="j"/>${flow('j', 'se')}<endEvent id="se"/></subProcess>
        ${flow('sp', 'e')}<endEvent id="e"/>
        <boundaryEvent id="stop" attachedToRef="sp"><signalEventDefinition signalRef="sg"/></boundaryEvent>${flow('stop', 'review')}<userTask id="review" flowable:assignee="boss"/>${flow('review', 'e')}`,
      {}, `<signal id="sg" name="${sig}"/>`);
      await complete(r.instanceId, 'a');
      await restart();
      assert.equal(await engine.sendSignal(sig, { tenantId }), 1);
      assert.deepEqual(await keys(r.instanceId), ['review']);
      const execs = await q().selectFrom('wfExecution').select(['activityId']).where('instanceId', '=', r.instanceId).execute();
      assert.equal(execs.filter((e) => e.activityId === 'j' || e.activityId === 'b').length, 0, 'the parked join token and branch b are gone');
      await complete(r.instanceId, 'review');
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
    });

    test('event-based gateway: the first event wins and disarms the others (message, timer, restart in between)', async () => {
      const body = `<startEvent id="s"/>${flow('s', 'g')}<eventBasedGateway id="g"/>${flow('g', 'paid')}${flow('g', 'late')}${flow('g', 'rt')}
        <intermediateCatchEvent id="paid"><messageEventDefinition messageRef="pm"/></intermediateCatchEvent>${flow('paid', 'ship')}<userTask id="ship" flowable:assignee="store"/>${flow('ship', 'e')}
        <intermediateCatchEvent id="late"><timerEventDefinition><timeDuration>PT30M</timeDuration></timerEventDefinition></intermediateCatchEvent>${flow('late', 'chase')}<userTask id="chase" flowable:assignee="sales"/>${flow('chase', 'e')}
        <receiveTask id="rt" messageRef="cm"/>${flow('rt', 'e')}<endEvent id="e"/>`;
      const extra = `<message id="pm" name="paymentIn"/><message id="cm" name="orderCancelled"/>`;
      const m = await start(body, {}, extra, 'ord-1');
      assert.equal(m.tasks.length, 0);
      assert.deepEqual((await subs(m.instanceId)).map((x) => x.activityId).sort(), ['paid', 'rt']);
      assert.equal(await timers(m.instanceId), 1);
      assert.equal(await engine.correlateMessage('paymentIn', { tenantId, businessKey: 'ord-1' }), 1);
      assert.deepEqual(await keys(m.instanceId), ['ship']);
      assert.deepEqual(await subs(m.instanceId), []);
      assert.equal(await timers(m.instanceId), 0);
      const flows = (await engine.history(m.instanceId, true)).map((h) => h.historyActivityId);
      assert.ok(flows.includes('f_g_paid') && !flows.includes('late'), 'the history shows the path taken');

      const t = await start(body, {}, extra, 'ord-2');
      await restart();
      assert.equal(await engine.fireDueTimers(new Date(clock.now.getTime() + 29 * MIN)), 0);
      assert.equal(await engine.fireDueTimers(new Date(clock.now.getTime() + 31 * MIN)), 1);
      assert.deepEqual(await keys(t.instanceId), ['chase']);
      assert.deepEqual(await subs(t.instanceId), []);
      assert.equal(await engine.correlateMessage('paymentIn', { tenantId, businessKey: 'ord-2' }), 0, 'the losing message finds nobody');

      const c = await start(body, {}, extra, 'ord-3');
      assert.equal(await engine.correlateMessage('orderCancelled', { tenantId, businessKey: 'ord-3' }), 1);
      assert.equal(await engine.instanceStatus(c.instanceId), 'finished');
      await assert.rejects(deploy(`<startEvent id="s"/>${flow('s', 'g')}<eventBasedGateway id="g"/>${flow('g', 't')}<userTask id="t"/>${flow('t', 'e')}<endEvent id="e"/>`),
        /event-based gateway may only lead to/);
    });

    test('error end event in a sub-process: the matching boundary wins over a catch-all; uncaught errors fail the action', async () => {
      const extra = `<error id="errLimit" errorCode="LIMIT"/><error id="errOther" errorCode="OTHER"/>`;
      const body = `<startEvent id="s"/>${flow('s', 'sp')}<subProcess id="sp"><startEvent id="ss"/>${flow('ss', 'check')}<userTask id="check" flowable:assignee="u"/>${flow('check', 'x')}
          <exclusiveGateway id="x" default="ok"/>${flow('x', 'eLimit', '${code == "LIMIT"}')}${flow('x', 'eOther', '${code == "OTHER"}')}${flow('x', 'eNone', '${code == "NONE"}')}${flow('x', 'se', undefined, 'ok')}
          <endEvent id="eLimit"><errorEventDefinition errorRef="errLimit"/></endEvent><endEvent id="eOther"><errorEventDefinition errorRef="errOther"/></endEvent>
          <endEvent id="eNone"><errorEventDefinition/></endEvent><endEvent id="se"/></subProcess>
        ${flow('sp', 'done')}<userTask id="done" flowable:assignee="u"/>${flow('done', 'e')}<endEvent id="e"/>
        <boundaryEvent id="onLimit" attachedToRef="sp"><errorEventDefinition errorRef="errLimit" camunda:errorCodeVariable="caught" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"/></boundaryEvent>${flow('onLimit', 'raise')}<userTask id="raise" flowable:assignee="cfo"/>${flow('raise', 'e')}
        <boundaryEvent id="onAny" attachedToRef="sp"><errorEventDefinition/></boundaryEvent>${flow('onAny', 'fix')}<userTask id="fix" flowable:assignee="it"/>${flow('fix', 'e')}`;
      const a = await start(body, {}, extra);
      await complete(a.instanceId, 'check', 'u', { code: 'LIMIT' });
      assert.deepEqual(await keys(a.instanceId), ['raise']);
      assert.equal((await engine.getVariables(a.instanceId)).caught, 'LIMIT');
      const b = await start(body, {}, extra);
      await complete(b.instanceId, 'check', 'u', { code: 'OTHER' });
      assert.deepEqual(await keys(b.instanceId), ['fix'], 'no boundary for OTHER: the catch-all takes it');
      const c = await start(body, {}, extra);
      await complete(c.instanceId, 'check', 'u', { code: 'NONE' });
      assert.deepEqual(await keys(c.instanceId), ['fix']);

      // the same error end at process level: nothing catches it, the action fails and changes nothing
      const u = await start(`<startEvent id="s"/>${flow('s', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'boom')}<endEvent id="boom"><errorEventDefinition errorRef="errLimit"/></endEvent>`, {}, extra);
      await assert.rejects(complete(u.instanceId, 't'), /threw the error LIMIT at node boom, and no error boundary event catches it/);
      assert.deepEqual(await keys(u.instanceId), ['t']);
      assert.equal(await engine.instanceStatus(u.instanceId), 'running');
    });

    test('BPMN errors from a service handler and a script task go to the boundary on the task', async () => {
      const extra = `<error id="tooMuch" errorCode="TOO_MUCH"/><error id="bad" errorCode="BAD_INPUT"/>`;
      const body = `<startEvent id="s"/>${flow('s', 'pay')}<serviceTask id="pay" flowable:class="charge"/>${flow('pay', 'scr')}
        <scriptTask id="scr" scriptFormat="javascript"><script>if (!customer) throw new BpmnError('BAD_INPUT', 'no customer'); 'ok'</script></scriptTask>${flow('scr', 'e')}<endEvent id="e"/>
        <boundaryEvent id="payErr" attachedToRef="pay"><errorEventDefinition errorRef="tooMuch" camunda:errorMessageVariable="why" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"/></boundaryEvent>${flow('payErr', 'approve')}<userTask id="approve" flowable:assignee="cfo"/>${flow('approve', 'e')}
        <boundaryEvent id="scrErr" attachedToRef="scr"><errorEventDefinition errorRef="bad"/></boundaryEvent>${flow('scrErr', 'ask')}<userTask id="ask" flowable:assignee="clerk"/>${flow('ask', 'e')}`;
      const big = await start(body, { amount: 500, customer: 'c' }, extra);
      assert.deepEqual(big.tasks.map((t) => t.taskDefinitionKey), ['approve']);
      assert.equal((await engine.getVariables(big.instanceId)).why, 'amount 500');
      const noCustomer = await start(body, { amount: 5, customer: '' }, extra);
      assert.deepEqual(noCustomer.tasks.map((t) => t.taskDefinitionKey), ['ask']);
      assert.equal((await engine.getVariables(noCustomer.instanceId)).charged, true);
      const fine = await start(body, { amount: 5, customer: 'c' }, extra);
      assert.equal(fine.status, 'finished');
      // a script error that is not a BPMN error stays a failure of the action
      await assert.rejects(start(`<startEvent id="s"/>${flow('s', 'scr')}<scriptTask id="scr" scriptFormat="javascript"><script>throw new Error('plain')</script></scriptTask>${flow('scr', 'e')}<endEvent id="e"/>
        <boundaryEvent id="b" attachedToRef="scr"><errorEventDefinition/></boundaryEvent>${flow('b', 'e')}<endEvent id="e"/>`), /script failed: plain/);
    });

    test('an error end event of a called process is caught on the call activity', async () => {
      const sub = uniqueKey('sub');
      await engine.deploy(bpmn(sub, `<startEvent id="s"/>${flow('s', 'work')}<userTask id="work" flowable:assignee="w"/>${flow('work', 'x')}<exclusiveGateway id="x"/>
        ${flow('x', 'fail', '${!ok}')}${flow('x', 'e', '${ok}')}<endEvent id="fail"><errorEventDefinition errorRef="E"/></endEvent><endEvent id="e"/>`, `<error id="E" errorCode="SUB_FAILED"/>`), { tenantId });
      const body = `<startEvent id="s"/>${flow('s', 'call')}<callActivity id="call" calledElement="${sub}"/>${flow('call', 'after')}<userTask id="after" flowable:assignee="u"/>${flow('after', 'e')}<endEvent id="e"/>
        <boundaryEvent id="failed" attachedToRef="call"><errorEventDefinition errorRef="E"/></boundaryEvent>${flow('failed', 'repair')}<userTask id="repair" flowable:assignee="u"/>${flow('repair', 'e')}`;
      const r = await start(body, {}, `<error id="E" errorCode="SUB_FAILED"/>`);
      const child = (await q().selectFrom('wfInstance').select(['id']).where('parentId', '=', r.instanceId).executeTakeFirst())!;
      await complete(String(child.id), 'work', 'w', { ok: false });
      assert.deepEqual(await keys(r.instanceId), ['repair']);
      assert.equal(await engine.instanceStatus(String(child.id)), 'terminated');
    });

    test('escalations: non-interrupting keeps the sub-process going, interrupting ends it, an uncaught one is ignored', async () => {
      const extra = `<escalation id="late" escalationCode="LATE"/><escalation id="quit" escalationCode="QUIT"/>`;
      const body = `<startEvent id="s"/>${flow('s', 'sp')}<subProcess id="sp"><startEvent id="ss"/>${flow('ss', 'x')}<exclusiveGateway id="x"/>
          ${flow('x', 'warn', '${mode == "warn"}')}${flow('x', 'stop', '${mode == "stop"}')}${flow('x', 'other', '${mode == "other"}')}
          <intermediateThrowEvent id="warn"><escalationEventDefinition escalationRef="late"/></intermediateThrowEvent>${flow('warn', 'work')}
          <intermediateThrowEvent id="other"><escalationEventDefinition escalationRef="unknownCode"/></intermediateThrowEvent>${flow('other', 'work')}
          <endEvent id="stop"><escalationEventDefinition escalationRef="quit"/></endEvent>
          <userTask id="work" flowable:assignee="u"/>${flow('work', 'se')}<endEvent id="se"/></subProcess>
        ${flow('sp', 'e')}<endEvent id="e"/>
        <boundaryEvent id="onLate" attachedToRef="sp" cancelActivity="false"><escalationEventDefinition escalationRef="late"/></boundaryEvent>${flow('onLate', 'inform')}<userTask id="inform" flowable:assignee="boss"/>${flow('inform', 'e2')}<endEvent id="e2"/>
        <boundaryEvent id="onQuit" attachedToRef="sp"><escalationEventDefinition escalationRef="quit"/></boundaryEvent>${flow('onQuit', 'handle')}<userTask id="handle" flowable:assignee="boss"/>${flow('handle', 'e')}`;
      const w = await start(body, { mode: 'warn' }, extra);
      assert.deepEqual(await keys(w.instanceId), ['inform', 'work']);
      const s = await start(body, { mode: 'stop' }, extra);
      assert.deepEqual(await keys(s.instanceId), ['handle']);
      const o = await start(body, { mode: 'other' }, extra);
      assert.deepEqual(await keys(o.instanceId), ['work'], 'nothing catches it: the token goes on');
    });

    test('throw events: signal to the tenant after commit, signal to the instance only, message to a receiver or a handler', async () => {
      const sig = uniqueKey('go');
      const waiting = await start(`<startEvent id="s"/>${flow('s', 'w')}<intermediateCatchEvent id="w"><signalEventDefinition signalRef="g"/></intermediateCatchEvent>${flow('w', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'e')}<endEvent id="e"/>`,
        {}, `<signal id="g" name="${sig}"/>`);
      const thrower = await start(`<startEvent id="s"/>${flow('s', 'a')}<userTask id="a" flowable:assignee="u"/>${flow('a', 'th')}<intermediateThrowEvent id="th"><signalEventDefinition signalRef="g"/></intermediateThrowEvent>${flow('th', 'e')}<endEvent id="e"/>`,
        {}, `<signal id="g" name="${sig}"/>`);
      await complete(thrower.instanceId, 'a');
      assert.equal(await engine.instanceStatus(thrower.instanceId), 'finished');
      assert.deepEqual(await keys(waiting.instanceId), ['t'], 'the other instance got the signal once the thrower committed');

      // scope="processInstance": a parallel branch of the same instance catches it, in the same action
      const local = await start(`<startEvent id="s"/>${flow('s', 'f')}<parallelGateway id="f"/>${flow('f', 'w')}${flow('f', 'a')}
        <intermediateCatchEvent id="w"><signalEventDefinition signalRef="loc"/></intermediateCatchEvent>${flow('w', 'after')}<userTask id="after" flowable:assignee="u"/>${flow('after', 'e1')}<endEvent id="e1"/>
        <userTask id="a" flowable:assignee="u"/>${flow('a', 'th')}<intermediateThrowEvent id="th"><signalEventDefinition signalRef="loc"/></intermediateThrowEvent>${flow('th', 'e2')}<endEvent id="e2"/>`,
      {}, `<signal id="loc" name="${sig}_local" flowable:scope="processInstance"/>`);
      const other = await start(`<startEvent id="s"/>${flow('s', 'w')}<intermediateCatchEvent id="w"><signalEventDefinition signalRef="loc"/></intermediateCatchEvent>${flow('w', 'e')}<endEvent id="e"/>`,
        {}, `<signal id="loc" name="${sig}_local"/>`);
      const r = await complete(local.instanceId, 'a');
      assert.deepEqual(r.tasks.map((t) => t.taskDefinitionKey), ['after']);
      assert.equal(await engine.instanceStatus(other.instanceId), 'running', 'an instance-scoped signal stays in its instance');

      // a message end event without a handler reaches the receive task waiting under the same business key
      const msg = uniqueKey('reply');
      const receiver = await start(`<startEvent id="s"/>${flow('s', 'rt')}<receiveTask id="rt" messageRef="m"/>${flow('rt', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'e')}<endEvent id="e"/>`,
        {}, `<message id="m" name="${msg}"/>`, 'case-9');
      const sender = await start(`<startEvent id="s"/>${flow('s', 'a')}<userTask id="a" flowable:assignee="u"/>${flow('a', 'me')}<endEvent id="me"><messageEventDefinition messageRef="m"/></endEvent>`,
        {}, `<message id="m" name="${msg}"/>`, 'case-9');
      await complete(sender.instanceId, 'a');
      assert.deepEqual(await keys(receiver.instanceId), ['t']);
      // with a handler (Camunda style) the handler sends it
      calls.length = 0;
      const viaHandler = await start(`<startEvent id="s"/>${flow('s', 'th')}<intermediateThrowEvent id="th"><messageEventDefinition messageRef="m" flowable:class="notifyPartner"/></intermediateThrowEvent>${flow('th', 'e')}<endEvent id="e"/>`,
        {}, `<message id="m" name="${msg}_partner"/>`);
      assert.equal(viaHandler.status, 'finished');
      assert.deepEqual(calls, ['handler:notifyPartner']);
    });

    test('execution listeners (start, end, take) and task listeners (create, assignment, complete)', async () => {
      calls.length = 0;
      const r = await start(`<extensionElements><flowable:executionListener event="start" class="audit"/><flowable:executionListener event="end" delegateExpression="\${audit}"/></extensionElements>
        <startEvent id="s"/><sequenceFlow id="go" sourceRef="s" targetRef="t"><extensionElements><flowable:executionListener event="take" class="audit"/></extensionElements></sequenceFlow>
        <userTask id="t" flowable:candidateGroups="mgr"><extensionElements>
          <flowable:executionListener event="start" class="audit"/><flowable:executionListener event="end" class="audit"/>
          <flowable:taskListener event="create" class="pickBoss"/><flowable:taskListener event="assignment" class="onAssign"/>
          <flowable:taskListener event="complete" class="org.flowable.engine.impl.bpmn.listener.ScriptTaskListener"><flowable:field name="script"><flowable:string><![CDATA[task.setVariable('closedBy', task.getAssignee() + '@' + task.getEventName())]]></flowable:string></flowable:field><flowable:field name="language" stringValue="javascript"/></flowable:taskListener>
        </extensionElements></userTask>${flow('t', 'e')}<endEvent id="e"/>`, { boss: 'zoe' });
      assert.equal(r.tasks[0]!.assignee, 'zoe', 'the create listener chose the assignee');
      assert.deepEqual(calls, [`${r.tasks[0]!.processDefinitionKey}:start`, 'go:take', 't:start', 'assigned:zoe']);
      await engine.transferTask(r.tasks[0]!.taskId, 'zoe', 'yan');
      assert.equal(calls.at(-1), 'assigned:yan');
      await engine.completeTask(r.tasks[0]!.taskId, 'yan');
      assert.equal(calls.at(-2), 't:end');
      assert.equal(calls.at(-1), `${r.tasks[0]!.processDefinitionKey}:end`);
      const vars = await engine.getVariables(r.instanceId);
      assert.equal(vars.closedBy, 'yan@complete');
      assert.equal(vars.seen_go_take, true, 'what a listener sets becomes a process variable');
      // an expression listener is evaluated; a missing variable or an unknown class is a clear error
      await assert.rejects(start(`<startEvent id="s"><extensionElements><flowable:executionListener event="end" expression="\${missing + 1}"/></extensionElements></startEvent>${flow('s', 'e')}<endEvent id="e"/>`),
        /An expression failed \(s end listener\)/);
      await assert.rejects(start(`<startEvent id="s"><extensionElements><flowable:executionListener event="start" class="com.acme.Missing"/></extensionElements></startEvent>${flow('s', 'e')}<endEvent id="e"/>`),
        /No handler is registered for the listener: com.acme.Missing/);
      await assert.rejects(deploy(`<startEvent id="s"><extensionElements><flowable:executionListener event="start"/></extensionElements></startEvent>${flow('s', 'e')}<endEvent id="e"/>`),
        /listener without class, expression, delegateExpression or script/);
    });

    test('Camunda script task listeners (invoice sample shape): claim records the approver, the next round goes to them', async () => {
      // a Camunda Modeler file (its own namespace only), like invoice.v2.bpmn
      const key = uniqueKey('camunda');
      const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="test">
  <bpmn:process id="${key}" isExecutable="true">
    <bpmn:startEvent id="s"/><bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="approve"/>
    <bpmn:userTask id="approve" camunda:candidateGroups="accounting"><bpmn:extensionElements>
      <camunda:taskListener event="create"><camunda:script scriptFormat="javascript">if(!!task.getVariable('approver')) { task.setAssignee(approver); }</camunda:script></camunda:taskListener>
      <camunda:taskListener event="assignment"><camunda:script scriptFormat="javascript">task.setVariable('approver', task.getAssignee());</camunda:script></camunda:taskListener>
    </bpmn:extensionElements></bpmn:userTask>
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="x"/><bpmn:exclusiveGateway id="x"/>
    <bpmn:sequenceFlow id="again" sourceRef="x" targetRef="approve"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!approved}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f3" sourceRef="x" targetRef="e"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${approved}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:endEvent id="e"/>
  </bpmn:process>
</bpmn:definitions>`;
      await engine.deploy(xml, { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: key, initiator: 'alice' });
      assert.equal(r.tasks[0]!.assignee, null);
      await engine.claimTask(r.tasks[0]!.taskId, 'acc1', ['accounting']);
      assert.equal((await engine.getVariables(r.instanceId)).approver, 'acc1');
      const next = await engine.completeTask(r.tasks[0]!.taskId, 'acc1', { variables: { approved: false } });
      assert.equal(next.tasks[0]!.assignee, 'acc1', 'the create listener gave the new round to the approver');
      await engine.completeTask(next.tasks[0]!.taskId, 'acc1', { variables: { approved: true } });
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
    });

    test('compensation: a compensate throw undoes the completed activities of its scope, newest first, each once', async () => {
      calls.length = 0;
      const body = `<startEvent id="s"/>${flow('s', 'hotel')}<serviceTask id="hotel" flowable:class="notifyPartner"/>${flow('hotel', 'flight')}
        <scriptTask id="flight" scriptFormat="javascript"><script>execution.setVariable('flightBooked', true)</script></scriptTask>${flow('flight', 'confirm')}
        <userTask id="confirm" flowable:assignee="u"/>${flow('confirm', 'x')}<exclusiveGateway id="x"/>${flow('x', 'e', '${ok}')}${flow('x', 'undo', '${!ok}')}
        <intermediateThrowEvent id="undo"><compensateEventDefinition/></intermediateThrowEvent>${flow('undo', 'cancelled')}<endEvent id="cancelled"/><endEvent id="e"/>
        <boundaryEvent id="cHotel" attachedToRef="hotel"><compensateEventDefinition/></boundaryEvent>
        <task id="cancelHotel" isForCompensation="true"><extensionElements><flowable:executionListener event="start" class="audit"/><flowable:executionListener event="end" class="audit"/></extensionElements></task>
        <boundaryEvent id="cFlight" attachedToRef="flight"><compensateEventDefinition/></boundaryEvent>
        <scriptTask id="cancelFlight" isForCompensation="true" scriptFormat="javascript"><script>execution.setVariable('flightBooked', false)</script></scriptTask>
        <association id="a1" associationDirection="One" sourceRef="cHotel" targetRef="cancelHotel"/>
        <association id="a2" associationDirection="One" sourceRef="cFlight" targetRef="cancelFlight"/>`;
      const r = await start(body);
      assert.equal((await engine.getVariables(r.instanceId)).flightBooked, true);
      calls.length = 0;
      await complete(r.instanceId, 'confirm', 'u', { ok: false });
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
      const hist = (await engine.history(r.instanceId)).map((h) => h.historyActivityId);
      assert.ok(hist.indexOf('cancelFlight') < hist.indexOf('cancelHotel'), 'the newest activity is undone first');
      assert.deepEqual(calls, ['cancelHotel:start', 'cancelHotel:end'], 'the hotel handler ran once');
      assert.equal((await engine.getVariables(r.instanceId)).flightBooked, false);
      const undone = (await q().selectFrom('wfActivity').select(['activityId']).where('instanceId', '=', r.instanceId).where('endReason', '=', 'compensated').execute()).map((a) => a.activityId).sort();
      assert.deepEqual(undone, ['flight', 'hotel']);
      // activityRef: only that activity is undone
      const one = await start(body.replace('<intermediateThrowEvent id="undo"><compensateEventDefinition/>', '<intermediateThrowEvent id="undo"><compensateEventDefinition activityRef="hotel"/>'));
      await complete(one.instanceId, 'confirm', 'u', { ok: false });
      assert.equal((await engine.getVariables(one.instanceId)).flightBooked, true);
    });

    test('a start after a new version or a suspension uses the newest definition (the remembered one is checked)', async () => {
      const key = uniqueKey('ver');
      const body = (n: string) => `<startEvent id="s"/>${flow('s', n)}<userTask id="${n}" flowable:assignee="u"/>${flow(n, 'e')}<endEvent id="e"/>`;
      const [v1] = await engine.deploy(bpmn(key, body('one')), { tenantId });
      for (let i = 0; i < 2; i++) assert.equal((await engine.startProcess({ tenantId, definitionKey: key, initiator: 'a' })).tasks[0]!.taskDefinitionKey, 'one');
      const [v2] = await engine.deploy(bpmn(key, body('two')), { tenantId });
      assert.equal((await engine.startProcess({ tenantId, definitionKey: key, initiator: 'a' })).tasks[0]!.taskDefinitionKey, 'two');
      await engine.suspendDefinition(v2!.id);
      await assert.rejects(engine.startProcess({ tenantId, definitionKey: key, initiator: 'a' }), /suspended/);
      await engine.activateDefinition(v2!.id);
      assert.equal((await engine.startProcess({ tenantId, definitionId: v1!.id, initiator: 'a' })).tasks[0]!.taskDefinitionKey, 'one');
      await engine.suspendDefinition(v1!.id);
      await assert.rejects(engine.startProcess({ tenantId, definitionId: v1!.id, initiator: 'a' }), /suspended/);
      assert.equal((await engine.startProcess({ tenantId, definitionKey: key, initiator: 'a' })).tasks[0]!.taskDefinitionKey, 'two');
    });

    test('outbox: events reach subscribers after commit; what a stopped node never delivered, a drain delivers', async () => {
      const seen: EngineEvent[] = [];
      const off = engine.on('taskCreated', (e) => { seen.push(e); });
      const r = await start(`<startEvent id="s"/>${flow('s', 't')}<userTask id="t" flowable:assignee="u"/>${flow('t', 'e')}<endEvent id="e"/>`);
      off();
      assert.equal(seen.length, 1);
      const outbox = async () => (await q().selectFrom('wfOutbox').select(['id', 'kind']).execute()) as { id: string; kind: string }[];
      await engine.drainOutbox(); // deletes what was delivered
      assert.deepEqual(await outbox(), []);

      // a node whose delivery never finishes (it stopped after commit): the row stays for the drain
      const stopped = newEngine(db, clock, opts());
      stopped.on('taskCompleted', () => new Promise<void>(() => undefined));
      stopped.on('processEnded', () => undefined);
      void stopped.completeTask(r.tasks[0]!.taskId, 'u');
      for (let i = 0; i < 100 && (await engine.instanceStatus(r.instanceId)) !== 'finished'; i++) await new Promise((res) => setTimeout(res, 20));
      assert.equal(await engine.instanceStatus(r.instanceId), 'finished');
      // the action's two events someone listens to share one row
      assert.deepEqual((await outbox()).map((o) => o.kind), ['batch']);
      const got: EngineEvent[] = [];
      engine.on('taskCompleted', (e) => { got.push(e); });
      engine.on('processEnded', (e) => { got.push(e); });
      assert.equal(await engine.drainOutbox(clock.now), 0, 'a fresh row is left to its own node for a minute');
      assert.equal(await engine.drainOutbox(new Date(clock.now.getTime() + 2 * MIN)), 1);
      assert.deepEqual(got.map((e) => e.type), ['taskCompleted', 'processEnded']);
      assert.equal((got[0] as Extract<EngineEvent, { type: 'taskCompleted' }>).taskId, r.tasks[0]!.taskId);
      assert.deepEqual(await outbox(), []);
    });
  });
}
