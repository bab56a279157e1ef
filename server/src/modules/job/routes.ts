// /api/quartzJob/quartzJob and /api/quartzJobLog/quartzJobLog: scheduled jobs (002 §3, §5) and
// their run logs. The scheduler lives here and stops with the server; it runs the job kinds every
// module declares (deps.jobs).
import { sql } from 'kysely';
import { z } from 'zod';
import { leadership } from '../../db/leader.ts';
import { isId, parseIds } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf } from '../../http/crud.ts';
import { modelResource } from '../../http/model-resource.ts';
import { quartzJobLogModel, quartzJobModel } from '@campus/schema';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import type { ModuleDeps } from '../index.ts';
import { JobScheduler, parseTarget, validCron } from './scheduler.ts';

export const MSG = {
  unknownTarget: ['调用目标不是已注册的任务处理器：{name}', 'The invoke target is not a registered job handler: {name}'],
  cronInvalid: ['cron执行表达式不正确', 'The cron expression is invalid'],
  jobMissing: ['任务不存在', 'No such job'],
  logReadOnly: ['任务日志由调度器在任务运行时写入，不能新增或修改', 'Job logs are written by the scheduler as jobs run; they cannot be added or changed'],
} as const satisfies Record<string, Message>;

export async function jobRoutes(app: TypedApp, { db, config, jobs: kinds, metrics }: ModuleDeps) {
  const lead = await leadership(config);
  const scheduler = new JobScheduler(db, lead, kinds);
  scheduler.onRun = (job, ok, seconds) => metrics.jobRun(job, ok, seconds);
  scheduler.start();
  app.addHook('onClose', async () => { await scheduler.stop(); await lead.close(); });

  const jobs = modelResource(app, db, quartzJobModel, {
    tag: 'job', only: ['list', 'detail', 'submit'],
    beforeSave: (_ctx, e) => {
      const t = parseTarget(String(e.invokeTarget));
      if (!t || !scheduler.handlers.has(t.name)) throw new ApiError(400, MSG.unknownTarget, { name: t?.name ?? String(e.invokeTarget) });
      if (!validCron(String(e.cronExpression))) throw new ApiError(400, MSG.cronInvalid);
      e.lastFireTime = null; // a changed schedule starts from now, not from an old fire
      scheduler.reload();
    },
  });
  app.post('/api/quartzJob/quartzJob/remove', { schema: { tags: ['job'], summary: 'Remove jobs (they stop firing)', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: 'quartzJob_delete' } }, async (req) => {
    await jobs.remove(ctxOf(req), parseIds(req.query.ids));
    scheduler.reload();
    return ok(true);
  });
  app.post('/api/quartzJob/quartzJob/change-status', {
    schema: {
      tags: ['job'], summary: 'Enable (1) or disable (0) a job (id and status in the query, or in a body, which wins)',
      querystring: z.object({ id: z.string().max(19).optional(), status: z.string().max(1).optional() }).passthrough(),
      body: z.looseObject({ id: z.string().max(19).optional(), status: z.union([z.string().max(1), z.number()]).optional() }).nullish(),
    },
    config: { permission: 'quartzJob_edit' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const q = { ...req.query, ...req.body };
    if (!isId(q.id) || !['0', '1'].includes(String(q.status))) throw new ApiError(400, 'invalid', { field: 'status' });
    const r = await scoped(db, ctx.tenantId).updateTable('bladeQuartzJob').set({ status: Number(q.status), lastFireTime: null, updateTime: sql`now()`, updateUser: ctx.userId })
      .where('id', '=', q.id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw new ApiError(400, MSG.jobMissing);
    scheduler.reload();
    return ok(true);
  });
  app.post('/api/quartzJob/quartzJob/run', { schema: { tags: ['job'], summary: 'Run a job once now (writes a job log)', querystring: z.object({ id: z.string().max(19).optional() }).passthrough() }, config: { permission: 'quartzJob_run' } }, async (req) => {
    const row = await jobs.detail(ctxOf(req), req.query.id);
    if (!row) throw new ApiError(400, MSG.jobMissing);
    await scheduler.execute(row);
    return ok(true);
  });
  app.get('/api/quartzJob/quartzJob/handlers', { schema: { tags: ['job'], summary: 'Registered job handlers an invokeTarget may name' }, config: { permission: ['quartzJob', 'quartzJob_view'] } }, async () =>
    ok([...scheduler.handlers.values()].map((h) => ({ name: h.name, description: h.description }))));

  // written by the scheduler: listed, read and removed (002 §7), never edited
  modelResource(app, db, quartzJobLogModel, { tag: 'job', only: ['list', 'detail', 'remove'] });
  // the spec lists submit too: answered, with why nothing changes (a 404 would read as a missing server)
  app.post('/api/quartzJobLog/quartzJobLog/submit', { config: { permission: ['quartzJobLog'] }, schema: { tags: ['job'], summary: 'Refused: job logs are written by the scheduler (400, nothing changes)' } }, async () => {
    throw new ApiError(400, MSG.logReadOnly);
  });
}
