// One node leads the scheduled jobs: on PostgreSQL the holder of a session advisory lock on a
// dedicated connection (released when that node stops or dies); on embedded PGlite the only node.
import type { Config } from '../config.ts';

const LOCK_KEY = 727_001;

export interface Leadership {
  isLeader(): boolean;
  close(): Promise<void>;
}

/** key: the advisory lock of one kind of leader work (the job scheduler's by default). */
export async function leadership(config: Config, key = LOCK_KEY): Promise<Leadership> {
  if (!config.databaseUrl) return { isLeader: () => true, close: async () => undefined };
  const pg = (await import('pg')).default;
  let client: InstanceType<typeof pg.Client> | null = null;
  let leader = false;
  let stopped = false;
  const attempt = async () => {
    if (stopped || leader) return;
    try {
      if (!client) {
        client = new pg.Client({ connectionString: config.databaseUrl });
        client.on('error', () => { leader = false; client = null; }); // connection lost: lock gone
        await client.connect();
      }
      const r = await client.query('select pg_try_advisory_lock($1) as ok', [key]);
      leader = r.rows[0]?.ok === true;
    } catch {
      leader = false;
      client?.end().catch(() => undefined);
      client = null;
    }
  };
  await attempt();
  const timer = setInterval(() => void attempt(), 2000);
  timer.unref();
  return {
    isLeader: () => leader,
    close: async () => {
      stopped = true;
      clearInterval(timer);
      leader = false;
      await client?.end().catch(() => undefined);
    },
  };
}
