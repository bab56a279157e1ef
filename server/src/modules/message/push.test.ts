// The push's fan-out (server/src/realtime/hub.ts): each recipient's frame is assembled from bytes
// encoded once per event, and a broadcast is written a slice of recipients at a time. These check
// that the bytes are exactly the JSON frame of the protocol (escapes and UTF-8 included), that a
// socket hears its events in publishing order even when an event before it is written in several
// slices, and that unsubscribing stops the frames.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import WebSocket from 'ws';
import { SEED } from '../../db/seed.ts';
import { streamMessagesTopic, USER_MESSAGES, userMessagesTopic, WS_PATH } from '../../realtime/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';

let s: TestServer;
let token: string;
before(async () => {
  s = await startServer({ kind: 'pglite' });
  token = (await s.login('user', 'user')).access_token as string;
});
after(async () => { await s?.close(); });

/** A socket of `user` that keeps the raw text of every frame. */
async function open(): Promise<{ ws: WebSocket; frames: string[]; next(n: number): Promise<string[]> }> {
  const ws = new WebSocket(s.url.replace(/^http/, 'ws') + WS_PATH + '?token=' + token);
  const frames: string[] = [];
  let wake = () => {};
  ws.on('message', (raw, binary) => {
    assert.equal(binary, false, 'frames are text');
    frames.push(raw.toString());
    wake();
  });
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  const next = async (n: number) => {
    const deadline = Date.now() + 5000;
    while (frames.length < n && Date.now() < deadline) await new Promise<void>((r) => { wake = r; setTimeout(r, 50); });
    assert.ok(frames.length >= n, `expected ${n} frames, got ${JSON.stringify(frames)}`);
    return frames.slice(0, n);
  };
  return { ws, frames, next };
}

test('the frame bytes are the JSON of {op, topic, data}, escapes and non-ASCII text included', async () => {
  const c = await open();
  c.ws.send(JSON.stringify({ op: 'subscribe', topic: userMessagesTopic(SEED.userId) }));
  await c.next(1);
  const data = { id: '1', title: '通知 "引号" \\ 反斜杠 \n 换行 😀', content: '<b>&</b>', type: 1, pcUrl: null, nested: { a: [1, 2] } };
  await s.server.app.realtime.publish(SEED.userId, userMessagesTopic(SEED.userId), data);
  const [, frame] = await c.next(2);
  assert.equal(frame, JSON.stringify({ op: 'message', topic: userMessagesTopic(SEED.userId), data }));
  c.ws.close();
});

test('a socket hears its events in publishing order, behind a broadcast written in several slices', async () => {
  const c = await open();
  c.ws.send(JSON.stringify({ op: 'subscribe', topic: userMessagesTopic(SEED.userId) }));
  await c.next(1);
  // 4,000 recipients (most not connected) with this user last: its frame is in the last slice
  const many = Array.from({ length: 3999 }, (_, i) => String(9000000000000000000n + BigInt(i)));
  const hub = s.server.app.realtime;
  const first = hub.publishToUsers(USER_MESSAGES, [...many, SEED.userId], { n: 1 });
  const second = hub.publish(SEED.userId, userMessagesTopic(SEED.userId), { n: 2 });
  await Promise.all([first, second, hub.written()]);
  const frames = await c.next(3);
  assert.deepEqual(frames.slice(1).map((f) => JSON.parse(f).data.n), [1, 2]);
  c.ws.close();
});

test('after unsubscribe the topic is silent; another topic of the same socket still hears', async () => {
  const c = await open();
  const mine = userMessagesTopic(SEED.userId);
  const stream = streamMessagesTopic(SEED.userId, 'workshop1');
  c.ws.send(JSON.stringify({ op: 'subscribe', topic: mine }));
  c.ws.send(JSON.stringify({ op: 'subscribe', topic: stream }));
  c.ws.send(JSON.stringify({ op: 'unsubscribe', topic: mine }));
  await c.next(3);
  const hub = s.server.app.realtime;
  await hub.publish(SEED.userId, mine, { n: 'mine' });
  await hub.publish(SEED.userId, stream, { n: 'stream' });
  await hub.publish(SEED.userId, streamMessagesTopic(SEED.userId), { n: 'other stream' });
  await hub.written();
  const frames = await c.next(4);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(c.frames.length, 4, 'only the subscribed stream topic');
  assert.deepEqual(JSON.parse(frames[3]), { op: 'message', topic: stream, data: { n: 'stream' } });
  c.ws.close();
});
