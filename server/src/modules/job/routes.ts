// /api/quartzJob/quartzJob and /api/quartzJobLog/quartzJobLog: scheduled jobs (002 §3, §5) and
// their run logs. The scheduler lives here and stops with the server.
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { leadership } from '../../db/leader.ts';
import { isId, parseIds } from '../../db/repo.ts';
import { ctxOf, resource, zOptId } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { zmsg, type Message } from '../../http/messages.ts';
import type { ModuleDeps } from '../index.ts';
import { emailStrategyJob } from '../email/routes.ts';
import { JobScheduler, parseTarget, validCron } from './scheduler.ts';

const MSG = {
  jobName: ['请输入任务名称', 'Please enter the job name'],
  jobPacket: ['请选择任务分组', 'Please select the job group'],
  invokeTarget: ['请输入调用目标', 'Please enter the invoke target'],
  unknownTarget: ['调用目标不是已注册的任务处理器：{name}', 'The invoke target is not a registered job handler: {name}'],
  cronExpression: ['请输入cron执行表达式', 'Please enter the cron expression'],
  cronInvalid: ['cron执行表达式不正确', 'The cron expression is invalid'],
  misfirePolicy: ['请选择执行策略', 'Please select the misfire policy'],
  concurrent: ['请选择是否并发', 'Please select whether runs may overlap'],
  jobMissing: ['任务不存在', 'No such job'],
} as const satisfies Record<string, Message>;

const required = (m: Message) => ({ error: zmsg(m) });

export async function jobRoutes(app: FastifyInstance, { db, config, auth, egress }: ModuleDeps) {
  const lead = await leadership(config);
  const scheduler = new JobScheduler(db, lead);
  if (app.hasDecorator('metrics')) scheduler.onRun = (job, ok, seconds) => app.metrics.jobRun(job, ok, seconds);
  scheduler.register({ name: 'heartbeat', description: '记录一次心跳（节点与时间），用于确认调度在运行 / Record a heartbeat (node and time) to show the scheduler runs', run: async () => `heartbeat from ${hostname()} at ${new Date().toISOString()}` });
  scheduler.register({ name: 'sessionSweep', description: '清理过期的令牌吊销记录和验证码 / Remove expired token revocations and captchas', run: async () => { await auth.sweep(); return 'expired revocations and captchas removed'; } });
  scheduler.register({
    name: 'logCleanup',
    description: '删除N天前的接口、通用、登录和错误日志，参数为天数（默认90）；所有租户超过保留天数（API_LOG_RETENTION_DAYS）的接口日志也一并删除 / Delete API, usual, login and error logs older than N days (argument, default 90), and every tenant\'s API logs past API_LOG_RETENTION_DAYS',
    run: async ({ tenantId, args }) => {
      const asked = Number(args[0]);
      const days = args[0] !== undefined && Number.isFinite(asked) ? Math.max(1, Math.floor(asked)) : 90;
      let n = 0;
      for (const table of ['blade_log_api', 'blade_log_usual', 'blade_log_login', 'blade_log_error']) {
        const r = await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId} and create_time < now() - make_interval(days => ${days})`.execute(db);
        n += Number(r.numAffectedRows ?? 0);
      }
      // the API log's retention is the platform's setting: past it, rows go whatever tenant runs the job
      const retention = config.apiLogRetentionDays;
      const api = await sql`delete from blade_log_api where create_time < now() - make_interval(days => ${retention})`.execute(db);
      return `${n} log rows older than ${days} days deleted; ${Number(api.numAffectedRows ?? 0)} API log rows past the ${retention}-day retention deleted`;
    },
  });
  scheduler.register(emailStrategyJob(db, config.uploadDir, { egress })); // sends the e-mail strategies whose cron has fired
  scheduler.start();
  app.addHook('onClose', async () => { await scheduler.stop(); await lead.close(); });

  const jobs = resource(app, db, {
    base: '/api/quartzJob/quartzJob', tag: 'job', table: 'blade_quartz_job', tenant: true, permission: 'quartzJob', only: ['list', 'detail', 'submit'],
    columns: { id: 'id', jobName: 'string', jobPacket: 'string', invokeTarget: 'string', status: 'number', createTime: 'date' },
    body: z.object({
      id: zOptId,
      jobName: z.string(required(MSG.jobName)).trim().min(1, zmsg(MSG.jobName)).max(64),
      jobPacket: z.enum(['sys', 'report', 'collector', 'flow'], required(MSG.jobPacket)).default('sys'),
      invokeTarget: z.string(required(MSG.invokeTarget)).trim().min(1, zmsg(MSG.invokeTarget)).max(500),
      cronExpression: z.string(required(MSG.cronExpression)).trim().min(1, zmsg(MSG.cronExpression)).max(255),
      misfirePolicy: z.coerce.number(required(MSG.misfirePolicy)).int().min(1).max(3).default(1),
      concurrent: z.coerce.number(required(MSG.concurrent)).int().min(0).max(1).default(1),
      status: z.coerce.number().int().min(0).max(1).default(0), remark: z.string().max(500).optional().nullable(),
    }),
    beforeSave: (_ctx, e) => {
      const t = parseTarget(String(e.invokeTarget));
      if (!t || !scheduler.handlers.has(t.name)) throw new ApiError(400, MSG.unknownTarget, { name: t?.name ?? String(e.invokeTarget) });
      if (!validCron(String(e.cronExpression))) throw new ApiError(400, MSG.cronInvalid);
      e.lastFireTime = null; // a changed schedule starts from now, not from an old fire
      scheduler.reload();
    },
  });
  app.post('/api/quartzJob/quartzJob/remove', { schema: { tags: ['job'], summary: 'Remove jobs (they stop firing)', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: 'quartzJob_delete' } }, async (req) => {
    await jobs.remove(ctxOf(req), parseIds((req.query as { ids?: string }).ids));
    scheduler.reload();
    return ok(true);
  });
  app.post('/api/quartzJob/quartzJob/change-status', {
    schema: { tags: ['job'], summary: 'Enable (1) or disable (0) a job', querystring: z.object({ id: z.string().max(19).optional(), status: z.string().max(1).optional() }).passthrough() },
    config: { permission: 'quartzJob_edit' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const q = { ...(req.query as Record<string, string>), ...((req.body as Record<string, string>) ?? {}) };
    if (!isId(q.id) || !['0', '1'].includes(String(q.status))) throw new ApiError(400, 'invalid', { field: 'status' });
    const r = await db.updateTable('bladeQuartzJob').set({ status: Number(q.status), lastFireTime: null, updateTime: sql`now()`, updateUser: ctx.userId })
      .where('id', '=', q.id).where('tenantId', '=', ctx.tenantId).where('isDeleted', '=', 0).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw new ApiError(400, MSG.jobMissing);
    scheduler.reload();
    return ok(true);
  });
  app.post('/api/quartzJob/quartzJob/run', { schema: { tags: ['job'], summary: 'Run a job once now (writes a job log)', querystring: z.object({ id: z.string().max(19).optional() }).passthrough() }, config: { permission: 'quartzJob_run' } }, async (req) => {
    const row = await jobs.detail(ctxOf(req), (req.query as { id?: string }).id);
    if (!row) throw new ApiError(400, MSG.jobMissing);
    await scheduler.execute(row);
    return ok(true);
  });
  app.get('/api/quartzJob/quartzJob/handlers', { schema: { tags: ['job'], summary: 'Registered job handlers an invokeTarget may name' }, config: { permission: ['quartzJob', 'quartzJob_view'] } }, async () =>
    ok([...scheduler.handlers.values()].map((h) => ({ name: h.name, description: h.description }))));

  resource(app, db, {
    base: '/api/quartzJobLog/quartzJobLog', tag: 'job', table: 'blade_quartz_job_log', tenant: true, permission: 'quartzJobLog',
    columns: { id: 'id', jobId: 'id', jobName: 'string', jobGroup: 'string', invokeTarget: 'string', status: 'number', createTime: 'date' },
    defaultOrder: [{ field: 'createTime', dir: 'desc' }],
    body: z.object({ id: z.string().regex(/^\d{1,19}$/), jobMessage: z.string().max(4000).optional() }),
  });
}
