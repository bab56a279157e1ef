// Scheduled jobs and their run logs. The scheduler runs the job kinds every module declares
// (descriptor `jobs`, gathered into deps.jobs); these are the platform's own housekeeping kinds.
// Its tables come with the log module's 0006_log_job.
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { scoped } from '../../db/tenant-scope.ts';
import { JOB_MODELS } from '@campus/schema';
import * as m0006 from '../../db/migrations/0006_log_job.ts';
import { MSG as JOB_MSG } from './routes.ts';
import { defineModule } from '../module.ts';
import { jobRoutes } from './routes.ts';

export const jobModule = defineModule({
  name: 'job',
  models: JOB_MODELS,
  routes: [jobRoutes],
  menus: m0006.JOB_MENUS, // made by the log module's migration 0006, the job screens' own
  i18n: [JOB_MSG],
  jobs: {
    heartbeat: () => ({
      description: '记录一次心跳（节点与时间），用于确认调度在运行 / Record a heartbeat (node and time) to show the scheduler runs',
      run: async () => `heartbeat from ${hostname()} at ${new Date().toISOString()}`,
    }),
    sessionSweep: ({ auth }) => ({
      description: '清理过期的令牌吊销记录和验证码 / Remove expired token revocations and captchas',
      run: async () => { await auth.sweep(); return 'expired revocations and captchas removed'; },
    }),
    logCleanup: ({ db, config }) => ({
      description: '删除N天前的接口、通用、登录和错误日志，参数为天数（默认90）；所有租户超过保留天数（API_LOG_RETENTION_DAYS）的接口日志也一并删除 / Delete API, usual, login and error logs older than N days (argument, default 90), and every tenant\'s API logs past API_LOG_RETENTION_DAYS',
      run: async ({ tenantId, args }) => {
        const asked = Number(args[0]);
        const days = args[0] !== undefined && Number.isFinite(asked) ? Math.max(1, Math.floor(asked)) : 90;
        let n = 0;
        const since = sql<string>`now() - make_interval(days => ${days})`;
        for (const table of ['bladeLogApi', 'bladeLogUsual', 'bladeLogLogin', 'bladeLogError'] as const) {
          const r = await scoped(db, tenantId).deleteFrom(table).where('createTime', '<', since).executeTakeFirst();
          n += Number(r.numDeletedRows);
        }
        // the API log's retention is the platform's setting: past it, rows go whatever tenant runs the job
        const retention = config.apiLogRetentionDays;
        const api = await sql`delete from blade_log_api where create_time < now() - make_interval(days => ${retention})`.execute(db);
        return `${n} log rows older than ${days} days deleted; ${Number(api.numAffectedRows ?? 0)} API log rows past the ${retention}-day retention deleted`;
      },
    }),
  },
});
