// How a published event reaches the node that holds the user's socket. One node: in memory.
// Several nodes (REDIS_URL): every node publishes to one Redis channel and delivers what it
// hears from that channel, its own events included, so there is one path for both cases.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';

/** The same data for some users, each on the topic `${prefix}/${userId}`. */
export interface RealtimeEvent {
  prefix: string;
  userIds: string[];
  data: unknown;
}

export type Deliver = (event: RealtimeEvent) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(event: RealtimeEvent): Promise<void>;
  close(): Promise<void>;
}

export class MemoryBus implements Bus {
  readonly kind = 'memory';
  constructor(private readonly deliver: Deliver) {}
  async publish(event: RealtimeEvent): Promise<void> {
    this.deliver(event);
  }
  async close(): Promise<void> {}
}

/** Recipients per Redis message: a large broadcast starts arriving before all of it is encoded. */
const CHUNK = 500;

/**
 * The nodes of one deployment share its database, so the default channel is named from the
 * database address: two deployments (or two test runs) on one Redis never hear each other.
 * REALTIME_CHANNEL overrides it when nodes reach the same database by different addresses.
 */
export function channelName(databaseAddress: string): string {
  if (process.env.REALTIME_CHANNEL) return process.env.REALTIME_CHANNEL;
  return 'campus:realtime:' + createHash('sha256').update(databaseAddress).digest('hex').slice(0, 16);
}

export class RedisBus implements Bus {
  readonly kind = 'redis';
  private constructor(private readonly pub: Redis, private readonly sub: Redis, private readonly channel: string) {}

  /** Connects both connections and subscribes before answering, so a booted node hears every later event. Fails fast when Redis is unreachable. */
  static async connect(url: string, channel: string, deliver: Deliver, log: (err: unknown) => void): Promise<RedisBus> {
    const options = { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 3 };
    const pub = new Redis(url, options);
    const sub = new Redis(url, options);
    for (const c of [pub, sub]) c.on('error', log); // reconnects on its own; an unhandled error event would crash the process
    try {
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(channel);
    } catch (e) {
      pub.disconnect();
      sub.disconnect();
      throw new Error(`REDIS_URL is set but Redis cannot be reached: ${(e as Error).message}`);
    }
    sub.on('messageBuffer', (_ch: Buffer, raw: Buffer) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(raw.toString('utf8')) as RealtimeEvent;
      } catch (e) {
        log(e);
        return;
      }
      if (typeof event?.prefix === 'string' && Array.isArray(event.userIds)) deliver(event);
    });
    return new RedisBus(pub, sub, channel);
  }

  async publish(event: RealtimeEvent): Promise<void> {
    const sends: Promise<number>[] = [];
    for (let i = 0; i < event.userIds.length; i += CHUNK) {
      sends.push(this.pub.publish(this.channel, JSON.stringify({ ...event, userIds: event.userIds.slice(i, i + CHUNK) })));
    }
    await Promise.all(sends);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
