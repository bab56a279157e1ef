// Run-time models over HTTP: a tenant's administrator defines a model (its table is created or
// altered at once); its rows are listed, read, saved and removed through the same four calls every
// entity answers, under the permission codes <model>_view / _add / _edit / _delete (or the
// administrator role). The micro-app builder's model screens and app permissions build on this.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseIds } from '../../db/repo.ts';
import { isAdministrator, me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, listQuery } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { RuntimeModels } from './service.ts';

const TAG = 'runtime-model';
const text2 = z.tuple([z.string().trim().min(1).max(64), z.string().trim().min(1).max(64)]);
const field = z.object({
  type: z.enum(['string', 'text', 'int', 'decimal', 'datetime']),
  label: text2,
  length: z.number().int().min(1).max(20000).optional(),
  required: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  scale: z.number().int().min(0).max(8).optional(),
  options: z.array(z.object({ value: z.union([z.string().max(64), z.number()]), label: text2 })).max(200).optional(),
  filter: z.enum(['like', 'equal']).optional(),
  sortable: z.boolean().optional(),
  hidden: z.boolean().optional(),
}).strict();
const defineBody = z.object({ name: z.string().max(40), title: text2, fields: z.record(z.string().max(40), field) });
const nameParam = z.object({ model: z.string().max(40).regex(/^[a-z][a-z0-9_]*$/) });

export async function runtimeModelRoutes(app: TypedApp, { db }: ModuleDeps) {
  const models = new RuntimeModels(db);
  const admin = (req: FastifyRequest) => { if (!isAdministrator(req)) throw new ApiError(403, 'forbidden'); };
  /** The model's code (<model>_view …) or the administrator role. */
  const may = async (req: FastifyRequest, model: string, action: 'view' | 'add' | 'edit' | 'delete') => {
    if (isAdministrator(req)) return;
    const codes = await req.server.permissionsOf(me(req));
    if (!codes.has(`${model}_${action}`)) throw new ApiError(403, 'forbidden');
  };

  app.post('/api/runtime-model/submit', { schema: { tags: [TAG], summary: 'Define or change a run-time model (administrators): name, title [zh, en], fields {name: {type, label [zh, en], length, required, min, max, scale, options, filter, sortable, hidden}}; its table is created or altered in the same transaction (a change that would lose data is refused)', body: defineBody } }, async (req) => {
    admin(req);
    const m = await models.define(ctxOf(req), req.body);
    return ok({ id: m.id, name: m.def.name, version: m.version });
  });
  app.get('/api/runtime-model/list', { schema: { tags: [TAG], summary: 'The tenant\'s run-time models (administrators)' } }, async (req) => {
    admin(req);
    return ok(await models.list(me(req).tenantId));
  });
  app.get('/api/runtime-model/detail', { schema: { tags: [TAG], summary: 'A run-time model\'s definition by name (administrators)', querystring: z.object({ name: z.string().max(40) }) } }, async (req) => {
    admin(req);
    const m = await models.get(me(req).tenantId, req.query.name);
    return ok({ id: m.id, name: m.def.name, title: m.def.title, fields: m.def.fields, version: m.version });
  });

  const base = '/api/runtime-data/:model';
  app.get(`${base}/list`, { schema: { tags: [TAG], summary: 'Rows of a run-time model: paged, with the BladeX filters on its fields', params: nameParam, querystring: listQuery } }, async (req) => {
    const { model } = req.params;
    await may(req, model, 'view');
    const m = await models.get(me(req).tenantId, model);
    return ok(await models.repo(m).page(ctxOf(req), req.query));
  });
  app.get(`${base}/detail`, { schema: { tags: [TAG], summary: 'One row of a run-time model', params: nameParam, querystring: z.object({ id: z.string().max(20) }) } }, async (req) => {
    const { model } = req.params;
    await may(req, model, 'view');
    const m = await models.get(me(req).tenantId, model);
    return ok(await models.repo(m).detail(ctxOf(req), req.query.id));
  });
  app.post(`${base}/submit`, { schema: { tags: [TAG], summary: 'Add (no id) or change a row of a run-time model; values checked by the model\'s rules (400 naming each problem)', params: nameParam, body: z.record(z.string().max(40), z.unknown()) } }, async (req) => {
    const { model } = req.params;
    const body = req.body;
    await may(req, model, body.id ? 'edit' : 'add');
    const m = await models.get(me(req).tenantId, model);
    return ok(await models.save(ctxOf(req), m, body, req.lang));
  });
  app.post(`${base}/remove`, { schema: { tags: [TAG], summary: 'Remove rows of a run-time model (ids, comma separated)', params: nameParam, querystring: z.object({ ids: z.string().max(20000) }) } }, async (req) => {
    const { model } = req.params;
    await may(req, model, 'delete');
    const m = await models.get(me(req).tenantId, model);
    await models.repo(m).remove(ctxOf(req), parseIds(req.query.ids));
    return ok(true);
  });
}
