// The apps a person may open (001 §2.6, §7.1): the chooser's page (getMyApp), and their pinned apps
// (/api/blade-portal/myApp: getMyAppList, submit, remove).
import { myAppModel } from '@campus/schema';
import { cleanParams } from '../../../api/crud';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';
import { APP_INFO, type AppInfo } from '../api';

/** An app as the lists of apps one may open answer it (with its icon's address). */
export type OpenApp = AppInfo & { appId: string; iconUrl?: string };
/** A pinned app: the pin's id, the app's. */
export interface PinnedApp { id: string; appId: string; sort: number; appName: string; appDesc?: string | null; appIcon?: string | null; iconUrl?: string; appStatus: number }

export const getMyApp = (params: { current: number; size: number; appName?: string }) =>
  http.get<Page<OpenApp>>(`${APP_INFO}/getMyApp`, cleanParams(params));
export const getMyAppList = () => http.get<PinnedApp[]>(`${myAppModel.api}/getMyAppList`);
export const pinApp = (appId: string, sort: number) => http.post(`${myAppModel.api}/submit`, { appId, sort });
export const unpinApp = (pinId: string) => http.post(`${myAppModel.api}/remove`, undefined, { params: { ids: pinId } });
