import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { message } from 'antd';
import i18n from '../i18n';
import { useSession } from '../shell/store';
import { basicAuth, website } from '../website';
import type { R } from './types';

export interface RequestConfig extends AxiosRequestConfig {
  /** false: do not send the Basic client header. */
  authorization?: boolean;
  /** Reject without a toast; the caller shows the error itself. */
  silent?: boolean;
  /** A 401 here is an answer (wrong password), not an expired session. */
  skipUnauthorized?: boolean;
  /**
   * The public portal's calls: nobody signed in, the server answers the tenant of the site's address
   * (the tenant whose bound domain it is, else the default), so no default Tenant-Id goes with them.
   */
  siteTenant?: boolean;
}

/** Rejection of every failed call: the business code and the human text. */
export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** Codes rejected without a toast (spec 000 §8 "Codes in a configured whitelist"). */
export const silentCodes: number[] = [];

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
/** The shell registers how to sign out (it knows about CAS and the router). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

const instance = axios.create({
  timeout: website.requestTimeout,
  withCredentials: true,
  validateStatus: (status) => status >= 200 && status <= 500,
});

instance.interceptors.request.use((config) => {
  const cfg = config as typeof config & RequestConfig;
  const session = useSession.getState();
  const headers = config.headers;
  if (cfg.authorization !== false) headers.set('Authorization', basicAuth());
  if (session.token && !headers.has(website.tokenHeader)) headers.set(website.tokenHeader, `bearer ${session.token}`);
  if (!headers.has('Tenant-Id') && (session.token || !cfg.siteTenant)) headers.set('Tenant-Id', session.tenantId || website.tenantId);
  if (website.switchMode && session.userInfo) {
    if (session.userInfo.dept_id && !headers.has('Dept-Id')) headers.set('Dept-Id', session.userInfo.dept_id);
    if (session.userInfo.role_id && !headers.has('Role-Id')) headers.set('Role-Id', session.userInfo.role_id);
  }
  headers.set('Accept-Language', i18n.language === 'en' ? 'en' : 'zh');
  return config;
});

interface BodyShape {
  code?: number;
  msg?: string;
  error_code?: number | string;
  error_description?: string;
}

function readCode(res: AxiosResponse<unknown>): number {
  const body = (res.data ?? {}) as BodyShape;
  if (typeof body === 'object' && body !== null) {
    if (typeof body.code === 'number') return body.code;
    // The token endpoint answers flat; its refusals carry error_code and a 400/401 status.
    if (body.error_code !== undefined || body.error_description) return res.status === 200 ? 400 : res.status;
  }
  return res.status;
}

/** The one request function: resolves with the response body (envelope, or the flat token answer). */
export async function request<T = unknown>(config: RequestConfig): Promise<T> {
  let res: AxiosResponse<unknown>;
  try {
    res = await instance.request(config);
  } catch (err) {
    const e = err as AxiosError;
    throw new RequestError(0, e.message || 'Network Error');
  }
  const code = readCode(res);
  if (code === 200) return res.data as T;
  const body = (res.data ?? {}) as BodyShape;
  const text = body.msg || body.error_description || i18n.t('common.unknownError');
  if (code === 401 && !config.skipUnauthorized) {
    onUnauthorized();
    throw new RequestError(code, text, res.data);
  }
  if (!config.silent && !silentCodes.includes(code)) message.error(text);
  throw new RequestError(code, text, res.data);
}

/** Envelope helpers: resolve with `data` of `{code, success, data, msg}`. */
export const http = {
  async get<T>(url: string, params?: object, config: RequestConfig = {}): Promise<T> {
    const body = await request<R<T>>({ ...config, url, method: 'get', params });
    return body.data;
  },
  async post<T>(url: string, data?: unknown, config: RequestConfig = {}): Promise<T> {
    const body = await request<R<T>>({ ...config, url, method: 'post', data });
    return body.data;
  },
  /** Same as post but resolves with the whole envelope (when the msg matters). */
  async postR<T>(url: string, data?: unknown, config: RequestConfig = {}): Promise<R<T>> {
    return request<R<T>>({ ...config, url, method: 'post', data });
  },
};
