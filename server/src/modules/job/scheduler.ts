// Scheduled jobs on Quartz-style cron expressions (seconds field, ?, L, W, #): each enabled job
// fires on its schedule on the leader node, runs the handler its invokeTarget names, and writes a
// job log. The handlers are the job kinds the modules declare (descriptor `jobs`), handed in whole:
// the scheduler imports no module.
// Misfire policy (a fire that came late: downtime, or a forbidden overlap): 1 run every missed
// fire now, 2 run once now, 3 skip to the next fire. Concurrent 0 allows overlapping runs, 1 not.
import { hostname } from 'node:os';
import { Cron } from 'croner';
import { sql } from 'kysely';
import type { Db, RowOf } from '../../db/index.ts';
import { nextId } from '../../db/ids.ts';
import type { Leadership } from '../../db/leader.ts';
import { textOrNull } from '../../db/repo.ts';
import type { JobHandler } from '../module.ts';

export type { JobContext, JobHandler } from '../module.ts';

const TICK_MS = 200;
const RELOAD_MS = 3000;
const MISFIRE_MS = 1500;
const MAX_CATCH_UP = 20;

interface Live { row: RowOf<'bladeQuartzJob'>; cron: Cron; next: Date | null; running: number }

/** `name(arg1, 'arg 2')` -> name and its arguments. */
export function parseTarget(target: string): { name: string; args: string[] } | null {
  const m = /^\s*([A-Za-z_][\w.]*)\s*(?:\((.*)\))?\s*$/.exec(target);
  if (!m) return null;
  const args = (m[2] ?? '').split(',').map((a) => a.trim().replace(/^(['"])(.*)\1$/, '$2')).filter((a) => a !== '');
  return { name: m[1], args };
}

export function validCron(expr: string): boolean {
  try {
    new Cron(expr, { paused: true }).nextRun();
    return true;
  } catch {
    return false;
  }
}

export class JobScheduler {
  private live = new Map<string, Live>();
  private tickTimer: NodeJS.Timeout | null = null;
  private lastReload = 0;
  private stopping = false;
  private inflight = new Set<Promise<void>>();

  /** told of every run (metrics) */
  onRun?: (job: string, ok: boolean, seconds: number) => void;

  /** handlers: every job kind by name (deps.jobs) */
  constructor(private readonly db: Db, private readonly leader: Leadership, readonly handlers: ReadonlyMap<string, JobHandler>) {}

  start() {
    this.tickTimer = setInterval(() => void this.tick(), TICK_MS);
    this.tickTimer.unref();
  }

  /** Jobs were added, changed or removed: read them again on the next tick. */
  reload() {
    this.lastReload = 0;
  }

  async stop() {
    this.stopping = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    for (const l of this.live.values()) l.cron.stop();
    await Promise.allSettled([...this.inflight]);
  }

  private async load() {
    const rows = await this.db.selectFrom('bladeQuartzJob').selectAll().where('isDeleted', '=', 0).where('status', '=', 1).execute();
    const seen = new Set<string>();
    for (const row of rows) {
      const id = String(row.id);
      seen.add(id);
      const had = this.live.get(id);
      if (had && had.row.cronExpression === row.cronExpression && had.row.updateTime === row.updateTime) continue;
      had?.cron.stop();
      let cron: Cron;
      try { cron = new Cron(String(row.cronExpression), { paused: true }); } catch { continue; }
      // resume from the last fire recorded by any node, so downtime shows up as a misfire
      const last = row.lastFireTime ? new Date(String(row.lastFireTime).replace(' ', 'T')) : null;
      const from = had?.next ?? (last && !Number.isNaN(last.getTime()) ? last : new Date());
      this.live.set(id, { row, cron, next: had ? had.next : cron.nextRun(from), running: had?.running ?? 0 });
    }
    for (const [id, l] of this.live) if (!seen.has(id)) { l.cron.stop(); this.live.delete(id); }
  }

  private async tick() {
    if (this.stopping || !this.leader.isLeader()) return;
    try {
      if (Date.now() - this.lastReload > RELOAD_MS) {
        this.lastReload = Date.now();
        await this.load();
      }
      const now = new Date();
      for (const l of this.live.values()) {
        if (!l.next || l.next > now) continue;
        if (Number(l.row.concurrent) === 1 && l.running > 0) continue; // forbidden overlap: wait, then misfire rules apply
        const late = now.getTime() - l.next.getTime() > MISFIRE_MS;
        let fires = 1;
        if (late) {
          const policy = Number(l.row.misfirePolicy);
          if (policy === 3) fires = 0;
          else if (policy === 1) {
            fires = 0;
            for (let t: Date | null = l.next; t && t <= now && fires < MAX_CATCH_UP; t = l.cron.nextRun(t)) fires++;
          }
        }
        l.next = l.cron.nextRun(now);
        for (let i = 0; i < fires; i++) this.launch(l);
      }
    } catch {
      // a database hiccup: try again on the next tick
    }
  }

  private launch(l: Live) {
    l.running++;
    const p = this.execute(l.row).finally(() => { l.running--; this.inflight.delete(p); });
    this.inflight.add(p);
  }

  /**
   * Runs a job now (also "execute once" from the screen, which passes the row its detail call read)
   * and writes its log.
   */
  async execute(row: { [K in 'id' | 'tenantId' | 'jobName' | 'jobPacket' | 'invokeTarget' | 'createUser']?: unknown }): Promise<void> {
    const start = new Date();
    const target = parseTarget(String(row.invokeTarget));
    const handler = target && this.handlers.get(target.name);
    let message = '', exception: string | null = null, status = 1;
    try {
      if (!handler) throw new Error(`no job handler named ${target?.name ?? row.invokeTarget}`);
      message = (await handler.run({ tenantId: String(row.tenantId), jobId: String(row.id), jobName: String(row.jobName), args: target!.args })) ?? '';
    } catch (e) {
      status = 0;
      exception = (e as Error).stack ?? String(e);
      message = (e as Error).message ?? String(e);
    }
    const end = new Date();
    this.onRun?.(target?.name ?? String(row.invokeTarget), status === 1, (end.getTime() - start.getTime()) / 1000);
    await sql`update blade_quartz_job set last_fire_time = ${start.toISOString()} where id = ${row.id}`.execute(this.db).catch(() => undefined);
    await this.db.insertInto('bladeQuartzJobLog').values({
      id: nextId(), tenantId: String(row.tenantId), jobId: String(row.id), jobName: textOrNull(row.jobName), jobGroup: textOrNull(row.jobPacket), invokeTarget: textOrNull(row.invokeTarget),
      jobMessage: `${message}`.slice(0, 4000) || `${hostname()}: ok`, exceptionInfo: exception?.slice(0, 8000) ?? null, status,
      startTime: start.toISOString(), endTime: end.toISOString(), durationMs: end.getTime() - start.getTime(), createUser: textOrNull(row.createUser),
    }).execute().catch(() => undefined);
  }
}
