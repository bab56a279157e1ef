// Where uploads live: local disk by default; with an enabled storage provider of the tenant, any
// S3-compatible store (MinIO, Amazon S3, Alibaba OSS, Tencent COS, Qiniu: all speak the S3 API),
// written with SigV4-signed requests (aws4fetch) to path-style URLs {endpoint}/{bucket}/{key}.
import { readFile } from 'node:fs/promises';
import { AwsClient } from 'aws4fetch';
import type { Db } from '../../db/index.ts';
import type { Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { Egress } from '../../net/egress.ts';

export const STORAGE_MSG = {
  s3Failed: ['对象存储写入失败：{detail}', 'The object store refused the file: {detail}'],
  s3ReadFailed: ['对象存储读取失败：{detail}', 'The object store could not return the file: {detail}'],
} as const satisfies Record<string, Message>;

export interface S3Target { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string; publicBase: string }

export async function enabledS3(db: Db, tenantId: string): Promise<S3Target | null> {
  const p = await scoped(db, tenantId).selectFrom('bladeOss').selectAll().where('isEnabled', '=', 1).where('isDeleted', '=', 0).executeTakeFirst();
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

/** A SigV4-signed request sent through the egress policy (the endpoint is the tenant's setting). */
async function signedFetch(egress: Egress, t: S3Target, key: string, init: { method?: string; body?: Buffer; headers?: Record<string, string> }): Promise<Response> {
  const signed = await client(t).sign(objectUrl(t, key), { method: init.method ?? 'GET', body: init.body, headers: init.headers });
  return egress.fetch(signed.url, { method: signed.method, headers: signed.headers, body: init.body, signal: AbortSignal.timeout(30_000) });
}

/** Copies a stored local file to the object store; answers the object's public link. */
export async function putObject(t: S3Target, key: string, localPath: string, contentType: string, egress: Egress = new Egress()): Promise<string> {
  const body = await readFile(localPath);
  let res: Response;
  try {
    res = await signedFetch(egress, t, key, { method: 'PUT', body, headers: { 'Content-Type': contentType } });
  } catch (e) {
    if (e instanceof ApiError) throw e; // refused by the egress policy
    throw new ApiError(400, STORAGE_MSG.s3Failed, { detail: (e as Error).message });
  }
  if (!res.ok) throw new ApiError(400, STORAGE_MSG.s3Failed, { detail: `HTTP ${res.status}` });
  return `${t.publicBase}/${key}`;
}

/** Reads an object back with a signed request (private buckets too). */
export async function getObject(t: S3Target, key: string, egress: Egress = new Egress()): Promise<Response> {
  let res: Response;
  try {
    res = await signedFetch(egress, t, key, {});
  } catch (e) {
    if (e instanceof ApiError) throw e; // refused by the egress policy
    throw new ApiError(400, STORAGE_MSG.s3ReadFailed, { detail: (e as Error).message });
  }
  if (!res.ok) throw new ApiError(404, STORAGE_MSG.s3ReadFailed, { detail: `HTTP ${res.status}` });
  return res;
}
