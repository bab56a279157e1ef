// Object storage (002 §7 "Object storage", "Attachment"): put-file checks the upload by content,
// stores it under an unguessable name (local disk, or the tenant's enabled S3-compatible provider)
// and records it as an attachment.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { z } from 'zod';
import { isId } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf } from '../../http/crud.ts';
import { modelBody, modelResource } from '../../http/model-resource.ts';
import { attachModel, ossModel } from '@campus/schema';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { fileField } from '../../http/uploads.ts';
import type { Message } from '../../http/messages.ts';
import type { ModuleDeps } from '../index.ts';
import { acceptList, judge } from './files.ts';
import { enabledS3, getObject, putObject, toTarget } from './storage.ts';
import { likeStarts } from '../../db/like.ts';

export const MSG = {
  notAllowed: ['仅允许上传{kinds}', 'Only {kinds} may be uploaded'],
  attachMissing: ['附件不存在', 'No such attachment'],
} as const satisfies Record<string, Message>;

const MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', svg: 'image/svg+xml', pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg' };
const FILE_BASE = '/api/blade-resource/oss/endpoint/file';
const HEAD_BYTES = 4100;

export async function resourceRoutes(app: TypedApp, { db, config, egress }: ModuleDeps) {
  const uploadDir = config.uploadDir;

  // list, detail and remove from the model (@campus/schema attachModel); a file comes in through put-file
  const attach = modelResource(app, db, attachModel, { tag: 'resource', only: ['list', 'detail', 'remove'] });
  // the model's body (the original name only: the rest is the upload's) for an existing attachment
  app.post('/api/blade-resource/attach/submit', {
    schema: { tags: ['resource'], summary: 'Rename an attachment (the file itself comes through put-file)', body: modelBody(attachModel).extend({ id: z.string().regex(/^\d{1,19}$/) }) },
    config: { permission: 'attach_upload' },
  }, async (req) => ok(await attach.save(ctxOf(req), req.body)));

  app.post('/api/blade-resource/oss/endpoint/put-file', {
    schema: { tags: ['resource'], summary: 'Upload one file (multipart field file; optional query accept=image,pdf,... narrows the kinds); answers {link, originalName, name, attachId}. The content must match the name: images, video, audio, documents, archives only.', querystring: z.object({ accept: z.string().max(500).optional() }).passthrough() },
  }, async (req) => {
    const ctx = ctxOf(req);
    const file = await fileField(req, 'file');
    const accept = acceptList(req.query.accept);
    // read the head to judge the content, then stream head + rest to disk
    const chunks: Buffer[] = [];
    let have = 0;
    const it = file.file[Symbol.asyncIterator]();
    let done = false;
    while (have < HEAD_BYTES) {
      const r = await it.next();
      if (r.done) { done = true; break; }
      chunks.push(r.value as Buffer);
      have += (r.value as Buffer).length;
    }
    const head = Buffer.concat(chunks);
    const verdict = await judge(file.filename, head.subarray(0, HEAD_BYTES), accept);
    if (!verdict.ok) {
      file.file.resume();
      if (verdict.reason === 'notAllowed') throw new ApiError(400, MSG.notAllowed, { kinds: (accept ?? []).join('、') });
      throw new ApiError(400, 'fileIllegal');
    }
    const ext = file.filename.split('.').pop()!.toLowerCase();
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const name = `${day}/${randomUUID().replace(/-/g, '')}.${ext}`;
    const dest = join(uploadDir, name);
    await mkdir(join(uploadDir, day), { recursive: true });
    const body = new PassThrough();
    body.write(head);
    const rest = (async () => {
      if (!done) for (let r = await it.next(); !r.done; r = await it.next()) if (!body.write(r.value)) await new Promise((res) => body.once('drain', res));
      body.end();
    })();
    const writing = pipeline(body, createWriteStream(dest));
    try {
      await Promise.all([writing, rest]);
    } catch (e) {
      // a part cut short (truncated body): once the writer has stopped, no half file stays behind; the error mapping answers 400
      body.destroy();
      await writing.catch(() => undefined);
      await unlink(dest).catch(() => undefined);
      throw e;
    }
    if (file.file.truncated) {
      await unlink(dest).catch(() => undefined);
      throw new ApiError(413, 'fileTooLarge');
    }
    const size = (await stat(dest)).size;
    let link = `${FILE_BASE}/${name}`;
    let domain = '';
    // an enabled S3-compatible provider takes the file; the local copy was only for judging it
    const s3 = await enabledS3(db, ctx.tenantId);
    if (s3) {
      try {
        link = await putObject(s3, name, dest, MIME[ext] ?? 'application/octet-stream', egress);
        domain = s3.endpoint;
      } finally {
        await unlink(dest).catch(() => undefined);
      }
    }
    const row = await attach.save(ctx, { link, domainUrl: domain, name, originalName: file.filename.slice(0, 500), extension: ext, attachSize: size });
    return ok({ link, domain, name, originalName: file.filename, attachId: row.id });
  });

  // Stored files: names are random, so a link is the capability to read (as object-storage links are).
  app.get(`${FILE_BASE}/:day/:file`, { config: { public: true, file: { capability: 'the random 128-bit name of the link is the capability to read (as object-store links are); links sit in <img src> where no token travels' } }, schema: { tags: ['resource'], summary: 'Read a stored file', params: z.object({ day: z.string(), file: z.string() }) } }, async (req, reply) => {
    const { day, file } = req.params;
    if (!/^\d{8}$/.test(day) || !/^[a-f0-9]{32}\.[a-z0-9]{1,5}$/.test(file)) throw new ApiError(404, 'notFound', { path: req.url });
    const path = resolve(uploadDir, day, file);
    if (!path.startsWith(resolve(uploadDir) + sep)) throw new ApiError(404, 'notFound', { path: req.url });
    const s = await stat(path).catch(() => null);
    if (!s?.isFile()) throw new ApiError(404, 'notFound', { path: req.url });
    const ext = file.split('.').pop()!;
    reply.header('Cache-Control', 'private, max-age=86400');
    // an uploaded SVG or text must never run as a page of this site
    reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    return reply.type(MIME[ext] ?? 'application/octet-stream').send(createReadStream(path));
  });

  // the attachment's detail decides: its permission codes (file guard), its tenant and data scope (the same Repo.detail)
  app.get('/api/blade-resource/attach/download', { config: { file: { detail: '/api/blade-resource/attach/detail' } }, schema: { tags: ['resource'], summary: 'Download an attachment under its original name (needs what attach/detail needs)', querystring: z.object({ id: z.string().max(19).optional() }).passthrough() } }, async (req, reply) => {
    const ctx = ctxOf(req);
    const row = await attach.detail(ctx, req.query.id);
    if (!row) throw new ApiError(404, MSG.attachMissing);
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(String(row.originalName ?? row.name))}`);
    if (row.domainUrl) {
      // stored in an object store: read it back through the provider that holds that endpoint
      const p = await scoped(db, ctx.tenantId).selectFrom('bladeOss').selectAll().where('endpoint', 'like', likeStarts(String(row.domainUrl))).where('isDeleted', '=', 0).executeTakeFirst();
      if (!p) throw new ApiError(404, MSG.attachMissing);
      const res = await getObject(toTarget(p), String(row.name), egress);
      return reply.type('application/octet-stream').send(Buffer.from(await res.arrayBuffer()));
    }
    const path = resolve(uploadDir, String(row.name));
    const file = path.startsWith(resolve(uploadDir) + sep) ? await stat(path).catch(() => null) : null;
    if (!file?.isFile()) throw new ApiError(404, MSG.attachMissing);
    // the length lets the browser show how far the download is
    reply.header('Content-Length', file.size);
    return reply.type('application/octet-stream').send(createReadStream(path));
  });

  // ---- providers: object storage ----
  modelResource(app, db, ossModel, { tag: 'resource' });
  enableRoute(app, db, 'bladeOss', 'oss_enable', '/api/blade-resource/oss');
}

/** POST {base}/enable?id=: one enabled provider per tenant. */
export const enableRoute = (app: TypedApp, db: ModuleDeps['db'], table: 'bladeOss' | 'bladeSms', perm: string, base: string) => app.post(`${base}/enable`, {
    schema: {
      tags: ['resource'], summary: 'Enable this provider (the others of the tenant are disabled); id in the query, else in a body',
      querystring: z.object({ id: z.string().max(19).optional() }).passthrough(),
      body: z.looseObject({ id: z.string().max(19).optional() }).nullish(),
    },
    config: { permission: perm },
  }, async (req) => {
    const ctx = ctxOf(req);
    const id = req.query.id ?? req.body?.id;
    if (!isId(id)) throw new ApiError(400, 'invalid', { field: 'id' });
    await db.transaction().execute(async (tx) => {
      const t = scoped(tx, ctx.tenantId);
      const r = await t.updateTable(table).set({ isEnabled: 1, updateTime: sql`now()` }).where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw new ApiError(400, 'noData');
      await t.updateTable(table).set({ isEnabled: 0 }).where('id', '<>', id).execute();
    });
    return ok(true);
  });
