import { md5 } from 'js-md5';
import { http, request } from './request';
import type { TokenAnswer, UserProfile } from './types';
import { website } from '../website';

const TOKEN_URL = '/api/blade-auth/oauth/token';

export interface Captcha {
  key: string;
  image: string;
}

export interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  /** Captcha key and typed code; omitted when captcha mode is off. */
  key?: string;
  code?: string;
  deptId?: string;
  roleId?: string;
}

export function getCaptcha(): Promise<Captcha> {
  return request<Captcha>({ url: '/api/blade-auth/oauth/captcha', method: 'get', silent: true });
}

export function loginByUsername(form: LoginForm, captcha: boolean): Promise<TokenAnswer> {
  const headers: Record<string, string> = { 'Tenant-Id': form.tenantId };
  if (captcha && form.key) {
    headers['Captcha-Key'] = form.key;
    headers['Captcha-Code'] = form.code ?? '';
  }
  if (form.deptId) headers['Dept-Id'] = form.deptId;
  if (form.roleId) headers['Role-Id'] = form.roleId;
  return request<TokenAnswer>({
    url: TOKEN_URL,
    method: 'post',
    headers,
    silent: true,
    skipUnauthorized: true,
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: md5(form.password),
      grant_type: captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
  });
}

/** refresh_token grant: the periodic refresher and the department/role switch both use it. */
export function refreshToken(refresh: string, tenantId: string, deptId?: string, roleId?: string): Promise<TokenAnswer> {
  const headers: Record<string, string> = { 'Tenant-Id': tenantId };
  if (deptId) headers['Dept-Id'] = deptId;
  if (roleId) headers['Role-Id'] = roleId;
  return request<TokenAnswer>({
    url: TOKEN_URL,
    method: 'post',
    headers,
    skipUnauthorized: true,
    params: {
      tenantId,
      refresh_token: refresh,
      grant_type: 'refresh_token',
      scope: 'all',
      ...(deptId ? { deptId } : {}),
      ...(roleId ? { roleId } : {}),
    },
  });
}

export function getUserInfo(): Promise<UserProfile> {
  return http.get<UserProfile>('/api/blade-auth/oauth/user-info');
}

export function logout(): Promise<unknown> {
  return http.get('/api/blade-auth/oauth/logout', undefined, { silent: true, skipUnauthorized: true });
}

export function clearCache(): Promise<unknown> {
  return http.get('/api/blade-auth/oauth/clear-cache');
}

export function casVerify(ticket: string, toUrl: string): Promise<TokenAnswer> {
  return request<TokenAnswer>({
    url: '/api/blade-cas/cas/verify',
    method: 'get',
    params: { ticket, toUrl },
    silent: true,
    skipUnauthorized: true,
  }).then((body) => {
    // verify may answer the flat token or wrap it in the envelope.
    const wrapped = body as unknown as { data?: TokenAnswer };
    return wrapped.data && (wrapped.data as TokenAnswer).access_token ? wrapped.data : body;
  });
}

export { website };
