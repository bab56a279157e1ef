// Every setting of the server, read once from the environment, with defaults that run on one laptop.
import { resolve } from 'node:path';

const env = process.env;
const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

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
  captchaTtlSeconds: number;
  logLevel: string;
  seedDemo: boolean;
}

export function loadConfig(over: Partial<Config> = {}): Config {
  const dataDir = resolve(over.dataDir ?? env.DATA_DIR ?? 'data');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    redisUrl: env.REDIS_URL ?? '',
    jwtSecret: env.JWT_SECRET ?? '',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    uploadDir: resolve(env.UPLOAD_DIR ?? resolve(dataDir, 'upload')),
    bodyLimit: int(env.BODY_LIMIT, 2 * 1024 * 1024),
    uploadLimit: int(env.UPLOAD_LIMIT, 50 * 1024 * 1024),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 30),
    loginRateLimit: int(env.LOGIN_RATE_LIMIT, 20),
    loginRateWindowSeconds: int(env.LOGIN_RATE_WINDOW_SECONDS, 60),
    captchaTtlSeconds: int(env.CAPTCHA_TTL_SECONDS, 300),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    ...over,
  };
}
