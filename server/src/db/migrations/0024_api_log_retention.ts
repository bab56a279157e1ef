// 接口日志 keeps a short title in both languages (title: zh, title_en: en; server/src/modules/log/titles.ts)
// and is purged on a schedule: the platform's 清理日志 job runs logCleanup every night on the leader
// node, which removes API log rows older than API_LOG_RETENTION_DAYS (and the tenant's other logs
// older than 90 days). Administrators see it on 定时任务 and may change its time or disable it.
import { sql } from 'kysely';
import type { MigrationDb } from '../index.ts';

export const LOG_CLEANUP_JOB_ID = '1203100';

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table blade_log_api add column if not exists title_en varchar(255)`.execute(db);
  await sql`insert into blade_quartz_job (id, tenant_id, job_name, job_packet, invoke_target, cron_expression, misfire_policy, concurrent, remark, status)
    values (${LOG_CLEANUP_JOB_ID}, '000000', '清理日志', 'sys', 'logCleanup', '0 30 3 * * ?', 2, 1,
      '每天 03:30 删除超过保留天数的接口日志（API_LOG_RETENTION_DAYS）和 90 天前的其他日志 / Every day at 03:30: delete API logs past the retention (API_LOG_RETENTION_DAYS) and other logs older than 90 days', 1)
    on conflict (id) do nothing`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
