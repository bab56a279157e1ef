// Reading the file of a multipart request. Malformed bodies (no boundary, a truncated part, a bad
// part header) are refused centrally by the error mapping (contract.ts: 400 badMultipart); what
// only the route knows is the form field its file travels in, checked here.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/**
 * The one file of a multipart request, sent in the form field `field`: 415 when the body is not
 * multipart, 400 without a file or with the file under another name. limits.fileSize: a lower cap
 * than the server's upload limit for this route; the stream then ends at it with `truncated` set
 * (the route answers), instead of failing.
 */
export async function fileField(req: FastifyRequest, field: string, limits?: { fileSize: number }): Promise<MultipartFile> {
  if (!req.isMultipart()) throw new ApiError(415, 'unsupportedMedia');
  const file = await (limits ? req.file({ limits, throwFileSizeLimit: false }) : req.file());
  if (!file) throw new ApiError(400, 'fileMissing');
  if (file.fieldname !== field) {
    file.file.resume(); // drained, so the refusal can be answered
    throw new ApiError(400, 'filePart', { field });
  }
  return file;
}

/** Refuses (400) a file part of req.parts() sent under another form field than `fields`. */
export function assertFilePart(part: { fieldname: string; file?: NodeJS.ReadableStream }, ...fields: string[]): void {
  if (fields.includes(part.fieldname)) return;
  part.file?.resume();
  throw new ApiError(400, 'filePart', { field: fields[0] });
}
