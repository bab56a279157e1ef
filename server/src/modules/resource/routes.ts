// Object storage on local disk (S3-compatible stores come with the resource module of issue 3):
// put-file stores an upload under an unguessable name and answers its link.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';

/** Kinds the spec allows (000 §5): images, video, audio, documents, archives. */
export const ALLOWED_EXT = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'mp4', 'avi', 'mov', 'wmv', 'mkv', 'webm', 'mp3', 'wav', 'ogg', 'flac', 'aac', 'm4a',
  'doc', 'docx', 'ppt', 'pptx', 'pdf', 'xls', 'xlsx', 'txt', 'zip', '7z', 'tar', 'rar']);
const MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', svg: 'image/svg+xml', pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', mp4: 'video/mp4', mp3: 'audio/mpeg' };
const FILE_BASE = '/api/blade-resource/oss/endpoint/file';

export async function resourceRoutes(app: FastifyInstance, { uploadDir }: { uploadDir: string }) {
  app.post('/api/blade-resource/oss/endpoint/put-file', {
    schema: { tags: ['resource'], summary: 'Upload one file (multipart field file); answers {link, originalName, name}' },
  }, async (req) => {
    if (!req.isMultipart()) throw new ApiError(415, 'unsupportedMedia');
    const file = await req.file();
    if (!file) throw new ApiError(400, 'fileMissing');
    const ext = extname(file.filename).slice(1).toLowerCase();
    if (!ALLOWED_EXT.has(ext)) {
      file.file.resume();
      throw new ApiError(400, 'fileIllegal');
    }
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const name = `${day}/${randomUUID().replace(/-/g, '')}.${ext}`;
    const dest = join(uploadDir, name);
    await mkdir(join(uploadDir, day), { recursive: true });
    await pipeline(file.file, createWriteStream(dest));
    if (file.file.truncated) {
      await unlink(dest).catch(() => undefined);
      throw new ApiError(413, 'fileTooLarge');
    }
    return ok({ link: `${FILE_BASE}/${name}`, domain: '', name, originalName: file.filename, attachId: null });
  });

  // Stored files: names are random, so a link is the capability to read (as object-storage links are).
  app.get(`${FILE_BASE}/:day/:file`, { config: { public: true }, schema: { tags: ['resource'], summary: 'Read a stored file' } }, async (req, reply) => {
    const { day, file } = req.params as { day: string; file: string };
    if (!/^\d{8}$/.test(day) || !/^[a-f0-9]{32}\.[a-z0-9]{1,5}$/.test(file)) throw new ApiError(404, 'notFound', { path: req.url });
    const path = resolve(uploadDir, day, file);
    if (!path.startsWith(resolve(uploadDir) + sep)) throw new ApiError(404, 'notFound', { path: req.url });
    const s = await stat(path).catch(() => null);
    if (!s?.isFile()) throw new ApiError(404, 'notFound', { path: req.url });
    const ext = extname(file).slice(1);
    reply.header('Cache-Control', 'private, max-age=86400').header('X-Content-Type-Options', 'nosniff');
    if (ext === 'svg') reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.type(MIME[ext] ?? 'application/octet-stream').send(createReadStream(path));
  });
}
