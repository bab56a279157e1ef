import { crud } from '../../api/crud';
import { http } from '../../api/request';

type Row = Record<string, unknown>;

export interface ServiceApp extends Row {
  id: string;
  name: string;
  authType: 'none' | 'oauth2';
  tokenFetchedAt?: string | null;
  tokenExpiresAt?: string | null;
  tokenPreview?: string | null;
}
export interface ServiceConfig extends Row {
  id: string;
  name: string;
  serviceType: 'internal' | 'external' | 'sqlService';
}
export interface ServiceParam extends Row {
  id: string;
  thirdServiceId: string;
  name: string;
  type: number;
  sort: number;
}
export interface OauthApp extends Row {
  id: string;
  name: string;
  appId: string;
}
export interface ThirdApiLog extends Row {
  id: string;
}

export const serviceAppApi = crud<ServiceApp>('/api/serviceConfig/thirdServiceAuth');
export const serviceConfigApi = crud<ServiceConfig>('/api/serviceConfig/thirdServiceConfig');
export const serviceParamApi = crud<ServiceParam>('/api/serviceConfig/thirdServiceParams');
export const oauthAppApi = crud<OauthApp>('/api/thirdService/thirdOauthApp');
export const thirdApiLogApi = crud<ThirdApiLog>('/api/thirdService/thirdApiLog');

export const serviceAppOptions = () =>
  http.get<{ id: string; name: string; authType: string }[]>('/api/serviceConfig/thirdServiceAuth/listNoPage', { status: 1 });
export const serviceConfigOptions = () =>
  http.get<{ id: string; name: string; serviceType: string }[]>('/api/serviceConfig/thirdServiceConfig/listNoPage', { status: 1 });
export const internalHandlers = () => http.get<{ name: string; description: string }[]>('/api/thirdService/callService/handlers');
export const paramsOf = (thirdServiceId: string) => http.get<ServiceParam[]>('/api/serviceConfig/thirdServiceParams/ascs', { thirdServiceId });
/** The real call; vars are the call variables (type 2 parameters, SQL #{name}). */
export const callApi = (serviceConfigId: string, vars: Record<string, string> = {}) =>
  http.get<unknown>('/api/thirdService/callService/callApi', { ...vars, serviceConfigId }, { silent: true });
export const fetchToken = (id: string) => http.post<Row>('/api/thirdService/serviceAuth/token', undefined, { params: { id } });
export const clearToken = (ids: string[]) => http.post('/api/thirdService/serviceAuth/clear-token', undefined, { params: { ids: ids.join(',') } });
