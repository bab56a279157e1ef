// The four calls every entity answers (list, detail, submit, remove), written once. A module
// declares its table and body schema; whatever is special about it goes in hooks or extra routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Repo, parseIds, type Ctx, type Row, type TableDef } from '../db/repo.ts';
import type { Db } from '../db/index.ts';
import { me } from './auth.ts';
import { ok } from './envelope.ts';
import { ApiError } from './errors.ts';

export const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export const idQuery = z.object({ id: z.string().max(64).optional() }).passthrough();
export const idsQuery = z.object({ ids: z.string().max(20000).optional() }).passthrough();

export function ctxOf(req: FastifyRequest): Ctx {
  const u = me(req);
  const scopes = req.server.scopes;
  return {
    tenantId: u.tenantId, userId: u.userId, deptId: u.deptId,
    dataScope: scopes ? (code) => scopes.narrow({ tenantId: u.tenantId, userId: u.userId, deptId: u.deptId, roleIds: u.roleIds, roleAliases: u.roleName.split(',') }, code) : undefined,
  };
}

export interface ResourceDef extends TableDef {
  /** e.g. /api/systemConfig/systemConfig */
  base: string;
  /** OpenAPI tag */
  tag: string;
  /** body of submit (id optional = insert) */
  body: z.ZodObject<z.ZodRawShape>;
  /**
   * permission prefix: list/detail need `${p}_view` or the menu code p; submit `${p}_add`/`${p}_edit`; remove `${p}_delete`.
   * Several prefixes (a table two screens administer): any one's code opens a call.
   */
  permission?: string | readonly string[];
  /** runs inside submit before the row is written: normalise or refuse */
  beforeSave?: (ctx: Ctx, entity: Row, req: FastifyRequest) => Promise<void> | void;
  /** runs inside submit after the row is written (e.g. a cache dropped) */
  afterSave?: (ctx: Ctx, row: Row, req: FastifyRequest) => Promise<void> | void;
  /** runs inside remove after the rows are removed (e.g. their children, a cache) */
  afterRemove?: (ctx: Ctx, ids: string[], req: FastifyRequest) => Promise<void> | void;
  /** narrows every list (e.g. a type); receives the list query (a key the BladeX filters do not cover exactly) */
  listNarrow?: (qb: Parameters<NonNullable<Parameters<Repo['page']>[2]>>[0], query: Record<string, unknown>) => ReturnType<NonNullable<Parameters<Repo['page']>[2]>>;
  /** answer fields shaped for the client */
  present?: (row: Row) => Row;
  /** adds fields to the rows a list or detail answers, after present (e.g. a state kept elsewhere) */
  decorate?: (ctx: Ctx, rows: Row[]) => Promise<Row[]>;
  /** refuses callers before any of the four runs (e.g. platform-only entities) */
  guard?: (ctx: Ctx) => void;
  /** leave out some of the four (e.g. read-only logs) */
  only?: ('list' | 'detail' | 'submit' | 'remove')[];
}

/** Takes the app with or without the zod type provider: the handlers read the route schemas' types either way. */
export function resource(untyped: FastifyInstance, db: Db, def: ResourceDef): Repo {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const repo = new Repo(db, def);
  const prefixes: readonly string[] = (typeof def.permission === 'string' ? [def.permission] : (def.permission ?? [])).filter(Boolean);
  const p = prefixes.length > 0;
  /** each prefix's code with the suffix (none: the menu code itself) */
  const codes = (...suffixes: string[]) => suffixes.flatMap((s) => prefixes.map((x) => (s ? `${x}_${s}` : x)));
  const perm = (list: string[]): { permission?: string[] } => (p ? { permission: list } : {});
  const present = (r: Row | null) => (r && def.present ? def.present(r) : r);
  const decorate = async (ctx: Ctx, rows: Row[]) => (def.decorate && rows.length ? def.decorate(ctx, rows) : rows);
  const has = (k: NonNullable<ResourceDef['only']>[number]) => !def.only || def.only.includes(k);
  const ctxOfGuarded = (req: FastifyRequest) => {
    const ctx = ctxOf(req);
    def.guard?.(ctx);
    return ctx;
  };

  if (has('list')) app.get(`${def.base}/list`, {
    schema: { tags: [def.tag], summary: 'paged list with BladeX filters', querystring: listQuery },
    config: perm(codes('view', '')),
  }, async (req) => {
    const ctx = ctxOfGuarded(req);
    const narrow = def.listNarrow;
    const page = await repo.page(ctx, req.query, narrow && ((qb) => narrow(qb, req.query)));
    return ok({ ...page, records: await decorate(ctx, page.records.map((r) => present(r) as Row)) });
  });

  if (has('detail')) app.get(`${def.base}/detail`, {
    schema: { tags: [def.tag], summary: 'one row by id (data null when missing)', querystring: idQuery },
    config: perm(codes('view', '')),
  }, async (req) => {
    const ctx = ctxOfGuarded(req);
    const row = present(await repo.detail(ctx, req.query.id));
    return ok(row && (await decorate(ctx, [row]))[0]);
  });

  if (has('submit')) app.post(`${def.base}/submit`, {
    schema: { tags: [def.tag], summary: 'insert (no id) or update (id)', body: def.body },
    config: perm(codes('add', 'edit')),
  }, async (req) => {
    const ctx = ctxOfGuarded(req);
    const entity: Row = { ...req.body };
    // the route lets in either code; the exact one depends on insert or update
    if (p) {
      const held = await app.permissionsOf(me(req));
      if (!codes(entity.id ? 'edit' : 'add').some((c) => held.has(c))) throw new ApiError(403, 'forbidden');
    }
    await def.beforeSave?.(ctx, entity, req);
    const row = await repo.save(ctx, entity);
    await def.afterSave?.(ctx, row, req);
    return ok(present(row));
  });

  if (has('remove')) app.post(`${def.base}/remove`, {
    schema: { tags: [def.tag], summary: 'remove rows by ids=1,2', querystring: idsQuery },
    config: perm(codes('delete')),
  }, async (req) => {
    const ctx = ctxOfGuarded(req);
    const ids = parseIds(req.query.ids);
    await repo.remove(ctx, ids);
    await def.afterRemove?.(ctx, ids, req);
    return ok(true);
  });

  return repo;
}

/** Zod pieces shared by entity bodies. */
export const zId = z.union([z.string().regex(/^\d{1,19}$/), z.number().int().nonnegative()]).transform(String);
/** An optional field a body may also send as null (a cleared form control). */
export const zOpt = <T extends z.ZodType>(s: T) => s.optional().nullable();
export const zOptId = z.union([zId, z.literal(''), z.null()]).optional();
export const zStatus = z.coerce.number().int().min(0).max(9);
