// Request limits (@fastify/rate-limit, per route): the counters live in this process, or in Redis
// when REDIS_URL is set so every node of a deployment counts against one limit. Routes key on
// req.ip, which is the socket's address unless TRUST_PROXY names the proxy that sets X-Forwarded-For.
import { createHash } from 'node:crypto';
import type { RateLimitOptions, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { ApiError } from './errors.ts';
import type { MessageKey } from './messages.ts';

export interface RateLimitStore {
  /** options for registering @fastify/rate-limit (global: false: only routes that ask are limited) */
  plugin: RateLimitPluginOptions;
  kind: 'memory' | 'redis';
  close(): Promise<void>;
}

/**
 * The counters' store. With a Redis URL it connects before answering (a node that cannot reach
 * Redis does not start, like the real-time bus) and names its keys after the deployment's database,
 * so two deployments (or two test runs) on one Redis never share counters. A Redis outage later
 * lets requests through (skipOnError) rather than refusing every sign-in.
 */
export async function rateLimitStore(config: Config, log: (err: unknown) => void): Promise<RateLimitStore> {
  if (!config.redisUrl) return { plugin: { global: false }, kind: 'memory', close: async () => undefined };
  const redis = new Redis(config.redisUrl, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', log); // it reconnects on its own; an unhandled error event would crash the process
  try {
    await redis.connect();
  } catch (e) {
    redis.disconnect();
    throw new Error(`REDIS_URL is set but Redis cannot be reached: ${(e as Error).message}`);
  }
  const nameSpace = 'campus:ratelimit:' + createHash('sha256').update(config.databaseUrl || config.dataDir).digest('hex').slice(0, 16) + ':';
  return {
    plugin: { global: false, redis, nameSpace, skipOnError: true },
    kind: 'redis',
    close: async () => { await redis.quit().catch(() => redis.disconnect()); },
  };
}

/**
 * A route's limit: `max` requests per client address within `windowSeconds` (false when max is 0),
 * answered with 429, Retry-After and `message` ({seconds}) in the caller's language.
 */
export function perAddress(max: number, windowSeconds: number, message: MessageKey = 'tooManyRequests', key: (req: FastifyRequest) => string = (req) => req.ip): RateLimitOptions | false {
  if (max <= 0) return false;
  return {
    max,
    timeWindow: windowSeconds * 1000,
    keyGenerator: key,
    errorResponseBuilder: (_req, c) => new ApiError(429, message, { seconds: Math.max(1, Math.ceil(c.ttl / 1000)) }),
  };
}

/** TRUST_PROXY as a hop count: the nearest `hops` addresses of the X-Forwarded-For chain are proxies (proxy-addr's meaning). */
export const trustHops = (hops: number) => (_address: string, hop: number): boolean => hop < hops;
