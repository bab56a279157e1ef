// What a module of the server is: one descriptor per area (server/src/modules/<area>/module.ts)
// naming its routes, the migrations that make its tables, its menus and permission codes, the job
// kinds it offers the scheduler, the models it serves and its texts in both languages.
// modules/index.ts lists the descriptors; app.ts assembles the server from that list (like
// NocoBase's plugins registering collections and routes). The core (http/, db/) imports no module:
// it declares what it needs and the app hands it a module's implementation.
import type { Migration } from 'kysely/migration';
import type { ModelDef } from '@campus/schema';
import type { Services } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { CacheSync } from '../http/cache-sync.ts';
import type { MenuSeed } from '../db/menus.ts';
import type { Message } from '../http/messages.ts';
import type { TypedApp } from '../http/contract.ts';
import type { Metrics } from '../http/metrics.ts';

/** Everything a module's routes and jobs may use, handed over at registration (no decorator probing). */
export interface ModuleDeps extends Services {
  db: Database['db'];
  database: Database;
  config: Config;
  /** Prometheus metrics (http/metrics.ts), registered before any module */
  metrics: Metrics;
  /** every job kind the modules declare (their descriptors' `jobs`), ready to run: what the scheduler runs */
  jobs: ReadonlyMap<string, JobHandler>;
  /** tells the other nodes to empty a module's per-node cache (register it by name, publish after a change) */
  cacheSync: CacheSync;
}

/** Registers some of a module's HTTP routes (and hooks, decorators) on the app. */
export type RouteFn = (app: TypedApp, deps: ModuleDeps) => Promise<void>;

/** One run of a scheduled job: the job's tenant and row, and the arguments of its invokeTarget `kind(a, 'b')`. */
export interface JobContext { tenantId: string; jobId: string; jobName: string; args: string[] }
/** A job kind ready to run, as the scheduler holds it. */
export interface JobHandler { name: string; description: string; run(ctx: JobContext): Promise<string | void> }
/** A job kind as a module declares it: made once at start from the deps; run() answers the run log's message (or throws: a failed run). */
export type JobDef = (deps: ModuleDeps) => Omit<JobHandler, 'name'>;

export interface ModuleDef {
  /** unique; the folder's name under server/src/modules */
  name: string;
  /**
   * Modules registered before this one, because it uses what they put on the app when it is
   * registered (e.g. app.realtime, app.messages). Otherwise the list order in modules/index.ts holds.
   */
  after?: readonly string[];
  /** its route-registering functions, called in this order with (app, deps) */
  routes: readonly RouteFn[];
  /**
   * Its migrations, by the name recorded in kysely_migration (`NNNN_what`, the file's name). All
   * modules' migrations run together in their global numeric order before any route is registered.
   * Its menus are declared in `menus` (older ones were inserted by its migrations, db/menus.ts).
   */
  migrations?: Readonly<Record<string, Migration>>;
  /** job kinds a scheduled job's invokeTarget may name, kind -> handler; a kind belongs to one module */
  jobs?: Readonly<Record<string, JobDef>>;
  /** the entities it serves that are declared once as data (@campus/schema defineModel) */
  models?: readonly ModelDef[];
  /**
   * Its menus with their buttons (the permission codes roles are granted), as trees; a root names
   * its parent menu (`parentId`, default the top level). The app inserts at start every menu whose
   * code it has never seen (db/menus.ts syncMenus) and grants it to the administrator roles; a menu
   * seen once is the administrators' from then on (renamed, moved or deleted, it stays so).
   * Menus that older migrations inserted are listed too: the list is everything the module owns.
   */
  menus?: readonly MenuSeed[];
  /**
   * Permission codes its routes check that none of its own menus or buttons carries: codes of
   * another module's screen its routes also serve. Every code a route of the module names is in
   * its menus or here (server/test/trust/access.test.ts).
   */
  permissions?: readonly string[];
  /** Its server-side texts, [zh, en] pairs with {name} placeholders: every pair is checked for both languages (modules.test.ts). */
  i18n?: readonly Catalogue[];
}

/** A module's texts by key: [zh, en] pairs (http/messages.ts Message), or records of them (a notice's title and content). */
export type Catalogue = Readonly<Record<string, Message | Readonly<Record<string, Message>>>>;

/** Menus declared under an existing parent menu (e.g. '1100' 系统管理): roots get `parentId`. */
export const under = (parentId: string, menus: readonly MenuSeed[]): MenuSeed[] => menus.map((m) => ({ ...m, parentId }));

/** Every permission code a module declares: its menus', its buttons' and its extra `permissions`. */
export function declaredCodes(m: ModuleDef): Set<string> {
  const codes = new Set(m.permissions ?? []);
  const walk = (list: readonly MenuSeed[]) => {
    for (const x of list) {
      codes.add(x.code);
      for (const [code] of x.buttons ?? []) codes.add(code);
      walk(x.children ?? []);
    }
  };
  walk(m.menus ?? []);
  return codes;
}

/** Declares a module (a typed identity: the descriptor is plain data). */
export const defineModule = <const M extends ModuleDef>(def: M): M => def;

/**
 * The registration order: the list's order, except that a module comes after every module its
 * `after` names (a stable topological sort, so a list that already respects `after` is unchanged).
 * A duplicate name, an unknown name in `after` or a cycle stops the start.
 */
export function inOrder(list: readonly ModuleDef[]): ModuleDef[] {
  const byName = new Map<string, ModuleDef>();
  for (const m of list) {
    if (byName.has(m.name)) throw new Error(`two modules are named ${m.name}`);
    byName.set(m.name, m);
  }
  for (const m of list) for (const a of m.after ?? []) if (!byName.has(a)) throw new Error(`module ${m.name} comes after ${a}, which is no module`);
  const placed = new Set<string>();
  const out: ModuleDef[] = [];
  while (out.length < list.length) {
    const next = list.find((m) => !placed.has(m.name) && (m.after ?? []).every((a) => placed.has(a)));
    if (!next) throw new Error(`modules wait on each other: ${list.filter((m) => !placed.has(m.name)).map((m) => m.name).join(', ')}`);
    placed.add(next.name);
    out.push(next);
  }
  return out;
}

/** Which module declares each job kind; a kind declared twice throws, naming both modules. */
export function jobKindOwners(list: readonly ModuleDef[]): Map<string, string> {
  const owner = new Map<string, string>();
  for (const m of list) {
    for (const kind of Object.keys(m.jobs ?? {})) {
      if (owner.has(kind)) throw new Error(`job kind ${kind} is declared by ${owner.get(kind)} and ${m.name}`);
      owner.set(kind, m.name);
    }
  }
  return owner;
}

/** Every module's job kinds, in module order, made with deps. A kind declared twice stops the start. */
export function jobKinds(list: readonly ModuleDef[], deps: ModuleDeps): Map<string, JobHandler> {
  jobKindOwners(list);
  const kinds = new Map<string, JobHandler>();
  for (const m of list) {
    for (const [name, make] of Object.entries(m.jobs ?? {})) {
      const { description, run } = make(deps);
      kinds.set(name, { name, description, run });
    }
  }
  return kinds;
}

/** Registers every module's routes, in registration order. */
export async function registerModules(app: TypedApp, list: readonly ModuleDef[], deps: ModuleDeps): Promise<void> {
  for (const m of inOrder(list)) {
    app.routeTable.owner = m.name; // the route table notes which module registered each route
    for (const register of m.routes) await register(app, deps);
  }
  app.routeTable.owner = '';
}
