// Prometheus metrics at /metrics (prom-client): requests by route template and status with a
// latency histogram, the database pool, WebSocket connections, job runs, and the process's own
// (CPU, memory, event-loop lag, GC). One registry per app, so several apps in one process (tests)
// keep theirs apart. METRICS_TOKEN, when set, must come as "Authorization: Bearer <token>".
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import type { Database } from '../db/index.ts';

/** Open WebSockets of this node and the distinct users on them. */
export type SocketStats = () => { sockets: number; users: number };

export interface Metrics {
  /** a scheduled job ran (ok: no error) for seconds */
  jobRun(job: string, ok: boolean, seconds: number): void;
  /** the real-time channel tells where its WebSocket figures come from (none: 0) */
  watchSockets(stats: SocketStats): void;
  readonly registry: client.Registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const metrics = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  const registry = new client.Registry();
  let socketStats: SocketStats = () => ({ sockets: 0, users: 0 });
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'], registers });
  const latency = new client.Histogram({
    name: 'http_request_duration_seconds', help: 'Time to answer an HTTP request, by method and route template', labelNames: ['method', 'route'], registers,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  new client.Gauge({
    name: 'db_pool_connections', help: 'Database pool connections by state (PostgreSQL; PGlite is one in-process connection)', labelNames: ['state'], registers,
    collect() {
      const p = opts.database.pool;
      if (!p) { this.set({ state: 'total' }, 1); this.set({ state: 'idle' }, 0); this.set({ state: 'waiting' }, 0); return; }
      this.set({ state: 'total' }, p.totalCount);
      this.set({ state: 'idle' }, p.idleCount);
      this.set({ state: 'waiting' }, p.waitingCount);
    },
  });
  new client.Gauge({
    name: 'websocket_connections', help: 'Open real-time WebSocket connections on this node', registers,
    collect() { this.set(socketStats().sockets); },
  });
  new client.Gauge({
    name: 'websocket_users', help: 'Distinct users with an open WebSocket on this node', registers,
    collect() { this.set(socketStats().users); },
  });
  const jobRuns = new client.Counter({ name: 'job_runs_total', help: 'Scheduled job runs on this node, by job and result', labelNames: ['job', 'result'], registers });
  const jobTime = new client.Histogram({ name: 'job_run_duration_seconds', help: 'Scheduled job run time', labelNames: ['job'], registers, buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120] });

  app.decorate('metrics', {
    registry,
    jobRun(job: string, ok: boolean, seconds: number) {
      jobRuns.inc({ job, result: ok ? 'ok' : 'failed' });
      jobTime.observe({ job }, seconds);
    },
    watchSockets(stats: SocketStats) {
      socketStats = stats;
    },
  } satisfies Metrics);

  app.addHook('onResponse', async (req, reply) => {
    // the route template, never the raw path: ids and typos must not explode the label set
    const route = req.routeOptions.url ?? '(unmatched)';
    if (route === '/metrics') return;
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });

  const token = process.env.METRICS_TOKEN ?? '';
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    if (token) {
      const given = Buffer.from(String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      const want = Buffer.from(token);
      if (given.length !== want.length || !timingSafeEqual(given, want)) return reply.code(401).type('text/plain').send('metrics token required\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
