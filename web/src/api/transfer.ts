// Files up and down through the one request function, with progress (issue 13): uploads report the
// bytes sent (XMLHttpRequest upload events), then that the server is at work; downloads report the
// bytes received and, when the answer has a Content-Length, of how many. The screens show it with
// components/transfer.tsx. A transfer may take minutes: it gets a longer time-out than a call.
import { message } from 'antd';
import type { AxiosProgressEvent } from 'axios';
import i18n from '../i18n';
import { request, RequestError, type RequestConfig } from './request';
import type { R } from './types';

export interface Transfer {
  /** sending the body; sent and waiting while the server works on it; receiving the answer */
  phase: 'upload' | 'server' | 'download';
  loaded: number;
  /** bytes in all when known (the body's size, the answer's Content-Length) */
  total?: number;
}
export type OnTransfer = (t: Transfer) => void;

/** How long a transfer may take in all (a slow line and a large file), instead of a call's 10 s. */
export const TRANSFER_TIMEOUT = 10 * 60_000;

/** Whole percent done, or undefined when the total is not known. */
export const percentOf = (t: Transfer): number | undefined =>
  t.total ? Math.min(100, Math.floor((t.loaded * 100) / t.total)) : undefined;

const uploadEvents = (onProgress?: OnTransfer): Pick<RequestConfig, 'onUploadProgress'> =>
  onProgress
    ? {
        onUploadProgress: (e: AxiosProgressEvent) => {
          const total = e.total || undefined;
          onProgress({ phase: total !== undefined && e.loaded >= total ? 'server' : 'upload', loaded: e.loaded, total });
        },
      }
    : {};

/**
 * POSTs a multipart form and resolves with the envelope's data, reporting the upload. silent: a
 * refusal is not toasted (the caller shows it, e.g. inside its dialog); it rejects with RequestError.
 */
export function sendForm<T>(url: string, form: FormData, opts: { params?: object; onProgress?: OnTransfer; silent?: boolean } = {}): Promise<T> {
  return request<R<T>>({
    url, method: 'post', data: form, params: opts.params, silent: opts.silent, timeout: TRANSFER_TIMEOUT, ...uploadEvents(opts.onProgress),
  }).then((r) => r.data);
}

/** The whole envelope of a multipart POST (when the caller reads more than data), reporting the upload. */
export function sendFormR<T>(url: string, form: FormData, opts: { params?: object; onProgress?: OnTransfer } = {}): Promise<R<T>> {
  return request<R<T>>({ url, method: 'post', data: form, params: opts.params, timeout: TRANSFER_TIMEOUT, ...uploadEvents(opts.onProgress) });
}

/**
 * A file through the request function (auth headers) as a Blob, reporting the bytes received. A
 * refusal arrives as a JSON envelope inside the blob: its msg is shown (failText names the status
 * when there is none) and the promise rejects with it.
 */
export async function receiveFile(config: RequestConfig, opts: { onProgress?: OnTransfer; failText?: (status: number) => string } = {}): Promise<Blob> {
  const { onProgress } = opts;
  try {
    return await request<Blob>({
      method: 'get', ...config, responseType: 'blob', silent: true, timeout: TRANSFER_TIMEOUT,
      ...(onProgress ? { onDownloadProgress: (e: AxiosProgressEvent) => onProgress({ phase: 'download', loaded: e.loaded, total: e.total || undefined }) } : {}),
    });
  } catch (e) {
    const err = e as RequestError;
    let text = opts.failText?.(err.code) ?? err.message ?? i18n.t('common.unknownError');
    if (err.body instanceof Blob) {
      try {
        text = (JSON.parse(await err.body.text()) as { msg?: string }).msg || text;
      } catch {
        /* not JSON: keep the generic text */
      }
    }
    if (err.code !== 401) message.error(text);
    throw new RequestError(err.code, text);
  }
}
