// Realtime benchmark (issue 4): 5,000 WebSocket clients on loopback, one message to each.
//   1. one node (PGlite): p99 delivery latency, target < 100 ms;
//   2. two nodes on one PostgreSQL + Redis, clients on node B, messages from node A: target < 150 ms.
// Each scenario measures two things, each over ROUNDS rounds of one message to every client:
//   push  the hub publishes (app.realtime.publishToUsers) -> the frame is read by the client;
//   save  POST /api/blade-message/message/save (a role broadcast to the 5,000) is sent -> the
//         frame is read: storing the message and its 5,000 inbox rows, then the push.
// The API nodes run as child processes (node.ts); the clients live in this process.
// Needs about 5,000 file descriptors here (ulimit -n). Env: CLIENTS, ROUNDS, TEST_PG_URL, REDIS_URL.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { execSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import WebSocket from 'ws';
import type { FromNode, ToNode } from './node.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 5000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = randomBytes(32).toString('hex'); // both nodes must sign and verify alike
const now = () => performance.timeOrigin + performance.now();

class Node {
  private queue: FromNode[] = [];
  private waiters: (() => void)[] = [];
  private constructor(readonly child: ChildProcess) {
    const wake = () => { for (const w of this.waiters.splice(0)) w(); };
    child.on('message', (m: FromNode) => {
      this.queue.push(m);
      wake();
    });
    child.on('exit', wake); // a node that fails to boot must not leave the benchmark waiting

  }
  static async start(env: Record<string, string>): Promise<{ node: Node; url: string }> {
    const child = fork(new URL('./node.ts', import.meta.url).pathname, [], {
      // NODE_ARGS, e.g. --cpu-prof, reaches the API nodes only (profiling the server's side)
      execArgv: ['--import', 'tsx', ...(process.env.NODE_ARGS ?? '').split(' ').filter(Boolean)], env: { ...process.env, JWT_SECRET, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const node = new Node(child);
    const ready = await node.next('ready');
    return { node, url: ready.url };
  }
  async next<E extends FromNode['ev']>(ev: E): Promise<Extract<FromNode, { ev: E }>> {
    for (;;) {
      const i = this.queue.findIndex((m) => m.ev === ev);
      if (i >= 0) return this.queue.splice(i, 1)[0] as Extract<FromNode, { ev: E }>;
      if (this.child.exitCode !== null) throw new Error(`node exited with ${this.child.exitCode}`);
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }
  tell(m: ToNode): void {
    this.child.send(m);
  }
  async stop(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.tell({ cmd: 'stop' });
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10000))]);
    if (this.child.exitCode === null) this.child.kill();
  }
}

/** One client per user, subscribed to its /userMessages topic; keeps the arrival time of each frame. */
interface Client { ws: WebSocket; arrivals: { at: number; raw: string }[] }

async function connectAll(url: string, users: { id: string; token: string }[]): Promise<Client[]> {
  const base = url.replace(/^http/, 'ws') + '/api/blade-message/ws?token=';
  const clients: Client[] = [];
  const one = (u: { id: string; token: string }) => new Promise<Client>((resolve, reject) => {
    const ws = new WebSocket(base + u.token, { perMessageDeflate: false });
    const c: Client = { ws, arrivals: [] };
    const topic = `/userMessages/${u.id}`;
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ op: 'subscribe', topic })));
    ws.on('message', (raw) => {
      const at = now(); // first, before any work of this client
      const text = raw.toString();
      if (text.startsWith('{"op":"subscribed"')) return resolve(c);
      c.arrivals.push({ at, raw: text });
    });
  });
  for (let i = 0; i < users.length; i += 250) clients.push(...(await Promise.all(users.slice(i, i + 250).map(one))));
  return clients;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function waitArrivals(clients: Client[], count: number, ms = 15000): Promise<void> {
  const deadline = Date.now() + ms;
  while (clients.some((c) => c.arrivals.length < count) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

interface Figures { p50: number; p99: number; max: number; delivered: number; expected: number }

function figures(samples: number[], expected: number): Figures {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: pct(s, 50), p99: pct(s, 99), max: s[s.length - 1], delivered: s.length, expected };
}

/** ROUNDS pushes straight from the hub of `from`; latency = arrival - sentAt (stamped by the publishing node). */
async function pushRounds(from: Node, clients: Client[], userIds: string[]): Promise<Figures & { publishMs: number[]; cpuMs: number[] }> {
  const samples: number[] = [];
  const publishMs: number[] = [];
  const cpuMs: number[] = [];
  // round 0 warms up (JIT, query plans) and is not counted
  for (let round = 0; round <= ROUNDS; round++) {
    for (const c of clients) c.arrivals.length = 0;
    from.tell({ cmd: 'publish', userIds, round });
    const published = await from.next('published');
    if (round) {
      publishMs.push(published.ms);
      cpuMs.push(published.cpuMs);
    }
    await waitArrivals(clients, 1);
    if (round) for (const c of clients) for (const a of c.arrivals) samples.push(a.at - (JSON.parse(a.raw).data.sentAt as number));
    await new Promise((r) => setTimeout(r, 300));
  }
  return { ...figures(samples, ROUNDS * clients.length), publishMs, cpuMs };
}

/** ROUNDS role broadcasts saved through the HTTP API of `url`; latency = arrival - the moment the request was sent. */
async function saveRounds(url: string, adminToken: string, roleId: string, clients: Client[]): Promise<Figures & { saveMs: number[] }> {
  const samples: number[] = [];
  const saveMs: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    for (const c of clients) c.arrivals.length = 0;
    const t0 = now();
    const res = await fetch(`${url}/api/blade-message/message/save`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${adminToken}` },
      body: JSON.stringify({ title: `压测广播 ${round}`, content: '每人一条', type: 4, roleId }),
    });
    if (round) saveMs.push(now() - t0);
    const body = (await res.json()) as { data?: { receiverCount?: number } };
    if (res.status !== 200 || body.data?.receiverCount !== clients.length) throw new Error(`save answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    await waitArrivals(clients, 1);
    if (round) for (const c of clients) for (const a of c.arrivals) samples.push(a.at - t0);
    await new Promise((r) => setTimeout(r, 300));
  }
  return { ...figures(samples, ROUNDS * clients.length), saveMs };
}

const fmt = (n: number) => n.toFixed(1).padStart(7);
function report(name: string, f: Figures, target: number): void {
  const lost = f.expected - f.delivered;
  console.log(`  ${name.padEnd(38)} p50 ${fmt(f.p50)} ms  p99 ${fmt(f.p99)} ms  max ${fmt(f.max)} ms  p99/target ${(f.p99 / target).toFixed(2)} (target ${target} ms)${lost ? `  LOST ${lost}` : ''}`);
}

async function closeAll(clients: Client[]): Promise<void> {
  await Promise.all(clients.map((c) => new Promise<void>((r) => {
    if (c.ws.readyState === WebSocket.CLOSED) return r();
    c.ws.once('close', () => r());
    c.ws.close();
    setTimeout(r, 5000);
  })));
}

async function singleNode(): Promise<void> {
  console.log(`\n# realtime, 1 node (PGlite): ${CLIENTS} clients, ${ROUNDS} rounds of one message each`);
  const { node, url } = await Node.start({});
  try {
    node.tell({ cmd: 'seed', users: CLIENTS });
    const seeded = await node.next('seeded');
    const t = now();
    const clients = await connectAll(url, seeded.users);
    console.log(`  ${clients.length} clients connected and subscribed in ${((now() - t) / 1000).toFixed(1)} s`);
    const push = await pushRounds(node, clients, seeded.users.map((u) => u.id));
    report('push (hub -> client)', push, 100);
    console.log(`  the node's fan-out (encode + write ${clients.length} frames) took ${push.publishMs.map((m) => m.toFixed(0)).join(', ')} ms, of which CPU (user + system) ${push.cpuMs.map((m) => m.toFixed(0)).join(', ')} ms`);
    const save = await saveRounds(url, seeded.adminToken, seeded.roleId, clients);
    report('save -> client (role broadcast)', save, 100);
    console.log(`  save call answered in ${save.saveMs.map((m) => m.toFixed(0)).join(', ')} ms`);
    await closeAll(clients);
  } finally {
    await node.stop();
  }
}

async function reachable(): Promise<string> {
  try {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
  } catch {
    return `PostgreSQL at ${PG_ADMIN_URL} is not reachable`;
  }
  const { Redis } = await import('ioredis');
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    await r.ping();
  } catch {
    return `Redis at ${REDIS_URL} is not reachable`;
  } finally {
    r.disconnect();
  }
  return '';
}

async function twoNodes(): Promise<void> {
  console.log(`\n# realtime, 2 nodes (PostgreSQL + Redis): ${CLIENTS} clients on node B, messages from node A`);
  const why = await reachable();
  if (why) {
    console.log(`  skipped: ${why}`);
    return;
  }
  const pg = (await import('pg')).default;
  const name = 'bench_' + randomBytes(5).toString('hex');
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(PG_ADMIN_URL);
  u.pathname = '/' + name;
  const env = { DATABASE_URL: u.toString(), REDIS_URL, PG_POOL_MAX: '20' };
  let a: Node | undefined, b: Node | undefined;
  try {
    const startedA = await Node.start({ ...env, NODE_ID: '1' });
    a = startedA.node;
    a.tell({ cmd: 'seed', users: CLIENTS });
    const seeded = await a.next('seeded');
    const startedB = await Node.start({ ...env, NODE_ID: '2' });
    b = startedB.node;
    const t = now();
    const clients = await connectAll(startedB.url, seeded.users);
    console.log(`  ${clients.length} clients connected to node B and subscribed in ${((now() - t) / 1000).toFixed(1)} s`);
    const push = await pushRounds(a, clients, seeded.users.map((x) => x.id));
    report('push (hub A -> Redis -> B -> client)', push, 150);
    console.log(`  node A's publish to Redis took ${push.publishMs.map((m) => m.toFixed(0)).join(', ')} ms`);
    const save = await saveRounds(startedA.url, seeded.adminToken, seeded.roleId, clients);
    report('save on A -> client on B', save, 150);
    console.log(`  save call answered in ${save.saveMs.map((m) => m.toFixed(0)).join(', ')} ms`);
    await closeAll(clients);
  } finally {
    await b?.stop();
    await a?.stop();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

let limit = '';
try {
  limit = execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim();
} catch { /* not a POSIX shell */ }
if (limit && limit !== 'unlimited' && Number(limit) < CLIENTS + 200) {
  console.log(`open file limit ${limit} is below ${CLIENTS + 200}: raise it first (ulimit -n 20000)`);
  process.exit(1);
}
// figures mean little on a busy machine: say how busy it was
console.log(`# ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
// SCENARIOS=1 or =2 runs one of them
const scenarios = (process.env.SCENARIOS ?? '1,2').split(',');
if (scenarios.includes('1')) await singleNode();
if (scenarios.includes('2')) await twoNodes();
console.log(`# load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at end`);
