// Every public sample of ../shared/bpmn-samples deploys unchanged and runs to its end
// (C.4.0 is a rendering reference: it only has to parse and deploy).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { WorkflowEngine } from './engine.ts';
import { parseBpmn } from './model.ts';
import { kinds, newEngine, openTestDb, TestClock, type TestDb } from './testing.ts';

const DIR = process.env.BPMN_SAMPLES ?? new URL('../../../../../../shared/bpmn-samples/', import.meta.url).pathname;
const read = (f: string) => readFileSync(DIR + f, 'utf8');
const HOUR = 3600_000;

for (const kind of await kinds()) {
  describe(`bpmn samples [${kind}]`, () => {
    let db: TestDb;
    let engine: WorkflowEngine;
    const clock = new TestClock();
    const tenantId = '000000';
    before(async () => {
      db = await openTestDb(kind);
      engine = newEngine(db, clock, {
        handlers: {
          // the invoice's DMN decision and archive service, as a deployment would register them
          'invoice-assign-approver': () => ({ approverGroups: ['accounting'] }),
          'org.camunda.bpm.example.invoice.service.ArchiveInvoiceService': () => ({ archived: true }),
        },
      });
    });
    after(async () => db.close());

    const todo = async (instanceId: string) => (await db.database.db.selectFrom('wfTask').selectAll().where('instanceId', '=', instanceId)
      .where('state', '=', 'active').orderBy('id').execute()) as { id: string; taskDefKey: string; assignee: string | null }[];
    const status = (id: string) => engine.instanceStatus(id);
    const completeAll = async (id: string, user = 'u1', vars?: Record<string, unknown>) => {
      for (const t of await todo(id)) await engine.completeTask(t.id, t.assignee ?? user, { variables: vars, groups: ['management', 'accounting'] });
    };

    test('C.4.0 parses and deploys (parse-only reference)', async () => {
      const parsed = await parseBpmn(read('C.4.0.bpmn'));
      assert.equal(parsed.processes.length, 4);
      assert.ok([...parsed.processes.flatMap((p) => [...p.nodes.values()])].filter((n) => n.type === 'userTask').length >= 18);
      const defs = await engine.deploy(read('C.4.0.bpmn'), { tenantId });
      assert.equal(defs.length, 4);
    });

    test('loanApproval and invoiceApproval (Camunda exports) run to the end', async () => {
      for (const f of ['loanApproval.bpmn', 'invoiceApproval.bpmn']) {
        const [def] = await engine.deploy(read(f), { tenantId });
        const r = await engine.startProcess({ tenantId, definitionId: def!.id, initiator: 'starter' });
        assert.equal(r.tasks.length, 1);
        assert.equal(r.tasks[0]!.assignee, 'demo');
        assert.ok(r.tasks[0]!.formKey);
        await engine.completeTask(r.tasks[0]!.taskId, 'demo');
        assert.equal(await status(r.instanceId), 'finished');
      }
    });

    test('exclusive gateways: diverging and default flow', async () => {
      await engine.deploy(read('ExclusiveGatewayTest.testDivergingExclusiveGateway.bpmn20.xml'), { tenantId });
      for (const input of [1, 2, 3]) {
        const r = await engine.startProcess({ tenantId, definitionKey: 'exclusiveGwDiverging', initiator: 'a', variables: { input } });
        assert.equal(r.tasks[0]!.taskName, `Task ${input}`);
        await completeAll(r.instanceId);
        assert.equal(await status(r.instanceId), 'finished');
      }
      await engine.deploy(read('ExclusiveGatewayTest.testDefaultSequenceFlow.bpmn20.xml'), { tenantId });
      const d = await engine.startProcess({ tenantId, definitionKey: 'exclusiveGwDefaultSequenceFlow', initiator: 'a', variables: { input: 5 } });
      assert.equal(d.tasks[0]!.taskName, 'Default input');
      const one = await engine.startProcess({ tenantId, definitionKey: 'exclusiveGwDefaultSequenceFlow', initiator: 'a', variables: { input: 1 } });
      assert.equal(one.tasks[0]!.taskName, 'Input is one');
      await completeAll(d.instanceId);
      assert.equal(await status(d.instanceId), 'finished');
    });

    test('inclusive gateway: overlapping conditions, implicit join at the end', async () => {
      await engine.deploy(read('InclusiveGatewayTest.testDivergingInclusiveGateway.bpmn20.xml'), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: 'inclusiveGwDiverging', initiator: 'a', variables: { input: 2 } });
      assert.deepEqual(r.tasks.map((t) => t.taskName).sort(), ['Task 2', 'Task 3']);
      await completeAll(r.instanceId);
      assert.equal(await status(r.instanceId), 'finished');
    });

    test('nested parallel fork/join', async () => {
      await engine.deploy(read('ParallelGatewayTest.testNestedForkJoin.bpmn20.xml'), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: 'nestedForkJoin', initiator: 'a' });
      await completeAll(r.instanceId);
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey).sort(), ['Task_A', 'Task_B']);
      const b = (await todo(r.instanceId)).find((t) => t.taskDefKey === 'Task_B')!;
      await engine.completeTask(b.id, 'u1');
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey).sort(), ['Task_A', 'Task_B1', 'Task_B2']);
      await completeAll(r.instanceId);
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['Task_C']);
      await completeAll(r.instanceId);
      assert.equal(await status(r.instanceId), 'finished');
    });

    test('parallel multi-instance (Flowable dialect) and collection-based with completion condition', async () => {
      await engine.deploy(read('MultiInstanceParallelTest.testParallelUserTasks.bpmn20.xml'), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: 'newmultiinstancetest', initiator: 'a', variables: { assigneeList: ['kermit', 'gonzo', 'fozzie'] } });
      assert.deepEqual(r.tasks.map((t) => t.assignee).sort(), ['fozzie', 'gonzo', 'kermit']);
      assert.equal(r.tasks.find((t) => t.assignee === 'kermit')!.taskName, "kermit's Task");
      await completeAll(r.instanceId);
      assert.equal(await status(r.instanceId), 'finished');

      await engine.deploy(read('DynamicMultiInstanceTest.testParallelUserTasksBasedOnCollection.bpmn20.xml'), { tenantId });
      const d = await engine.startProcess({ tenantId, definitionKey: 'miParallelUserTasksBasedOnCollection', initiator: 'a', variables: { assigneeList: ['a1', 'a2', 'a3', 'a4', 'a5'] } });
      assert.equal(d.tasks.length, 5);
      const tasks = await todo(d.instanceId);
      for (const t of tasks.slice(0, 2)) await engine.completeTask(t.id, t.assignee!);
      assert.equal(await status(d.instanceId), 'running');
      await engine.completeTask(tasks[2]!.id, tasks[2]!.assignee!); // 3/5 = 0.6
      assert.equal(await status(d.instanceId), 'finished');
      assert.equal((await todo(d.instanceId)).length, 0);
    });

    test('sequential multi-instance with a PT2H boundary timer', async () => {
      await engine.deploy(read('MultiInstanceTest.sequentialUserTasksWithCollection.bpmn20.xml'), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: 'miSequentialUserTasks', initiator: 'a', variables: { taskUserList: ['u1', 'u2', 'u3'] } });
      for (const u of ['u1', 'u2', 'u3']) {
        const [t] = await todo(r.instanceId);
        assert.equal(t!.assignee, u);
        await engine.completeTask(t!.id, u);
      }
      assert.equal(await status(r.instanceId), 'finished');
      // the timer path: two hours pass while u1 still has the task
      const t2 = await engine.startProcess({ tenantId, definitionKey: 'miSequentialUserTasks', initiator: 'a', variables: { taskUserList: ['u1', 'u2'] } });
      assert.equal(await engine.fireDueTimers(new Date(clock.now.getTime() + HOUR)), 0);
      assert.ok((await engine.fireDueTimers(new Date(clock.now.getTime() + 2 * HOUR + 1000))) >= 1);
      const after = await todo(t2.instanceId);
      assert.deepEqual(after.map((t) => t.taskDefKey), ['taskAfterTimer']);
      await completeAll(t2.instanceId);
      assert.equal(await status(t2.instanceId), 'finished');
    });

    test('three interrupting boundary timers: the earliest (PT1H) wins', async () => {
      await engine.deploy(read('BoundaryTimerEventTest.testMultipleTimersOnUserTask.bpmn20.xml'), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: 'multipleTimersOnUserTask', initiator: 'a' });
      await engine.fireDueTimers(new Date(clock.now.getTime() + HOUR + 1000));
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['thirdTask']);
      await engine.fireDueTimers(new Date(clock.now.getTime() + 5 * HOUR));
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['thirdTask']);
      await completeAll(r.instanceId);
      assert.equal(await status(r.instanceId), 'finished');
    });

    test('call activity: caller and simpleSubProcess', async () => {
      await engine.deploy(read('simpleSubProcess.bpmn20.xml'), { tenantId });
      await engine.deploy(read('CallActivity.testCallSimpleSubProcess.bpmn20.xml'), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: 'callSimpleSubProcess', initiator: 'a' });
      await completeAll(r.instanceId);
      const sub = (await db.database.db.selectFrom('wfInstance').selectAll().where('parentId', '=', r.instanceId).executeTakeFirst()) as { id: string };
      assert.deepEqual((await todo(sub.id)).map((t) => t.taskDefKey), ['task']);
      await completeAll(sub.id);
      assert.equal(await status(sub.id), 'finished');
      assert.deepEqual((await todo(r.instanceId)).map((t) => t.taskDefKey), ['taskAfterSubProcess']);
      await completeAll(r.instanceId);
      assert.equal(await status(r.instanceId), 'finished');
    });

    test('VacationRequest: candidate group, humanPerformer from the initiator, reject/resend loop', async () => {
      await engine.deploy(read('VacationRequest.bpmn20.xml'), { tenantId });
      const r = await engine.startProcess({ tenantId, definitionKey: 'vacationRequest', initiator: 'kermit', variables: { numberOfDays: 3, vacationMotivation: 'rest', startDate: '2026-02-01' } });
      const claim = await engine.claimList({ tenantId, userId: 'boss', groups: ['management'] });
      assert.equal(claim.total, 1);
      assert.match(claim.records[0]!.taskName!, /Handle vacation request/);
      await engine.claimTask(claim.records[0]!.taskId, 'boss', ['management']);
      await engine.completeTask(claim.records[0]!.taskId, 'boss', { variables: { vacationApproved: 'false', managerMotivation: 'busy' } });
      const [adjust] = await todo(r.instanceId);
      assert.equal(adjust!.taskDefKey, 'adjustVacationRequestTask');
      assert.equal(adjust!.assignee, 'kermit');
      await engine.completeTask(adjust!.id, 'kermit', { variables: { resendRequest: 'true' } });
      const [again] = await todo(r.instanceId);
      assert.equal(again!.taskDefKey, 'handleRequest');
      await engine.completeTask(again!.id, 'boss', { groups: ['management'], variables: { vacationApproved: true } });
      assert.equal(await status(r.instanceId), 'finished');
    });

    test('invoice.v2 + reviewInvoice: lanes, DMN handler, candidate groups, call activity with in/out, loop back, async service', async () => {
      await engine.deploy(read('reviewInvoice.bpmn'), { tenantId });
      await engine.deploy(read('invoice.v2.bpmn'), { tenantId });
      const vars = { creditor: 'Great Pizza', amount: 30, invoiceCategory: 'Travel Expenses', invoiceNumber: 'I-1', invoiceDocument: 'doc' };
      const r = await engine.startProcess({ tenantId, definitionKey: 'invoice', initiator: 'mary', variables: vars });
      const approve = (await todo(r.instanceId))[0]!;
      assert.equal(approve.taskDefKey, 'approveInvoice');
      await engine.completeTask(approve.id, 'acc', { groups: ['accounting'], variables: { approved: false } });
      const sub = (await db.database.db.selectFrom('wfInstance').selectAll().where('parentId', '=', r.instanceId).executeTakeFirst()) as { id: string };
      const assign = (await todo(sub.id))[0]!;
      assert.equal(assign.assignee, 'demo');
      assert.deepEqual((await engine.getVariables(sub.id)).creditor, 'Great Pizza');
      await engine.completeTask(assign.id, 'demo', { variables: { reviewer: 'peter' } });
      const review = (await todo(sub.id))[0]!;
      assert.equal(review.assignee, 'peter');
      await engine.completeTask(review.id, 'peter', { variables: { clarified: true } });
      const again = (await todo(r.instanceId))[0]!;
      assert.equal(again.taskDefKey, 'approveInvoice');
      await engine.completeTask(again.id, 'acc', { groups: ['accounting'], variables: { approved: true } });
      const transfer = (await todo(r.instanceId))[0]!;
      assert.equal(transfer.taskDefKey, 'prepareBankTransfer');
      await engine.completeTask(transfer.id, 'acc', { groups: ['accounting'] });
      assert.equal(await status(r.instanceId), 'finished');
      assert.equal((await engine.getVariables(r.instanceId)).archived, true);
    });

    test('invoice.v2 task listeners (Camunda scripts): whoever claims the approval gets it back after the review', async () => {
      await engine.deploy(read('reviewInvoice.bpmn'), { tenantId });
      await engine.deploy(read('invoice.v2.bpmn'), { tenantId });
      const vars = { creditor: 'Bakery', amount: 12, invoiceCategory: 'Misc', invoiceNumber: 'I-2', invoiceDocument: 'doc' };
      const r = await engine.startProcess({ tenantId, definitionKey: 'invoice', initiator: 'mary', variables: vars });
      const approve = (await todo(r.instanceId))[0]!;
      assert.equal(approve.assignee, null, 'offered to the accounting group');
      await engine.claimTask(approve.id, 'acc7', ['accounting']);
      assert.equal((await engine.getVariables(r.instanceId)).approver, 'acc7', 'the assignment listener recorded the approver');
      await engine.completeTask(approve.id, 'acc7', { variables: { approved: false } });
      const sub = (await db.database.db.selectFrom('wfInstance').selectAll().where('parentId', '=', r.instanceId).executeTakeFirst()) as { id: string };
      await engine.completeTask((await todo(sub.id))[0]!.id, 'demo', { variables: { reviewer: 'peter' } });
      await engine.completeTask((await todo(sub.id))[0]!.id, 'peter', { variables: { clarified: true } });
      const again = (await todo(r.instanceId))[0]!;
      assert.equal(again.taskDefKey, 'approveInvoice');
      assert.equal(again.assignee, 'acc7', 'the create listener handed the new approval to the same approver');
    });
  });
}
