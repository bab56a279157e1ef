// Every setting of the server, read once from the environment, with defaults that run on one laptop.
// Each value is checked at boot (zod): a bad one stops the start with a message naming the variable,
// instead of silently running with the default.
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { IMPORT_LIMITS } from './http/xlsx-guard.ts';
import { parseAllowance } from './net/egress.ts';

export interface Config {
  port: number;
  host: string;
  /** PGlite data folder, used when databaseUrl is empty. */
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  /** Overrides the signing secret kept in the database (all nodes must agree). */
  jwtSecret: string;
  /** Folder with the built web app served at /. */
  webDist: string;
  uploadDir: string;
  bodyLimit: number;
  uploadLimit: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** sign-in attempts per client address and account within loginRateWindowSeconds (0: no limit) */
  loginRateLimit: number;
  loginRateWindowSeconds: number;
  /** public captcha images per client address within captchaRateWindowSeconds (0: no limit) */
  captchaRateLimit: number;
  captchaRateWindowSeconds: number;
  /** sign-in codes sent by SMS per client address within smsRateWindowSeconds (0: no limit) */
  smsRateLimit: number;
  smsRateWindowSeconds: number;
  /** guest registrations per client address within registerRateWindowSeconds (0: no limit) */
  registerRateLimit: number;
  registerRateWindowSeconds: number;
  /**
   * Which peers may set X-Forwarded-For (Fastify's trustProxy): false (none: the client address is
   * the socket's), a hop count, or the proxies' addresses / CIDRs.
   */
  trustProxy: false | number | string[];
  captchaTtlSeconds: number;
  logLevel: string;
  seedDemo: boolean;
  /**
   * The demo campus (server/src/demo/campus.ts): departments, people, roles, dictionaries, notices and
   * six ready processes, made once through the HTTP API at boot. With seedDemo, unless SEED_CAMPUS=false
   * or set here (the tests' servers turn it off, so they keep the bare seed).
   */
  seedCampus: boolean;
  /** EGRESS_ALLOW: CIDRs, IPs or host names a tenant's outbound connections may reach although private/loopback (server/src/net/egress.ts) */
  egressAllow: string[];
  /** IMAP_ALLOW_PLAINTEXT=true: sign in to an IMAP server on a plain port that offers no STARTTLS (password in clear); off by default */
  imapAllowPlaintext: boolean;
  /** POP3_ALLOW_PLAINTEXT=true: sign in to a POP3 server on a plain port that offers no STLS (password in clear); off by default */
  pop3AllowPlaintext: boolean;
  /** API_LOG_RETENTION_DAYS: 接口日志 rows older than this many days are removed by the nightly logCleanup job (default 30) */
  apiLogRetentionDays: number;
  /** IMPORT_MAX_BYTES: bytes of an uploaded Excel import file (default 10 MB) */
  importMaxBytes: number;
  /** IMPORT_MAX_UNCOMPRESSED_BYTES: bytes of an import xlsx once unzipped, read from its zip directory before anything is inflated (default 50 MB) */
  importMaxUncompressedBytes: number;
  /** IMPORT_MAX_ROWS: data rows of an import file, all sheets together (default 10,000) */
  importMaxRows: number;
}

/** A setting of the environment that cannot be used; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings in the environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const whole = (min: number, max: number) => z.string().trim()
  .regex(/^-?\d+$/, `must be a whole number from ${min} to ${max}`)
  .transform(Number)
  .pipe(z.number().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`));
const number = (min: number, max: number) => z.string().trim()
  .regex(/^\d+(\.\d+)?$/, `must be a number from ${min} to ${max}`)
  .transform(Number)
  .pipe(z.number().min(min, `must be a number from ${min} to ${max}`).max(max, `must be a number from ${min} to ${max}`));
const MAX_INT = 2 ** 31 - 1;
const canParse = (u: string) => { try { new URL(u); return true; } catch { return false; } };
const postgresUrl = z.string().trim().refine(
  (v) => /^postgres(ql)?:\/\/\S*$/.test(v) && (canParse(v) || canParse(v.replace(/@\//, '@localhost/'))),
  'must be a PostgreSQL URL: postgres://user:password@host:5432/database',
);
const redisUrl = z.string().trim().refine(
  (v) => (/^rediss?:\/\/\S*$/.test(v) && canParse(v)) || /^\/\S+$/.test(v),
  'must be a Redis URL: redis://host:6379 (rediss:// for TLS) or a socket path',
);
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const bool = z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY besides addresses and CIDRs */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isCidrOrAddress = (v: string): boolean => {
  const [addr, bits, extra] = v.split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
};
const trustProxy = z.string().trim().transform((v, ctx): false | number | string[] => {
  if (v === 'false' || v === '0' || v === 'off') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 100) return hops;
  }
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = list.filter((s) => !PROXY_RANGES.has(s) && !isCidrOrAddress(s));
  if (!list.length || bad.length) {
    ctx.addIssue({ code: 'custom', message: `must name the reverse proxy: its addresses or CIDRs (comma separated, e.g. 10.0.0.5,10.1.0.0/16), loopback, or a hop count${bad.length ? `; not an address: ${bad.join(', ')}` : ''}` });
    return z.NEVER;
  }
  return list;
});

/** The environment variables the server reads, each with what it may hold. An empty value is unset. */
const ENV = z.object({
  PORT: whole(0, 65535).optional(),
  HOST: z.string().trim().refine((v) => isIP(v) !== 0 || /^[A-Za-z0-9.-]+$/.test(v), 'must be an address or host name to listen on').optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: redisUrl.optional(),
  JWT_SECRET: z.string().min(16, 'must be at least 16 characters (or unset, to keep the one in the database)').optional(),
  WEB_DIST: z.string().optional(),
  UPLOAD_DIR: z.string().optional(),
  BODY_LIMIT: whole(1024, MAX_INT).optional(),
  UPLOAD_LIMIT: whole(1024, 2 ** 40).optional(),
  LOGIN_MAX_FAILURES: whole(0, 1000).optional(),
  LOGIN_LOCK_MINUTES: whole(0, 525600).optional(),
  LOGIN_RATE_LIMIT: whole(0, 1_000_000).optional(),
  LOGIN_RATE_WINDOW_SECONDS: whole(1, 86400).optional(),
  CAPTCHA_RATE_LIMIT: whole(0, 1_000_000).optional(),
  CAPTCHA_RATE_WINDOW_SECONDS: whole(1, 86400).optional(),
  SMS_RATE_LIMIT: whole(0, 1_000_000).optional(),
  SMS_RATE_WINDOW_SECONDS: whole(1, 86400).optional(),
  REGISTER_RATE_LIMIT: whole(0, 1_000_000).optional(),
  REGISTER_RATE_WINDOW_SECONDS: whole(1, 86400).optional(),
  TRUST_PROXY: trustProxy.optional(),
  CAPTCHA_TTL_SECONDS: whole(10, 86400).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  SEED_DEMO: bool.optional(),
  SEED_CAMPUS: bool.optional(),
  EGRESS_ALLOW: z.string().transform((v, ctx) => {
    const list = v.split(',').map((s) => s.trim()).filter(Boolean);
    try { parseAllowance(list); } catch (e) { ctx.addIssue({ code: 'custom', message: (e as Error).message.replace(/^EGRESS_ALLOW: /, '') }); return z.NEVER; }
    return list;
  }).optional(),
  IMAP_ALLOW_PLAINTEXT: bool.optional(),
  POP3_ALLOW_PLAINTEXT: bool.optional(),
  API_LOG_RETENTION_DAYS: whole(1, 36500).optional(),
  IMPORT_MAX_BYTES: whole(1024, 2 ** 40).optional(),
  IMPORT_MAX_UNCOMPRESSED_BYTES: whole(1024, 2 ** 40).optional(),
  IMPORT_MAX_ROWS: whole(1, 10_000_000).optional(),
  // read where they are used (db/index.ts, db/ids.ts, main.ts, http/metrics.ts, realtime): checked here so a bad one stops the start too
  PG_POOL_MAX: whole(1, 10000).optional(),
  DB_POOLER: z.enum(['transaction', 'session'], { message: 'must be transaction or session' }).optional(),
  NODE_ID: whole(0, 1023).optional(),
  DRAIN_SECONDS: number(0, 60).optional(),
  WS_RECHECK_SECONDS: number(0.05, 86400).optional(),
});

/** The environment's settings checked; throws a ConfigError naming every bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): z.infer<typeof ENV> {
  const present: Record<string, string> = {};
  for (const key of Object.keys(ENV.shape)) {
    const v = source[key];
    if (v !== undefined && v !== '') present[key] = v;
  }
  const r = ENV.safeParse(present);
  if (r.success) return r.data;
  const problems = r.error.issues.map((i) => {
    const key = String(i.path[0] ?? '');
    const shown = key === 'JWT_SECRET' || key === 'DATABASE_URL' || key === 'REDIS_URL' ? '' : `=${JSON.stringify(present[key] ?? '').slice(0, 80)}`;
    return `${key}${shown}: ${i.message}`;
  });
  throw new ConfigError(problems);
}

export function loadConfig(over: Partial<Config> = {}, source: NodeJS.ProcessEnv = process.env): Config {
  const env = readEnv(source);
  const dataDir = resolve(over.dataDir ?? env.DATA_DIR ?? 'data');
  const seedDemo = over.seedDemo ?? env.SEED_DEMO ?? true;
  return {
    port: env.PORT ?? 8080,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    redisUrl: env.REDIS_URL ?? '',
    jwtSecret: env.JWT_SECRET ?? '',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    uploadDir: resolve(env.UPLOAD_DIR ?? resolve(dataDir, 'upload')),
    bodyLimit: env.BODY_LIMIT ?? 2 * 1024 * 1024,
    uploadLimit: env.UPLOAD_LIMIT ?? 50 * 1024 * 1024,
    loginMaxFailures: env.LOGIN_MAX_FAILURES ?? 5,
    loginLockMinutes: env.LOGIN_LOCK_MINUTES ?? 30,
    loginRateLimit: env.LOGIN_RATE_LIMIT ?? 20,
    loginRateWindowSeconds: env.LOGIN_RATE_WINDOW_SECONDS ?? 60,
    captchaRateLimit: env.CAPTCHA_RATE_LIMIT ?? 60,
    captchaRateWindowSeconds: env.CAPTCHA_RATE_WINDOW_SECONDS ?? 60,
    smsRateLimit: env.SMS_RATE_LIMIT ?? 10,
    smsRateWindowSeconds: env.SMS_RATE_WINDOW_SECONDS ?? 3600,
    registerRateLimit: env.REGISTER_RATE_LIMIT ?? 10,
    registerRateWindowSeconds: env.REGISTER_RATE_WINDOW_SECONDS ?? 3600,
    trustProxy: env.TRUST_PROXY ?? false,
    captchaTtlSeconds: env.CAPTCHA_TTL_SECONDS ?? 300,
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo,
    seedCampus: seedDemo && (env.SEED_CAMPUS ?? true),
    egressAllow: env.EGRESS_ALLOW ?? [],
    imapAllowPlaintext: env.IMAP_ALLOW_PLAINTEXT ?? false,
    pop3AllowPlaintext: env.POP3_ALLOW_PLAINTEXT ?? false,
    apiLogRetentionDays: env.API_LOG_RETENTION_DAYS ?? 30,
    importMaxBytes: env.IMPORT_MAX_BYTES ?? IMPORT_LIMITS.maxBytes,
    importMaxUncompressedBytes: env.IMPORT_MAX_UNCOMPRESSED_BYTES ?? IMPORT_LIMITS.maxUncompressedBytes,
    importMaxRows: env.IMPORT_MAX_ROWS ?? IMPORT_LIMITS.maxRows,
    ...over,
  };
}
