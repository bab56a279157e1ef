// Files an Excel export carries or reads: the attachments and signatures of records (exportBizDataFiles
// zips them with the .xlsx, a folder per record) and the uploaded .xlsx of an export template. A stored
// upload is read where put-file left it: the upload folder for a local link, the tenant's object store
// (through the egress policy) for an attachment a provider holds. Links of elsewhere are not fetched.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../../db/index.ts';
import { likeStarts } from '../../db/like.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Egress } from '../../net/egress.ts';
import { getObject, toTarget } from '../resource/storage.ts';

const LOCAL = /^(?:https?:\/\/[^/]+)?\/api\/blade-resource\/oss\/endpoint\/file\/(\d{8})\/([a-f0-9]{32}\.[a-z0-9]{1,5})(?:[?#].*)?$/;

export interface StoredFile { size: number; open(): Readable | Promise<Buffer> }

export class StoredFiles {
  constructor(private readonly db: Db, private readonly uploadDir: string, private readonly egress: Egress) {}

  /** A stored upload of the tenant by its link (null: not one of ours, or gone). */
  async find(tenantId: string, link: string): Promise<StoredFile | null> {
    const local = LOCAL.exec(link);
    if (local) {
      const path = resolve(this.uploadDir, local[1], local[2]);
      if (!path.startsWith(resolve(this.uploadDir) + sep)) return null;
      const s = await stat(path).catch(() => null);
      return s?.isFile() ? { size: s.size, open: () => lazyFile(path) } : null;
    }
    if (!/^https?:\/\//i.test(link)) return null;
    // an object store's link: the tenant's attachment row names the provider that holds it
    const row = await scoped(this.db, tenantId).selectFrom('bladeAttach').select(['name', 'domainUrl']).where('link', '=', link.slice(0, 1000)).where('isDeleted', '=', 0).executeTakeFirst();
    if (!row?.domainUrl) return null;
    const p = await scoped(this.db, tenantId).selectFrom('bladeOss').selectAll().where('endpoint', 'like', likeStarts(String(row.domainUrl))).where('isDeleted', '=', 0).executeTakeFirst();
    if (!p) return null;
    const buf = Buffer.from(await (await getObject(toTarget(p), String(row.name), this.egress)).arrayBuffer());
    return { size: buf.length, open: async () => buf };
  }

  /** The whole of a stored upload (null: none). */
  async read(tenantId: string, link: string): Promise<Buffer | null> {
    const f = await this.find(tenantId, link);
    if (!f) return null;
    const local = LOCAL.exec(link);
    if (local) return readFile(resolve(this.uploadDir, local[1], local[2]));
    return (await f.open()) as Buffer;
  }
}

/** A file read only once something reads the stream (a zip of thousands of attachments opens one at a time). */
function lazyFile(path: string): Readable {
  let inner: Readable | null = null;
  const out: Readable = new Readable({
    read() {
      if (inner) { inner.resume(); return; }
      inner = createReadStream(path);
      inner.on('data', (chunk) => { if (!out.push(chunk)) inner!.pause(); });
      inner.on('end', () => out.push(null));
      inner.on('error', (e) => out.destroy(e));
    },
    destroy(err, cb) { inner?.destroy(); cb(err); },
  });
  return out;
}
