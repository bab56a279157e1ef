// The real-time channel (000 §4 "Real-time messages", 001 §2.5): an authenticated WebSocket that
// pushes each new message to its recipients only, refuses other users' topics, ends with the
// session, and, with Redis, delivers a message saved on one node to a user connected to another.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { SEED } from '../src/db/seed.ts';
import { streamMessagesTopic, userMessagesTopic, WS_PATH } from '../src/realtime/index.ts';
import { addUser, forEachDatabase, postgresAvailable, startServer, type TestServer } from './harness.ts';

// re-check tokens every 0.3 s instead of 30 s, so revocation shows within the test
process.env.WS_RECHECK_SECONDS = '0.3';

const M = '/api/blade-message/message';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Frame = { op: string; topic?: string; data?: Record<string, unknown>; msg?: string; exp?: number };

/** A WebSocket client that keeps every frame, so a test can wait for one or assert that none came. */
class Client {
  readonly frames: Frame[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static connect(url: string, opts: { token?: string; protocols?: string[]; headers?: Record<string, string>; autoPong?: boolean } = {}): Promise<Client> {
    const u = url.replace(/^http/, 'ws') + WS_PATH + (opts.token ? `?token=${encodeURIComponent(opts.token)}` : '');
    const ws = new WebSocket(u, opts.protocols, { headers: opts.headers, autoPong: opts.autoPong ?? true });
    const c = new Client(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(c));
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  // a frame that should come may take seconds on a loaded machine (the full run shares two cores); waiting longer only slows a failure
  async next(pred: (f: Frame) => boolean, ms = 15_000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.frames.find(pred);
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    }
  }

  async subscribe(topic: string): Promise<void> {
    this.send({ op: 'subscribe', topic });
    await this.next((f) => f.op === 'subscribed' && f.topic === topic);
  }

  messages(): Frame[] {
    return this.frames.filter((f) => f.op === 'message');
  }

  close(): void {
    this.ws.close();
  }
}

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

await forEachDatabase('realtime', (kind) => {
  let s: TestServer;
  let admin: string, user: string, info: string;
  let infoId: string;
  const clients: Client[] = [];
  const connect = async (token: string, topic?: string) => {
    const c = await Client.connect(s.url, { token });
    clients.push(c);
    if (topic) await c.subscribe(topic);
    return c;
  };
  const save = (token: string, body: Record<string, unknown>) => s.api(`${M}/save`, { method: 'POST', token, json: body });

  before(async () => {
    s = await startServer({ kind });
    infoId = await addUser(s, 'info1', { deptId: SEED.deptInfoId, roleId: SEED.adminRoleId });
    [admin, user, info] = (await Promise.all([s.login('admin', 'admin'), s.login('user', 'user'), s.login('info1', 'user')])).map((a) => a.access_token as string);
  });
  after(async () => {
    for (const c of clients) c.close();
    await s?.close();
  });

  test('a new message is pushed on /userMessages/{userId} to its recipient only', async () => {
    const u = await connect(user, userMessagesTopic(SEED.userId));
    const a = await connect(admin, userMessagesTopic(SEED.adminId));
    const r = await save(admin, { title: '实时通知', content: '你好', type: 1, pcUrl: '/workflow/todo', userIds: SEED.userId });
    assert.equal(r.status, 200);
    const f = await u.next((x) => x.op === 'message');
    assert.equal(f.topic, `/userMessages/${SEED.userId}`);
    assert.deepEqual(Object.keys(f.data!).sort(), ['content', 'createTime', 'id', 'pcUrl', 'title', 'type']);
    assert.equal(f.data!.id, r.body.data.id);
    assert.equal(f.data!.title, '实时通知');
    assert.equal(f.data!.content, '你好');
    assert.equal(f.data!.type, 1);
    assert.equal(f.data!.pcUrl, '/workflow/todo');
    await settle();
    assert.equal(a.messages().length, 0, 'the sender hears nothing');
    assert.equal(u.messages().length, 1);
  });

  test('another user\'s topic is refused with an error frame and never carries data', async () => {
    const spy = await connect(info);
    spy.send({ op: 'subscribe', topic: userMessagesTopic(SEED.userId) });
    const e = await spy.next((f) => f.op === 'error');
    assert.equal(e.msg, `无权订阅该主题：/userMessages/${SEED.userId}`);
    spy.send({ op: 'subscribe', topic: streamMessagesTopic(SEED.userId, 'workshop1') });
    spy.send({ op: 'subscribe', topic: '/somethingElse/1' });
    await spy.next((f) => f.op === 'error' && /主题格式不正确/.test(f.msg ?? ''));
    await save(admin, { title: '只给 user', type: 1, userIds: SEED.userId });
    await s.server.app.realtime.publish(SEED.userId, streamMessagesTopic(SEED.userId, 'workshop1'), { answer: 'x' });
    await settle();
    assert.equal(spy.messages().length, 0);
    assert.equal(spy.frames.filter((f) => f.op === 'subscribed').length, 0);
  });

  test('department and role broadcasts are pushed to exactly the members', async () => {
    const a = await connect(admin, userMessagesTopic(SEED.adminId));
    const u = await connect(user, userMessagesTopic(SEED.userId));
    const i = await connect(info, userMessagesTopic(infoId));
    await save(admin, { title: '教务处广播', type: 2, deptId: SEED.deptTeachId });
    await a.next((f) => f.data?.title === '教务处广播');
    await u.next((f) => f.data?.title === '教务处广播');
    await save(user, { title: '管理员广播', type: 4, roleId: SEED.adminRoleId });
    await a.next((f) => f.data?.title === '管理员广播');
    await i.next((f) => f.data?.title === '管理员广播');
    await settle();
    assert.deepEqual(i.messages().map((f) => f.data!.title), ['管理员广播']);
    assert.deepEqual(u.messages().map((f) => f.data!.title), ['教务处广播']);
    assert.deepEqual(a.messages().map((f) => f.data!.title), ['教务处广播', '管理员广播']);
    assert.equal(a.messages()[0].data!.type, 2);
  });

  test('AI streams go to /streamMessages topics of the user, with or without a module', async () => {
    const c = await connect(user, streamMessagesTopic(SEED.userId));
    await c.subscribe(streamMessagesTopic(SEED.userId, 'ws-9'));
    await s.server.app.realtime.publish(SEED.userId, streamMessagesTopic(SEED.userId), { delta: '你' });
    await s.server.app.realtime.publish(SEED.userId, streamMessagesTopic(SEED.userId, 'ws-9'), { delta: '好' });
    await c.next((f) => f.op === 'message' && f.topic === `/streamMessages/ws-9/${SEED.userId}`);
    assert.deepEqual(c.messages().map((f) => [f.topic, f.data]), [[`/streamMessages/${SEED.userId}`, { delta: '你' }], [`/streamMessages/ws-9/${SEED.userId}`, { delta: '好' }]]);
    c.send({ op: 'unsubscribe', topic: streamMessagesTopic(SEED.userId) });
    await c.next((f) => f.op === 'unsubscribed');
    await s.server.app.realtime.publish(SEED.userId, streamMessagesTopic(SEED.userId), { delta: '!' });
    await settle(150);
    assert.equal(c.messages().length, 2, 'nothing after unsubscribe');
    await assert.rejects(s.server.app.realtime.publish(SEED.adminId, userMessagesTopic(SEED.userId), {}), /does not belong/);
  });

  test('ping answers pong; malformed frames and unknown ops answer an error frame (English on request)', async () => {
    const c = await connect(user);
    c.send({ op: 'ping' });
    await c.next((f) => f.op === 'pong');
    c.send('not json');
    await c.next((f) => f.op === 'error' && /JSON/.test(f.msg ?? ''));
    c.send({ op: 'dance' });
    await c.next((f) => f.op === 'error' && f.msg === '不支持的操作：dance');
    const en = await Client.connect(s.url, { token: user, headers: { 'Accept-Language': 'en' } });
    clients.push(en);
    en.send({ op: 'subscribe', topic: userMessagesTopic(SEED.adminId) });
    assert.equal((await en.next((f) => f.op === 'error')).msg, `You may not subscribe to /userMessages/${SEED.adminId}`);
  });

  test('the token may come as a Blade-Auth header or a Sec-WebSocket-Protocol entry', async () => {
    const h = await Client.connect(s.url, { headers: { 'Blade-Auth': `bearer ${user}` } });
    clients.push(h);
    await h.subscribe(userMessagesTopic(SEED.userId));
    const p = await Client.connect(s.url, { protocols: ['blade-auth', user] });
    clients.push(p);
    assert.equal(p.ws.protocol, 'blade-auth');
    await p.subscribe(userMessagesTopic(SEED.userId));
    await save(admin, { title: '两种令牌', type: 1, userIds: SEED.userId });
    await h.next((f) => f.data?.title === '两种令牌');
    await p.next((f) => f.data?.title === '两种令牌');
  });

  test('a missing or invalid token closes the socket with 4401', async () => {
    const none = await Client.connect(s.url);
    assert.equal((await none.closed).code, 4401);
    const bad = await Client.connect(s.url, { token: user.slice(0, -4) + 'abcd' });
    assert.equal((await bad.closed).code, 4401);
    const plain = await s.api(WS_PATH, { token: user });
    assert.equal(plain.status, 426, 'a plain GET is told to upgrade');
  });

  test('logging out (revocation) closes the socket with 4401', async () => {
    const session = (await s.login('user', 'user')).access_token as string;
    const c = await connect(session, userMessagesTopic(SEED.userId));
    const out = await s.api('/api/blade-auth/oauth/logout', { token: session });
    assert.equal(out.status, 200);
    const closed = await Promise.race([c.closed, settle(3000).then(() => null)]);
    assert.equal(closed?.code, 4401);
  });

  test('the socket closes with 4401 when the token expires, unless a refreshed token is sent', async () => {
    const tokens = s.server.services.auth.tokens;
    const claims = (await tokens.verify(user, 'access')).claims;
    const short = await tokens.sign(claims, 'access', 1, 'short-session');
    const c = await connect(short);
    const started = Date.now();
    assert.equal((await c.closed).code, 4401);
    assert.ok(Date.now() - started < 2500);

    // the renewal must be read before the first token ends: on a loaded machine the connect and the
    // renewal can take seconds, so when the answer came too late to prove anything the check runs
    // again with a longer first token (never a pass without the socket outliving a renewed expiry)
    let renewed: Client | undefined;
    for (const firstTtl of [5, 30]) {
      const signedAt = Date.now();
      const c2 = await connect(await tokens.sign(claims, 'access', firstTtl, 'renewed-session'));
      c2.send({ op: 'auth', token: await tokens.sign(claims, 'access', 60, 'renewed-session') });
      await c2.next((f) => f.op === 'authed');
      if (Date.now() > signedAt + (firstTtl - 1) * 1000) { c2.ws.close(); continue; }
      await settle(Math.max(0, signedAt + (firstTtl + 1) * 1000 - Date.now()));
      assert.equal(c2.ws.readyState, WebSocket.OPEN, 'still open past the first expiry');
      renewed = c2;
      break;
    }
    assert.ok(renewed, 'the renewal was read before the first token ended');
    renewed!.send({ op: 'auth', token: admin });
    assert.equal((await renewed!.next((f) => f.op === 'error')).msg, '令牌属于其他用户');
  });

  test('a peer that stops answering pings is cut after three checks (5 s at the least); one that answers late is not', async () => {
    const silent = await Client.connect(s.url, { token: user, autoPong: false });
    const talking = await connect(user);
    const started = Date.now();
    const closed = await Promise.race([silent.closed, settle(15_000).then(() => null)]);
    assert.ok(closed, 'the silent socket was cut');
    assert.ok(Date.now() - started >= 4500, `cut after ${Date.now() - started} ms`);
    assert.equal(talking.ws.readyState, WebSocket.OPEN, 'the answering socket stays');
  });

  test('closing the server tells connected clients to go away (1001)', async () => {
    const other = await startServer({ kind });
    try {
      const t = (await other.login('user', 'user')).access_token as string;
      const c = await Client.connect(other.url, { token: t });
      await c.subscribe(userMessagesTopic(SEED.userId));
      assert.equal(other.server.app.realtime.stats().sockets, 1);
      await other.close();
      assert.equal((await c.closed).code, 1001);
    } catch (e) {
      await other.close().catch(() => undefined);
      throw e;
    }
  });
});

async function redisAvailable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

test('two nodes on one PostgreSQL with Redis: a message saved on node A reaches a socket on node B', async (t) => {
  if (!(await postgresAvailable())) return t.skip('PostgreSQL at 127.0.0.1:5432 is not reachable');
  if (!(await redisAvailable())) return t.skip(`Redis at ${REDIS_URL} is not reachable`);
  const a = await startServer({ kind: 'postgres', config: { redisUrl: REDIS_URL } });
  let b: TestServer | undefined;
  try {
    b = await startServer({ databaseUrl: a.databaseUrl, config: { redisUrl: REDIS_URL } });
    assert.equal(a.server.app.realtime.busKind, 'redis');
    const admin = (await a.login('admin', 'admin')).access_token as string;
    const user = (await b.login('user', 'user')).access_token as string; // one session table: either node's token works on both
    const onB = await Client.connect(b.url, { token: user });
    await onB.subscribe(userMessagesTopic(SEED.userId));
    const adminOnB = await Client.connect(b.url, { token: admin });
    await adminOnB.subscribe(userMessagesTopic(SEED.adminId));
    const r = await a.api(`${M}/save`, { method: 'POST', token: admin, json: { title: '跨节点消息', content: 'A → B', type: 1, userIds: SEED.userId } });
    assert.equal(r.status, 200);
    const f = await onB.next((x) => x.op === 'message');
    assert.equal(f.data!.id, r.body.data.id);
    assert.equal(f.data!.title, '跨节点消息');
    await settle();
    assert.equal(onB.messages().length, 1, 'delivered once, not once per node');
    assert.equal(adminOnB.messages().length, 0);
    // and the other way round, from node B's hub to a socket on node A
    const onA = await Client.connect(a.url, { token: user });
    await onA.subscribe(streamMessagesTopic(SEED.userId));
    await b.server.app.realtime.publish(SEED.userId, streamMessagesTopic(SEED.userId), { delta: 'B → A' });
    assert.deepEqual((await onA.next((x) => x.op === 'message')).data, { delta: 'B → A' });
    for (const c of [onA, onB, adminOnB]) c.close();
  } finally {
    await b?.close();
    await a.close();
  }
});
