// Routes that answer a stored file or an export (a download, an OSS object, an xlsx, a zip, a
// diagram) check what their entity's detail checks. A route says so once, in its config:
//
//   config: { file: { detail: '/api/blade-resource/attach/detail' } }
//
// and this guard (one onRequest hook for every route, after authentication) makes the caller
// hold one of the detail route's permission codes and pass the API scope of the detail's path as
// well, on top of the route's own code. Tenant and data scope come from reading the row through
// the same Repo call the detail makes (Repo.detail / Repo.scoped), which the route's handler does.
// A file served by an unguessable link that is the capability to read (an OSS object's link,
// as object stores hand them out) says `{ capability: '<why>' }` instead. The trust sweep
// (server/test/trust/access.test.ts) fails for any download-like route that serves a caller
// whom its entity's detail refuses, so a new file route cannot forget this.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors.ts';

export type FileRoute =
  /** the GET route (detail, or list for exports of many rows) whose checks this route repeats */
  | { detail: string }
  /** a public link whose unguessable name is the capability to read; the reason, for the reader */
  | { capability: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route answers a stored file or an export: the checks of its entity's detail apply too */
    file?: FileRoute;
  }
}

export const fileGuard = fp(async (app: FastifyInstance, opts: { apiAllowed?: (u: NonNullable<import('fastify').FastifyRequest['user']>, path: string) => Promise<boolean> }) => {
  /** permission codes of each GET route, by path, as the routes were registered */
  const codes = new Map<string, string[]>();
  const declared: { url: string; detail: string }[] = [];
  const publicRoutes = new Set<string>();
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const cfg = (r.config ?? {}) as { permission?: string | string[]; file?: FileRoute };
    if (methods.includes('GET')) codes.set(r.url, cfg.permission ? (Array.isArray(cfg.permission) ? cfg.permission : [cfg.permission]) : []);
    if ((cfg as { public?: boolean }).public) publicRoutes.add(r.url);
    // (@fastify/static puts the served file's name, a string, in its routes' config.file)
    if (cfg.file && typeof cfg.file === 'object' && 'detail' in cfg.file) declared.push({ url: r.url, detail: cfg.file.detail });
  });
  // a declaration naming a detail that does not exist is a mistake of the code: stop the boot
  app.addHook('onReady', async () => {
    const missing = declared.filter((d) => !codes.has(d.detail) || publicRoutes.has(d.url));
    if (missing.length) throw new Error(`file routes name unknown detail routes (or are public): ${missing.map((d) => `${d.url} -> ${d.detail}`).join(', ')}`);
  });
  app.addHook('onRequest', async (req) => {
    const file = req.routeOptions.config?.file;
    if (!file || typeof file !== 'object' || !('detail' in file) || !req.user) return; // anonymous callers were refused (401) before, unless the route is public
    if (opts.apiAllowed && !(await opts.apiAllowed(req.user, file.detail))) throw new ApiError(403, 'forbidden');
    const need = codes.get(file.detail) ?? [];
    if (!need.length) return;
    const have = await app.permissionsOf(req.user);
    if (!need.some((c) => have.has(c))) throw new ApiError(403, 'forbidden');
  });
});
