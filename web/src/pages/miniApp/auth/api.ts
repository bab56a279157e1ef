// Permission groups of an app and their field rights (001 §3.2, §6, §7.1): /api/appPermission/appPermission
// (list, detail, submit, remove, changePermission) and /api/blade-appPermissionScope/appPermissionScope
// (list by group, batchSubmit).
import { appDiyOperateModel, appPermissionModel, appPermissionScopeModel } from '@campus/schema';
import { crud } from '../../../api/crud';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';
import type { DiyOperate } from '../api';

export interface AppPermissionGroup {
  id: string;
  appId: string;
  permissionName: string;
  userIds?: string | null;
  roleIds?: string | null;
  deptIds?: string | null;
  postIds?: string | null;
  operates?: string | null;
  dataScope: 'all' | 'dept' | 'own';
}
export interface FieldScope { modelId: string; fieldName: string; hide: number; disabled: number; display: number; search: number }

export const permissionApi = crud<AppPermissionGroup>(appPermissionModel.api);
export const diyOperateApi = crud<DiyOperate & { appId: string; sort: number }>(appDiyOperateModel.api);

/** Every field right of a group (its pages of 200 read one after another). */
export async function groupScopes(permissionId: string): Promise<FieldScope[]> {
  const out: FieldScope[] = [];
  for (let current = 1; current < 100; current++) {
    const page = await http.get<Page<FieldScope>>(`${appPermissionScopeModel.api}/list`, { permissionId, current, size: 200 });
    out.push(...(page.records ?? []));
    if (out.length >= page.total || !page.records?.length) break;
  }
  return out;
}
export const saveScopes = (permissionId: string, scopes: FieldScope[]) => http.post(`${appPermissionScopeModel.api}/batchSubmit`, { permissionId, scopes });

export interface PersonRights { access: boolean; manager: boolean; operates: string[]; dataScope: 'all' | 'dept' | 'own' }
export const changePermission = (appId: string, userId: string) => http.get<PersonRights>(`${appPermissionModel.api}/changePermission`, { appId, userId });

/** Every custom button of the app (for the operations a group may be given). */
export const appButtons = (appId: string) => diyOperateApi.list({ appId, current: 1, size: 200 }).then((p) => p.records ?? []);
