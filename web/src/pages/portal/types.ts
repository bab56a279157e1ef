// Shapes of the portal's calls (/api/blade-portal, issue 16 brief): rows come from the model definitions
// (packages/schema/src/models/portal.ts); these add what the public answers join to them.
import type {
  RowOf, aphorismModel, columnModel, floorModel, portalTopMenuModel, precinctModel, serviceCategoryModel, serviceManageModel,
  servicePackageModel, serviceRecommendModel, shortcutEntranceModel, slideshowModel, slideshowTypeModel, specialServiceModel,
  throughDeptModel, throughTrainModel, urlManageModel,
} from '@campus/schema';

export type { Page } from '../../api/types';

/** The audience lists the public answers never carry (§4: the server checks them). */
type AudienceKeys = 'userIds' | 'roleIds' | 'deptIds' | 'postIds';
export type ServiceRow = RowOf<typeof serviceManageModel>;

/**
 * A service as every list shows it: the row without its audience lists, plus the names the server joins.
 * canHandle / refusal / collected only for a signed-in caller (refusal: the message in the caller's language).
 * Lists carry summary / summaryEn; the guide texts (introduce, timeLimit, handleAddress, contactPerson, fee,
 * basis, each with its <field>En, materials, steps) come with the details only (ServiceDetail).
 */
export type ServiceCard = Omit<ServiceRow, AudienceKeys> & {
  categoryName?: string | null;
  categoryNameEn?: string | null;
  deptName?: string | null;
  canHandle?: boolean;
  refusal?: string | null;
  collected?: boolean;
};

/** One material of a guide (serviceManage.materials, JSON): a list of these (or plain strings). */
export interface ServiceMaterial {
  name: string;
  nameEn?: string;
  /** 1 required, 0 when applicable. */
  required?: number | boolean;
  /** e.g. '原件1份' */
  copies?: string;
  copiesEn?: string;
  note?: string;
  noteEn?: string;
}
/** One step of a guide (serviceManage.steps, JSON): a list of these (or plain strings). */
export interface ServiceStep {
  name: string;
  nameEn?: string;
  description?: string;
  descriptionEn?: string;
}

/** serviceManage/noLogin/detail (and getDetailByServiceId, which adds canHandle, refusal, collected). */
export type ServiceDetail = ServiceCard;

/** The English of a text field when the page is English and it has one, else the Chinese: textIn(row, 'summary', lang). */
export function textIn<T extends object>(row: T | null | undefined, field: keyof T & string, lang: string): string {
  const r = (row ?? {}) as Record<string, unknown>;
  const en = lang.startsWith('en') ? r[`${field}En`] : undefined;
  return typeof en === 'string' && en.trim() ? en : r[field] == null ? '' : String(r[field]);
}

/** serviceManage/noLogin/getHotService rows. */
export type HotService = ServiceCard & { hotCount: number };
/** serviceManage/noLogin/getHotDept rows. */
export interface HotDept { deptId: string; deptName: string; deptNameEn?: string | null; serviceCount: number; hotCount: number }
/** serviceManage/noLogin/getServiceCount */
export interface ServiceCount { serviceCount: number; categoryCount: number; deptCount: number; onlineCount: number }
/** serviceStatisticsSum/noLogin/getSumStatistics?type= */
export type StatisticsRange = 'all' | 'year' | 'month' | 'day';
export interface SumStatistics { visitCount: number; startCount: number; collectCount: number; serviceCount: number }
/** serviceStatisticsSum/noLogin/getStartedProcessCount */
export interface StartedProcessCount { total: number; today: number; finished: number }

/** topMenu/noLogin/list rows: top level with its enabled sub-entries. */
export type TopMenu = RowOf<typeof portalTopMenuModel> & { children?: TopMenu[] };
/** config/noLogin/list rows. */
export interface PortalConfigRow { configKey: string; configValue: string | null }
/** The config rows as a map (configKey → configValue). */
export type PortalConfig = Record<string, string>;
/** config footerLinks (JSON). */
export interface FooterLink { name: string; nameEn?: string; url: string }

export type Slideshow = RowOf<typeof slideshowModel>;
/** slideshow/noLogin/getSlideshowTypeAndList rows. */
export type SlideshowType = RowOf<typeof slideshowTypeModel> & { list: Slideshow[] };

export type ShortcutEntrance = RowOf<typeof shortcutEntranceModel>;

/** A news line of a news column / floor (the platform's notices). */
export interface NewsItem { id: string; title: string; category?: string | null; releaseTime?: string | null }
export type UrlLink = RowOf<typeof urlManageModel>;
/** urlManage/noLogin/list?urlType= : the footer's links, partner sites, a link floor's links. */
export type UrlType = 'footer' | 'friend' | 'floor';

/** column/noLogin/listNoPage rows (and floor detail's columns): at most showCount services. */
export type PortalColumn = RowOf<typeof columnModel> & {
  services?: ServiceCard[];
  news?: NewsItem[];
  links?: UrlLink[];
  newsSource?: { name: string; nameEn: string | null; sourceType: string; url: string | null } | null;
};
/** column/noLogin/detail?id: the column for its own page, with all its services (news: at most 50). */
export type ColumnDetail = PortalColumn;
/** precinct/noLogin/detail (and floor detail's precincts). */
export type Precinct = RowOf<typeof precinctModel> & { services?: ServiceCard[] };
/** floor/noLogin/list rows. */
export type Floor = RowOf<typeof floorModel>;
/** floor/noLogin/detail */
export type FloorDetail = Floor & { columns?: PortalColumn[]; precincts?: Precinct[]; news?: NewsItem[]; links?: UrlLink[] };

/** searchLog/noLogin/getHotSearch rows. */
export interface HotSearch { keyword: string; count: number }

/** throughDept/noLogin/throughDeptListNoPage rows. */
export type ThroughDept = RowOf<typeof throughDeptModel> & { deptName?: string | null; serviceCount: number };
/** serviceCategory/noLogin/listNoPage rows. */
export type ServiceCategory = RowOf<typeof serviceCategoryModel> & { serviceCount: number };
/** servicePackage/noLogin/page rows. */
export type ServicePackage = RowOf<typeof servicePackageModel> & { services?: ServiceCard[] };
/** serviceRecommend/noLogin/list rows. */
export type ServiceRecommend = RowOf<typeof serviceRecommendModel> & { service?: ServiceCard | null };
export type SpecialService = RowOf<typeof specialServiceModel>;
export type ThroughTrain = RowOf<typeof throughTrainModel>;
/** aphorism/getRandAphorism */
export type Aphorism = Pick<RowOf<typeof aphorismModel>, 'id' | 'content' | 'contentEn' | 'author'>;

/** serviceManage/noLogin/listUnion query. */
export interface ServiceQuery {
  current?: number;
  size?: number;
  name?: string;
  categoryId?: string;
  deptId?: string;
  packageId?: string;
  specialServiceId?: string;
  handleType?: number;
  itemWay?: number;
}
