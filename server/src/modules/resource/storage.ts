// Where uploads live: local disk by default; with an enabled storage provider of the tenant, any
// S3-compatible store (MinIO, Amazon S3, Alibaba OSS, Tencent COS, Qiniu: all speak the S3 API),
// written with SigV4-signed requests (aws4fetch) to path-style URLs {endpoint}/{bucket}/{key}.
import { readFile } from 'node:fs/promises';
import { AwsClient } from 'aws4fetch';
import type { Db } from '../../db/index.ts';
import type { Row } from '../../db/repo.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';

export const STORAGE_MSG = {
  s3Failed: ['对象存储写入失败：{detail}', 'The object store refused the file: {detail}'],
  s3ReadFailed: ['对象存储读取失败：{detail}', 'The object store could not return the file: {detail}'],
} as const satisfies Record<string, Message>;

export interface S3Target { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string; publicBase: string }

export async function enabledS3(db: Db, tenantId: string): Promise<S3Target | null> {
  const p = await db.selectFrom('bladeOss').selectAll().where('tenantId', '=', tenantId).where('isEnabled', '=', 1).where('isDeleted', '=', 0).executeTakeFirst();
  return p ? toTarget(p) : null;
}

export function toTarget(p: Row): S3Target {
  const endpoint = String(p.endpoint).replace(/\/+$/, '');
  const bucket = String(p.bucketName);
  return {
    endpoint, bucket, accessKey: String(p.accessKey ?? ''), secretKey: String(p.secretKey ?? ''), region: String(p.region || 'us-east-1'),
    publicBase: `${String(p.transformEndpoint || endpoint).replace(/\/+$/, '')}/${bucket}`,
  };
}

const client = (t: S3Target) => new AwsClient({ accessKeyId: t.accessKey, secretAccessKey: t.secretKey, service: 's3', region: t.region, retries: 1 });
const objectUrl = (t: S3Target, key: string) => `${t.endpoint}/${t.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** Copies a stored local file to the object store; answers the object's public link. */
export async function putObject(t: S3Target, key: string, localPath: string, contentType: string): Promise<string> {
  const body = await readFile(localPath);
  let res: Response;
  try {
    res = await client(t).fetch(objectUrl(t, key), { method: 'PUT', body, headers: { 'Content-Type': contentType }, signal: AbortSignal.timeout(30_000) });
  } catch (e) {
    throw new ApiError(400, STORAGE_MSG.s3Failed, { detail: (e as Error).message });
  }
  if (!res.ok) throw new ApiError(400, STORAGE_MSG.s3Failed, { detail: `HTTP ${res.status}` });
  return `${t.publicBase}/${key}`;
}

/** Reads an object back with a signed request (private buckets too). */
export async function getObject(t: S3Target, key: string): Promise<Response> {
  let res: Response;
  try {
    res = await client(t).fetch(objectUrl(t, key), { signal: AbortSignal.timeout(30_000) });
  } catch (e) {
    throw new ApiError(400, STORAGE_MSG.s3ReadFailed, { detail: (e as Error).message });
  }
  if (!res.ok) throw new ApiError(404, STORAGE_MSG.s3ReadFailed, { detail: `HTTP ${res.status}` });
  return res;
}
