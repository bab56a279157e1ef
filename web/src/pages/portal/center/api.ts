// The calls of the signed-in portal pages (001 §2.3, §7.2; issue 16 brief "Signed in"): the to-do
// centre over the workflow engine's tasks (/api/todoCenter), the work and transaction centres, the
// personal data centre (/api/blade-data/personal) and the lists the portal's small pages read. The
// public calls these pages make too (services, categories, favourites) are ../public-api.ts's.
import { serviceCollectModel, tcInstanceModel } from '@campus/schema';
import { cleanParams } from '../../../api/crud';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';
import type { ProcessRow } from '../../workflow/api';
import type { FormOption } from '../../../components/workflow/form-schema';
import type { ServiceCard, ShortcutEntrance, SpecialService, ThroughTrain } from '../types';

const PORTAL = '/api/blade-portal';
const TC_TASK = '/api/todoCenter/tcTask';
const TC_INSTANCE = tcInstanceModel.api;
const PERSONAL = '/api/blade-data/personal';

// ---- services --------------------------------------------------------------------------------

/** Every enabled service (with canHandle, collected) of a category or name. */
export const serviceList = (q: { categoryId?: string; name?: string } = {}) => http.get<ServiceCard[]>(`${PORTAL}/serviceManage/listNoPage`, cleanParams(q));
/** The caller's favourites (newest first): service ids. */
export const myCollects = (q: { current: number; size: number }) => http.get<Page<{ id: string; serviceId: string; createTime?: string }>>(`${serviceCollectModel.api}/list`, q);
export type VisitedService = ServiceCard & { lastVisitTime?: string | null };
export const visitedServices = (q: { current: number; size: number }) => http.get<Page<VisitedService>>(`${PORTAL}/serviceManage/getVisitService`, q);
/** Services handled online that the caller may handle now. */
export const onlineServices = (q: { categoryId?: string; name?: string } = {}) => http.get<ServiceCard[]>(`${PORTAL}/serviceOnlineHandle/listNoPage`, cleanParams(q));

// ---- the small pages -------------------------------------------------------------------------

/** A special service with its columns (each with its enabled services) and every service naming it. */
export type SpecialDetail = SpecialService & { columns: { id: string; name: string; nameEn?: string | null; services?: ServiceCard[] }[]; services: ServiceCard[] };
export const specialDetail = (id: string) => http.get<SpecialDetail | null>(`${PORTAL}/specialService/noLogin/detail`, { id });
export interface TrainGroup { trainType: string; trainTypeEn?: string | null; list: ThroughTrain[] }
export const throughTrains = () => http.get<TrainGroup[]>(`${PORTAL}/throughTrain/getThroughTrainTypeAndList`);
export const shortcutEntrances = () => http.get<ShortcutEntrance[]>(`${PORTAL}/shortcutEntrance/listNoPage`);

// ---- work centre -----------------------------------------------------------------------------

export type StatusKey = 'todo' | 'done' | 'send' | 'copy' | 'collect' | 'message';
export interface MyStatus { key: StatusKey; name: string; nameEn?: string | null; count: number; path?: string | null }
export const myStatusList = () => http.get<MyStatus[]>(`${PORTAL}/myStatus/getMyStatusList`);

// ---- to-do centre ----------------------------------------------------------------------------

/** A group of the to-do centre: the caller's tasks (or instances) of one process. */
export interface Rally { processDefKey: string; processDefinitionName?: string | null; category?: string | null; count: number; latestTime?: string | null }
/** A row of the to-do centre's lists: the workflow list's row plus the service it came from. */
export type CenterRow = ProcessRow & { serviceName?: string | null; serviceId?: string | null };
export type RallyKind = 'todo' | 'done' | 'send' | 'copy';
type Q = { current: number; size: number; processDefKey?: string; processDefinitionName?: string };

export const rallies: Record<RallyKind, (q: { current: number; size: number }) => Promise<Page<Rally>>> = {
  todo: (q) => http.get(`${TC_TASK}/getMyTodoRallyList`, q),
  done: (q) => http.get(`${TC_TASK}/getMyDoneRallyList`, q),
  send: (q) => http.get(`${TC_INSTANCE}/getMySendRallyList`, q),
  copy: (q) => http.get(`${TC_TASK}/getMyCopyRallyList`, q),
};
export const rallyRows: Record<RallyKind, (q: Q) => Promise<Page<CenterRow>>> = {
  todo: (q) => http.get(`${TC_TASK}/getMyTodoList`, cleanParams(q)),
  done: (q) => http.get(`${TC_TASK}/getMyDoneList`, cleanParams(q)),
  send: (q) => http.get(`${TC_INSTANCE}/getMySendList`, cleanParams(q)),
  // the centre has no copy list of its own: the workflow's 抄送我的 answers the same people
  copy: (q) => http.get('/api/blade-workflow/process/copyList', cleanParams(q)),
};

// ---- personal data centre --------------------------------------------------------------------

export interface PersonalCategory { id: string; name: string; nameEn?: string | null; icon?: string | null; formContent?: FormOption | string | null; multiple: number; sort?: number; count: number }
export interface PersonalEntry { id: string; categoryId: string; content: Record<string, unknown>; createTime?: string }
export const personalCategories = () => http.get<PersonalCategory[]>(`${PERSONAL}/personalDataCategory`);
export const personalEntries = (categoryId: string) => http.get<PersonalEntry[]>(`${PERSONAL}/personalData`, { categoryId });
export const savePersonalData = (body: { id?: string; categoryId: string; content: Record<string, unknown> }) => http.post<PersonalEntry>(`${PERSONAL}/savePersonalData`, body);
export const delPersonalData = (id: string) => http.post(`${PERSONAL}/delPersonalData`, { id });
