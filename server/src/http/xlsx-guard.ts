// Excel imports read a file someone uploaded, and an xlsx is a zip: a few KB can inflate to
// gigabytes (a zip bomb), and a sheet of a million rows costs exceljs gigabytes of memory. So an
// import file passes three caps before exceljs sees it, each refused with a 400 naming the limit:
//  1. the upload itself (readImportFile: the multipart stream is cut at the limit);
//  2. the uncompressed size, read from the zip's central directory without inflating anything; then
//     each part is inflated with its declared size as the cap, so a part that lies about its size
//     is refused the moment it passes it (never more than the limit is inflated in all);
//  3. the data rows, counted as <row> elements of the worksheets (each sheet's first row is its header).
// Dependency-free on purpose: the central directory is a simple, fixed format (APPNOTE.TXT 4.3.12–16).
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { fileField } from './uploads.ts';

export interface ImportLimits {
  /** bytes of the uploaded file */
  maxBytes: number;
  /** bytes of all parts of the zip once inflated */
  maxUncompressedBytes: number;
  /** data rows of all sheets together */
  maxRows: number;
}

/** The defaults (config.ts reads IMPORT_MAX_BYTES, IMPORT_MAX_UNCOMPRESSED_BYTES, IMPORT_MAX_ROWS over them). */
export const IMPORT_LIMITS: ImportLimits = { maxBytes: 10 * 1024 * 1024, maxUncompressedBytes: 50 * 1024 * 1024, maxRows: 10_000 };

/** More parts than any workbook has: a directory of millions of empty entries is refused as not an xlsx. */
const MAX_ENTRIES = 10_000;

/** "10 MB", "512 KB", "1.5 GB": how the messages name a size. */
export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 * 1024) return `${+(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated */
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  /** where the entry's local header starts */
  localOffset: number;
}

/** The buffer is not a zip this reader accepts (no directory, a damaged one, encrypted or an unknown compression). */
export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** A 64-bit field as a number; past 2^53 it is "too large" anyway, so Infinity. */
const u64 = (buf: Buffer, at: number): number => {
  const v = buf.readBigUInt64LE(at);
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(v);
};

/** The entries of a zip's central directory, read without inflating anything. */
export function zipEntries(buf: Buffer, maxEntries = MAX_ENTRIES): ZipEntry[] {
  // the end-of-central-directory record: 22 bytes plus a comment of up to 65,535, at the very end
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD && i + 22 + buf.readUInt16LE(i + 20) <= buf.length) { eocd = i; break; }
  }
  if (eocd < 0) throw new ZipFormatError('no end of central directory');
  let count = buf.readUInt16LE(eocd + 10);
  let size = buf.readUInt32LE(eocd + 12);
  let offset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== EOCD64_LOCATOR) throw new ZipFormatError('zip64 without locator');
    const at = u64(buf, loc + 8);
    if (!(at + 56 <= buf.length) || buf.readUInt32LE(at) !== EOCD64) throw new ZipFormatError('bad zip64 end record');
    count = u64(buf, at + 32);
    size = u64(buf, at + 40);
    offset = u64(buf, at + 48);
  }
  if (count > maxEntries) throw new ZipFormatError(`${count} entries`);
  if (!(offset + size <= buf.length)) throw new ZipFormatError('central directory outside the file');
  const out: ZipEntry[] = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new ZipFormatError('bad central directory entry');
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLen + extraLen + commentLen > buf.length) throw new ZipFormatError('central directory entry outside the file');
    const e: ZipEntry = {
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
    };
    // zip64 sizes live in the extra field 0x0001, each only when its 32-bit field is all ones, in this order
    if (e.uncompressedSize === 0xffffffff || e.compressedSize === 0xffffffff || e.localOffset === 0xffffffff) {
      let x = p + 46 + nameLen;
      const end = x + extraLen;
      let found = false;
      while (x + 4 <= end) {
        const id = buf.readUInt16LE(x);
        const len = buf.readUInt16LE(x + 2);
        if (id === 0x0001) {
          let f = x + 4;
          const take = () => { if (f + 8 > x + 4 + len) throw new ZipFormatError('short zip64 field'); const v = u64(buf, f); f += 8; return v; };
          if (e.uncompressedSize === 0xffffffff) e.uncompressedSize = take();
          if (e.compressedSize === 0xffffffff) e.compressedSize = take();
          if (e.localOffset === 0xffffffff) e.localOffset = take();
          found = true;
          break;
        }
        x += 4 + len;
      }
      if (!found) throw new ZipFormatError('zip64 sizes missing');
    }
    out.push(e);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

const inflate = promisify(inflateRaw) as (buf: Buffer, opts: { maxOutputLength: number }) => Promise<Buffer>;

/** The bytes of one entry, inflated with its declared size as the cap: more is refused, not produced. */
async function entryData(buf: Buffer, e: ZipEntry): Promise<Buffer> {
  const at = e.localOffset;
  if (!(at + 30 <= buf.length) || buf.readUInt32LE(at) !== LOCAL) throw new ZipFormatError(`bad local header of ${e.name}`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  if (!(start + e.compressedSize <= buf.length)) throw new ZipFormatError(`${e.name} outside the file`);
  const data = buf.subarray(start, start + e.compressedSize);
  if (e.method === 0) {
    if (e.compressedSize !== e.uncompressedSize) throw new ZipFormatError(`${e.name}: stored sizes differ`);
    return data;
  }
  try {
    // maxOutputLength must be at least 1; an entry declared empty that inflates to a byte is caught below
    const out = await inflate(data, { maxOutputLength: Math.max(1, e.uncompressedSize) });
    if (out.length !== e.uncompressedSize) throw new ZipFormatError(`${e.name}: not the declared size`);
    return out;
  } catch (err) {
    if (err instanceof ZipFormatError) throw err;
    throw new ZipFormatError(`${e.name}: ${(err as Error).message}`);
  }
}

/** The <row> elements of a worksheet's XML (any namespace prefix; <rowBreaks> and the like are not rows). */
export function countRows(xml: Buffer): number {
  const text = xml.toString('latin1');
  const re = /<(?:[A-Za-z_][\w.-]*:)?row[\s/>]/g;
  let n = 0;
  while (re.exec(text)) n++;
  return n;
}

export interface XlsxCheck {
  uncompressedBytes: number;
  /** data rows of all sheets (each sheet's first row is its header) */
  rows: number;
}

/**
 * Checks an uploaded xlsx against the limits before it is parsed: 400 importUnzippedTooLarge or
 * importTooManyRows naming the limit, 400 `badFile` when it is no zip (or a damaged or forged one).
 */
export async function checkXlsx(buf: Buffer, limits: ImportLimits, badFile: ApiError): Promise<XlsxCheck> {
  let entries: ZipEntry[];
  try {
    entries = zipEntries(buf);
  } catch (e) {
    if (e instanceof ZipFormatError) throw badFile;
    throw e;
  }
  const total = entries.reduce((a, e) => a + e.uncompressedSize, 0);
  if (total > limits.maxUncompressedBytes) {
    throw new ApiError(400, 'importUnzippedTooLarge', { max: formatBytes(limits.maxUncompressedBytes), size: formatBytes(total) });
  }
  let rows = 0;
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    if (e.flags & 1) throw badFile; // encrypted
    if (e.method !== 0 && e.method !== 8) throw badFile;
    let data: Buffer;
    try {
      data = await entryData(buf, e);
    } catch (err) {
      if (err instanceof ZipFormatError) throw badFile;
      throw err;
    }
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(e.name)) rows += Math.max(0, countRows(data) - 1);
  }
  if (rows > limits.maxRows) throw new ApiError(400, 'importTooManyRows', { max: limits.maxRows, rows });
  return { uncompressedBytes: total, rows };
}

/**
 * The import file of a multipart request (form field `field`) as a buffer, read only up to
 * maxBytes: a larger one is refused with 400 importTooLarge once the limit is passed.
 */
export async function readImportFile(req: FastifyRequest, field: string, limits: ImportLimits): Promise<{ file: MultipartFile; buf: Buffer }> {
  const file = await fileField(req, field, { fileSize: limits.maxBytes });
  const chunks: Buffer[] = [];
  let have = 0;
  for await (const chunk of file.file) {
    have += (chunk as Buffer).length;
    if (have <= limits.maxBytes) chunks.push(chunk as Buffer);
  }
  if (file.file.truncated || have > limits.maxBytes) throw new ApiError(400, 'importTooLarge', { max: formatBytes(limits.maxBytes) });
  return { file, buf: Buffer.concat(chunks) };
}
