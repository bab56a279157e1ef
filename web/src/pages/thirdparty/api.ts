import { thirdApiLogModel, thirdOauthAppModel, thirdServiceAuthModel, thirdServiceConfigModel, thirdServiceParamsModel, type RowOf } from '@campus/schema';
import { crud } from '../../api/crud';
import { http } from '../../api/request';

type Row = Record<string, unknown>;
interface Times {
  createTime?: string;
  updateTime?: string;
}

// the rows as the models (@campus/schema thirdServiceAuthModel …) say them (secrets are never sent)
/** A service app, with the state of its cached token (oauth2 ones). */
export type ServiceApp = RowOf<typeof thirdServiceAuthModel> & Times & {
  tokenFetchedAt?: string | null;
  tokenExpiresAt?: string | null;
  tokenPreview?: string | null;
};
export type ServiceConfig = RowOf<typeof thirdServiceConfigModel> & Times;
export type ServiceParam = RowOf<typeof thirdServiceParamsModel> & Times;
export type OauthApp = RowOf<typeof thirdOauthAppModel> & Times;
export type ThirdApiLog = RowOf<typeof thirdApiLogModel> & Times;

export const serviceAppApi = crud<ServiceApp>(thirdServiceAuthModel.api);
export const serviceConfigApi = crud<ServiceConfig>(thirdServiceConfigModel.api);
export const serviceParamApi = crud<ServiceParam>(thirdServiceParamsModel.api);
export const oauthAppApi = crud<OauthApp>(thirdOauthAppModel.api);
export const thirdApiLogApi = crud<ThirdApiLog>(thirdApiLogModel.api);

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
