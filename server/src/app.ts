// Assembles the server: database, contract plumbing, modules (the descriptors of modules/index.ts:
// their migrations, job kinds and routes). Used by main.ts and by the tests, which boot the same
// app on a fresh database.
import { existsSync } from 'node:fs';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { syncMenus } from './db/menus.ts';
import { collectMigrations, migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { ensureCampus } from './demo/campus.ts';
import { ensureMiniApps } from './demo/miniapps.ts';
import { ensurePortal } from './demo/portal.ts';
import { configuredNodeId, leaseWorkerId } from './db/worker.ts';
import { apiDocs } from './http/api-docs.ts';
import { authentication, Tokens } from './http/auth.ts';
import { CacheSync } from './http/cache-sync.ts';
import { securityHeaders } from './http/security-headers.ts';
import { metrics } from './http/metrics.ts';
import { contract } from './http/contract.ts';
import { fileGuard } from './http/files.ts';
import { jsonBodies } from './http/json-depth.ts';
import { rateLimitStore, trustHops } from './http/rate-limit.ts';
import { routeTable } from './http/route-table.ts';
import { hashPassword, md5 } from './modules/auth/password.ts';
import { AuthService } from './modules/auth/service.ts';
import { modules } from './modules/index.ts';
import { inOrder, jobKinds, registerModules, type JobHandler, type ModuleDef, type ModuleDeps } from './modules/module.ts';
import { LogService } from './modules/log/service.ts';
import { ConfigService } from './modules/system/config-service.ts';
import { Directory } from './modules/system/directory.ts';
import { MenuService } from './modules/system/menu-service.ts';
import { ScopeService } from './modules/system/scope-service.ts';
import { Egress } from './net/egress.ts';
import { UserSql } from './sandbox/index.ts';

export interface Services {
  auth: AuthService;
  menus: MenuService;
  configs: ConfigService;
  logs: LogService;
  scopes: ScopeService;
  /** people, roles, departments, posts and the tenant, as other modules read them (system/directory.ts) */
  directory: Directory;
  /** the egress policy every outbound connection a tenant configures goes through (config.egressAllow) */
  egress: Egress;
  /** the one executor of SQL written by a tenant's user (sandbox/) */
  userSql: UserSql;
}

export interface App {
  app: FastifyInstance;
  database: Database;
  services: Services;
  /** from now on /readyz answers 503, so a load balancer stops sending new requests (graceful stop) */
  drain(): void;
  close(): Promise<void>;
}

/** opts.modules: the descriptors to assemble (default: every module, modules/index.ts) */
export async function buildApp(config: Config, opts: { logger?: boolean; modules?: readonly ModuleDef[] } = {}): Promise<App> {
  const list = inOrder(opts.modules ?? modules); // duplicate names, unknown or circular `after` stop the start here
  const egress = new Egress(config.egressAllow); // a bad EGRESS_ALLOW entry stops the start, naming it
  const database = await openDatabase(config, { migrations: collectMigrations(list) });
  const { db } = database;
  await migrate(db, list);
  await syncMenus(db, list.flatMap((m) => m.menus ?? [])); // the modules' new menus, granted to administrators
  // this node's id-generator worker id, leased in the shared database (or NODE_ID) before any id is made
  const worker = await leaseWorkerId(db, { nodeId: configuredNodeId() });
  if (config.seedDemo) await seed(db, { hashPassword, md5 });

  const tokens = await Tokens.open(db, config.jwtSecret);
  const services: Services = {
    auth: new AuthService(db, tokens, config),
    menus: new MenuService(db),
    configs: new ConfigService(db),
    logs: new LogService(db),
    scopes: new ScopeService(db),
    directory: new Directory(db),
    egress,
    userSql: await UserSql.open(database, egress),
  };

  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["blade-auth"]'] },
    bodyLimit: config.bodyLimit,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (default: nobody), so req.ip is the client's
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { maxParamLength: 500 },
    ajv: undefined,
  });

  // grant and scope caches are per node: a change on one node empties them on all
  worker.warn = (msg) => app.log.warn(msg);
  const cacheSync = await CacheSync.open(db, config.databaseUrl, (err) => app.log.warn({ err }, 'cache sync'));
  cacheSync.register('menus', () => services.menus.clearCache(true));
  cacheSync.register('scopes', () => services.scopes.clearCache(true));
  services.menus.onClear = () => cacheSync.publish('menus');
  services.scopes.onClear = () => cacheSync.publish('scopes');

  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // antd writes its styles at run time
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:', 'http:'], // menu pages embedded through /myiframe
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(contract, { recordError: (req, err) => services.logs.recordServer(req, err), spa: existsSync(config.webDist) });
  // only routes that ask (sign-in, captcha, SMS codes, guest registration); counters in Redis when REDIS_URL is set
  const limits = await rateLimitStore(config, (err) => app.log.warn({ err }, 'rate-limit store'));
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, limits.plugin);
  await app.register(jsonBodies); // nesting deeper than MAX_JSON_DEPTH answers 400 before parsing
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  await app.register(multipart, { limits: { fileSize: config.uploadLimit, files: 1, fields: 20, parts: 25 } });
  await app.register(authentication, { tokens, permissions: (u) => services.menus.codes(u), apiAllowed: (u, path) => services.scopes.allows(u, path) });
  await app.register(fileGuard, { apiAllowed: (u, path) => services.scopes.allows(u, path) }); // file routes repeat their entity detail's checks
  await app.register(routeTable); // after authentication, whose onRoute marks the API docs public
  await app.register(metrics, { database });
  app.addHook('onSend', async () => { await cacheSync.flush(); }); // a grant change is known to every node before its answer leaves
  app.decorate('scopes', services.scopes); // the core's Scopes (http/auth.ts), as the system module keeps them
  await apiDocs(app); // /api/docs: the OpenAPI document and its page, in the reader's language

  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => {
    await db.selectFrom('bladeTenant').select('id').limit(1).execute();
    return { status: 'ok', database: database.kind, worker: worker.id };
  });
  // ready: not draining, the database answers within 2 s, and every migration this node ran at boot is still recorded
  let draining = false;
  const migrated = (await db.selectFrom('kyselyMigration').select('name').execute()).map((r) => String(r.name));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    if (draining) return reply.code(503).send({ status: 'draining' });
    try {
      const rows = await Promise.race([
        db.selectFrom('kyselyMigration').select('name').execute(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref()),
      ]);
      const have = new Set(rows.map((r) => String(r.name)));
      const missing = migrated.filter((m) => !have.has(m));
      if (missing.length) return reply.code(503).send({ status: 'migrations missing', missing });
      return { status: 'ready', database: database.kind, migrations: have.size };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });

  // every module's routes, handed what they use: services, database, config, metrics and every module's job kinds
  const jobs = new Map<string, JobHandler>();
  const deps: ModuleDeps = { ...services, db, database, config, metrics: app.metrics, jobs, cacheSync };
  for (const [kind, handler] of jobKinds(list, deps)) jobs.set(kind, handler); // a kind declared twice stops the start
  await registerModules(app.withTypeProvider<ZodTypeProvider>(), list, deps);

  if (existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      // .br / .gz written by the web build; cacheControl off so the header below (immutable hashed assets) is the one sent
      root: config.webDist, wildcard: false, index: ['index.html'], preCompressed: true, cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  // the demo campus, made once through the routes above (config.seedCampus); a failure leaves the platform running
  if (config.seedCampus) {
    try {
      const campus = await ensureCampus(app, services, db, config);
      if (campus.outcome === 'made') app.log.info(`demo campus made in ${campus.ms} ms`);
      const apps = await ensureMiniApps(app, services, db, config);
      if (apps.outcome === 'made') app.log.info(`demo micro-apps made in ${apps.ms} ms`);
      const portal = await ensurePortal(app, services, db, config);
      if (portal.outcome === 'made') app.log.info(`demo portal made in ${portal.ms} ms`);
    } catch (err) {
      app.log.error({ err }, 'demo campus');
    }
  }

  const sweeper = setInterval(() => services.auth.sweep().catch(() => undefined), 3600_000);
  sweeper.unref();

  return {
    app, database, services,
    drain: () => { draining = true; },
    close: async () => {
      clearInterval(sweeper);
      await app.close();
      await cacheSync.close();
      await services.userSql.close();
      await worker.close(); // a restarted node gets its worker id back
      await database.close();
    },
  };
}
