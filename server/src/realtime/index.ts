// The real-time channel: an authenticated WebSocket at /api/blade-message/ws (protocol in
// PROTOCOL below, also shown in the API docs) and `app.realtime`, the hub other modules publish
// through. With REDIS_URL every node relays through Redis pub/sub, so a user connected to any
// node hears what any node publishes.
import websocket from '@fastify/websocket';
import { z } from 'zod';
import type { TypedApp } from '../http/contract.ts';
import { ApiError } from '../http/errors.ts';
import type { ModuleDeps } from '../modules/index.ts';
import { channelName, MemoryBus, RedisBus } from './bus.ts';
import { chooseProtocol, Hub } from './hub.ts';

export { Hub, CLOSE_UNAUTHORIZED, CLOSE_GOING_AWAY, AUTH_PROTOCOL, type ServerFrame } from './hub.ts';
export { userMessagesTopic, streamMessagesTopic, USER_MESSAGES, STREAM_MESSAGES } from './topics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** publish(userId, topic, data) / publishToUsers(prefix, userIds, data) to connected users on any node */
    realtime: Hub;
  }
}

export const WS_PATH = '/api/blade-message/ws';

const PROTOCOL = `Upgrade to a WebSocket here. Token: \`?token=<access_token>\`, the \`Blade-Auth: bearer <token>\` header, or
\`new WebSocket(url, ['blade-auth', token])\` (Sec-WebSocket-Protocol; the server answers \`blade-auth\`).
The token is checked on connect, at its expiry and again every 30 s (logout revokes it): the socket is then closed with
code **4401** (sign in / refresh, then reconnect). Code 1001: the node shuts down, reconnect with back-off, then re-read
my/topList (nothing is replayed).

Client frames (JSON): \`{op:'subscribe', topic}\`, \`{op:'unsubscribe', topic}\`, \`{op:'ping'}\`,
\`{op:'auth', token}\` (a refreshed access token of the same user keeps the socket open), \`{op:'lang', lang:'zh'|'en'}\`
(the language of what is pushed from then on; \`?lang=en\` on connect, else Accept-Language). Messages the server sends
(workflow notices) are pushed in that language.
Server frames: \`{op:'message', topic, data}\`, \`{op:'error', msg}\`, \`{op:'pong'}\`, \`{op:'subscribed', topic}\`,
\`{op:'unsubscribed', topic}\`, \`{op:'authed', exp}\`.

Topics, each ending with the user id (only your own may be subscribed; others answer an error frame):
\`/userMessages/{userId}\` new messages, data \`{id, title, content, type, pcUrl, createTime}\`, and messages marked read by
what the user did elsewhere (handled or opened the task a notice was about), data \`{kind:'read', ids, unReadCount}\`;
\`/streamMessages/{userId}\` and \`/streamMessages/{moduleId}/{userId}\` AI answer streams.
A plain GET (no upgrade) answers 426.`;

/** Seconds between token re-checks; WS_RECHECK_SECONDS shortens it in tests. */
const recheckMs = () => Math.max(Number(process.env.WS_RECHECK_SECONDS) || 30, 0.05) * 1000;

export async function realtimeModule(app: TypedApp, { auth, config }: ModuleDeps): Promise<void> {
  const log = (err: unknown) => app.log.warn({ err }, 'realtime bus');
  const hub = await Hub.open(auth.tokens, { recheckMs: recheckMs() }, async (deliver) =>
    config.redisUrl
      ? RedisBus.connect(config.redisUrl, channelName(config.databaseUrl || config.dataDir), deliver, log)
      : new MemoryBus(deliver));
  app.decorate('realtime', hub);
  // added before the websocket plugin's own preClose, so clients hear 1001 rather than a bare close
  app.addHook('preClose', async () => hub.closeSockets());
  app.addHook('onClose', async () => hub.close());

  await app.register(websocket, { options: { maxPayload: 64 * 1024, handleProtocols: chooseProtocol } });

  app.route({
    method: 'GET',
    url: WS_PATH,
    // the hub checks the token itself, so a refusal is a 4401 close the client can tell from a network error
    config: { public: true },
    // the access log would otherwise record ?token=
    logLevel: 'warn',
    schema: {
      tags: ['message'], summary: 'Real-time channel (WebSocket): new messages and AI answer streams', description: PROTOCOL,
      querystring: z.object({ token: z.string().max(4096).optional(), lang: z.string().max(16).optional() }).passthrough(),
    },
    handler: async () => {
      throw new ApiError(426, ['请使用 WebSocket 连接此地址', 'Connect to this address with a WebSocket (Upgrade: websocket)']);
    },
    wsHandler: (socket, req) => hub.accept(socket, req),
  });
}
