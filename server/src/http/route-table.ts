// Every route the server registers, as the router sees it (method, path, public/permission
// config, query/body schemas). Kept for the metrics labels and for the trust sweeps, which
// must walk the real table rather than a hand-kept list.
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { FileRoute } from './files.ts';

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  permission: string[];
  schema: RouteOptions['schema'];
  /** config.apiLog: true records a GET in 接口日志, false leaves a write out (modules/log/titles.ts) */
  apiLog?: boolean;
  /** the route answers a stored file or an export (http/files.ts) */
  file?: FileRoute;
  /** the module that registered it ('' for the core's own routes) */
  module: string;
}

/** The table, and which module is registering routes now (set by modules/module.ts registerModules). */
export type RouteTable = RouteEntry[] & { owner: string };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTable;
  }
}

export const routeTable = fp(async (app: FastifyInstance) => {
  const table = Object.assign([] as RouteEntry[], { owner: '' });
  app.decorate('routeTable', table);
  app.addHook('onRoute', (r) => {
    const cfg = (r.config ?? {}) as { public?: boolean; permission?: string | string[]; file?: FileRoute; apiLog?: boolean };
    for (const m of Array.isArray(r.method) ? r.method : [r.method]) {
      if (m === 'HEAD') continue; // Fastify's automatic twin of each GET
      table.push({
        method: m, url: r.url, public: !!cfg.public,
        permission: cfg.permission ? (Array.isArray(cfg.permission) ? cfg.permission : [cfg.permission]) : [],
        schema: r.schema, file: cfg.file, apiLog: cfg.apiLog, module: table.owner,
      });
    }
  });
});
