// Calls of the portal's management screens (issue 16 "Management screens"; server module portal,
// /api/blade-portal and /api/blade-data/personalCategory). Every entity answers list / detail /
// submit / remove through crud(); what follows is what is special about one: the service's save /
// update / getRandomId, the status switches of floors and precincts, the orders of columns and
// recommendations.
import {
  aphorismModel, columnModel, floorModel, newsSourceModel, personalDataCategoryModel, portalConfigModel, portalTopMenuModel, precinctModel,
  serviceCategoryModel, serviceFeedbackModel, serviceManageModel, servicePackageModel, serviceRecommendModel, shortcutEntranceModel,
  slideshowModel, slideshowTypeModel, specialServiceColumnModel, specialServiceModel, throughDeptModel, throughTrainModel, urlManageModel,
  type RowOf,
} from '@campus/schema';
import i18n from '../../../i18n';
import { cleanParams, crud, postQuery, type Crud, type ListParams } from '../../../api/crud';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';
import type { FieldOption } from '../../../components/ResourceList';

const B = '/api/blade-portal';

/** A service row as the management list and detail answer it (names of its category and department added when the server has them). */
export type Service = RowOf<typeof serviceManageModel> & { categoryName?: string | null; deptName?: string | null; specialServiceName?: string | null };
export type ServiceCategory = RowOf<typeof serviceCategoryModel>;
export type Floor = RowOf<typeof floorModel>;
export type Column = RowOf<typeof columnModel>;
export type Precinct = RowOf<typeof precinctModel>;
export type Recommend = RowOf<typeof serviceRecommendModel> & { serviceName?: string | null };
export type Slideshow = RowOf<typeof slideshowModel>;
export type SlideshowType = RowOf<typeof slideshowTypeModel>;
export type SpecialService = RowOf<typeof specialServiceModel>;
export type SpecialColumn = RowOf<typeof specialServiceColumnModel>;
export type Feedback = RowOf<typeof serviceFeedbackModel> & { serviceName?: string | null; createTime?: string; createUserName?: string | null };
export type PortalConfig = RowOf<typeof portalConfigModel>;
export type PortalTopMenu = RowOf<typeof portalTopMenuModel> & { children?: PortalTopMenu[] };
export type PersonalCategory = RowOf<typeof personalDataCategoryModel>;

const api = <T>(model: { api: string }): Crud<T> => crud<T>(model.api);

export const serviceApi = api<Service>(serviceManageModel);
/** A new service (portal_service_add); the server checks the bound process, the address and the validity fields. */
export const saveService = (body: Partial<Service>) => http.post<Service>(`${B}/serviceManage/save`, body);
/** A changed service (with its id; portal_service_edit). */
export const updateService = (body: Partial<Service> & { id: string }) => http.post<Service>(`${B}/serviceManage/update`, body);
/** A fresh unused service code ('FW' + yyyyMMdd + 4 digits). */
export const randomServiceCode = () => http.get<{ serviceCode: string }>(`${B}/serviceManage/getRandomId`).then((r) => r.serviceCode);

/** The fields a service is saved with: the model's, nothing the list or detail added (names, audit columns). */
export function serviceBody(row: Record<string, unknown>): Partial<Service> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(serviceManageModel.fields)) if (k in row) out[k] = row[k];
  if (row.id) out.id = row.id;
  return out as Partial<Service>;
}

export const categoryApi = api<ServiceCategory>(serviceCategoryModel);
export const packageApi = api<RowOf<typeof servicePackageModel>>(servicePackageModel);
export const throughDeptApi = api<RowOf<typeof throughDeptModel>>(throughDeptModel);
export const throughTrainApi = api<RowOf<typeof throughTrainModel>>(throughTrainModel);
export const shortcutApi = api<RowOf<typeof shortcutEntranceModel>>(shortcutEntranceModel);
export const urlApi = api<RowOf<typeof urlManageModel>>(urlManageModel);
export const newsSourceApi = api<RowOf<typeof newsSourceModel>>(newsSourceModel);
export const aphorismApi = api<RowOf<typeof aphorismModel>>(aphorismModel);
export const feedbackApi = api<Feedback>(serviceFeedbackModel);
export const configApi = api<PortalConfig>(portalConfigModel);
export const personalCategoryApi = api<PersonalCategory>(personalDataCategoryModel);
export const specialApi = api<SpecialService>(specialServiceModel);
export const specialColumnApi = api<SpecialColumn>(specialServiceColumnModel);
export const slideshowApi = api<Slideshow>(slideshowModel);
export const slideshowTypeApi = api<SlideshowType>(slideshowTypeModel);

export const floorApi = api<Floor>(floorModel);
/** 楼层 on / off (portal_floor_edit). */
export const updateFloorStatus = (id: string, status: number) => http.post(`${B}/floor/updateStatus`, { id, status });
export const precinctApi = api<Precinct>(precinctModel);
/** 专区 on / off (portal_precinct_edit). */
export const updatePrecinctStatus = (id: string, status: number) => http.post(`${B}/precinct/updateStatus`, { id, status });

export const columnApi = api<Column>(columnModel);
/** Every column of a floor, disabled ones too, in their order (management). */
export const columnsOfFloor = (floorId: string) => http.get<Column[]>(`${B}/column/listNoPage`, { floorId });
export interface SortItem { id: string; sort: number }
export const updateColumnSort = (items: SortItem[]) => http.post(`${B}/column/updateSort`, items);

export const recommendApi = api<Recommend>(serviceRecommendModel);
export const updateRecommendSort = (items: SortItem[]) => http.post(`${B}/serviceRecommend/updateSort`, items);
/** Takes a service off the recommendations. */
export const deleteRecommendByService = (serviceId: string) => postQuery(`${B}/serviceRecommend/deleteByServiceId`, { serviceId });

/** The top-menu entries as a tree (parentId 0 = top level), sorted like the header shows them. */
export async function topMenuTree(params: ListParams = {}): Promise<PortalTopMenu[]> {
  const page = await http.get<Page<PortalTopMenu>>(`${portalTopMenuModel.api}/list`, cleanParams({ ...params, current: 1, size: 200 }));
  return buildTree(page.records ?? []);
}
export function buildTree<T extends { id: string; parentId?: string | null; sort?: number | null; children?: T[] }>(rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [String(r.id), { ...r, children: [] as T[] }]));
  const roots: T[] = [];
  for (const r of byId.values()) {
    const parent = r.parentId && r.parentId !== '0' ? byId.get(String(r.parentId)) : undefined;
    (parent ? parent.children! : roots).push(r);
  }
  const tidy = (list: T[]): T[] => {
    list.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
    for (const r of list) r.children = r.children?.length ? tidy(r.children) : undefined;
    return list;
  };
  return tidy(roots);
}
export const topMenuApi: Crud<PortalTopMenu> = { ...api<PortalTopMenu>(portalTopMenuModel), tree: topMenuTree };

/** The tenant's deployed processes the bound-process picker offers (发起流程's list: the newest version of each key). */
export interface DeployedProcess {
  id: string;
  processDefKey: string;
  key?: string;
  name?: string | null;
  processDefinitionName?: string | null;
  version?: number;
  categoryName?: string | null;
}
export const deployedProcesses = () =>
  http.get<Page<DeployedProcess>>('/api/blade-workflow/process/processList', { current: 1, size: 500 }).then((p) => p.records ?? []);

/** Every row of a small list (categories, floors, special services) for a select. */
export const allOf = <T>(c: Crud<T>, params: ListParams = {}) => c.list({ ...params, current: 1, size: 200 }).then((p) => p.records ?? []);

/** Services by name for the pickers (enabled and disabled). */
export const searchServices = (params: ListParams) => serviceApi.list(params);
/** Services by their ids, in the order given (ids the tenant no longer has are left out). */
export async function servicesByIds(ids: string[]): Promise<Service[]> {
  if (!ids.length) return [];
  // one page of the list covers a hall of ordinary size; the rest are looked up one by one
  const page = await serviceApi.list({ current: 1, size: 200 });
  const by = new Map((page.records ?? []).map((s) => [String(s.id), s]));
  const missing = ids.filter((id) => !by.has(id));
  for (const s of await Promise.all(missing.slice(0, 100).map((id) => serviceApi.detail(id).catch(() => null)))) if (s) by.set(String(s.id), s);
  return ids.map((id) => by.get(id)).filter((s): s is Service => !!s);
}

/**
 * Options whose labels are data (a category's name, a floor's): each label becomes an i18n key of
 * portalManage.data.<group>.<id> in both languages (the English name when the row has one), so the
 * shared list shows them like the model's own options and follows a language switch.
 */
export function dataOptions(group: string, rows: { id: string; name?: string | null; nameEn?: string | null }[], color?: string): FieldOption[] {
  const zh: Record<string, string> = {};
  const en: Record<string, string> = {};
  for (const r of rows) {
    zh[r.id] = r.name ?? r.id;
    en[r.id] = r.nameEn || r.name || r.id;
  }
  i18n.addResourceBundle('zh', 'translation', { portalManage: { data: { [group]: zh } } }, true, true);
  i18n.addResourceBundle('en', 'translation', { portalManage: { data: { [group]: en } } }, true, true);
  return rows.map((r) => ({ label: `portalManage.data.${group}.${r.id}`, value: String(r.id), color }));
}

/** A row's name in the reader's language. */
export const nameOf = (r: { name?: string | null; nameEn?: string | null } | null | undefined): string =>
  (i18n.language === 'en' ? r?.nameEn || r?.name : r?.name) ?? '';

/** A comma list as ids. */
export const csv = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).map((x) => x.trim()).filter(Boolean);
