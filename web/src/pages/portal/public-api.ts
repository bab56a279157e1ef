// The portal's calls of its public part (/api/blade-portal/**/noLogin/**, issue 16 brief) and the few
// signed-in ones its public pages make (favourite, the service's detail with canHandle). Public calls
// are silent: a page shows the failure itself (a closed portal answers 403 to every one but config).
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { cleanParams, type ListParams } from '../../api/crud';
import { http } from '../../api/request';
import { useSession } from '../../shell/store';
import { useTranslation } from 'react-i18next';
import type {
  Aphorism, Floor, FloorDetail, HotDept, HotSearch, HotService, Page, PortalColumn, PortalConfig, PortalConfigRow, Precinct,
  ServiceCard, ServiceCategory, ServiceCount, ServiceDetail, ServicePackage, ServiceQuery, ServiceRecommend, ShortcutEntrance,
  SlideshowType, SpecialService, StartedProcessCount, StatisticsRange, SumStatistics, ThroughDept, ThroughTrain, TopMenu,
  ColumnDetail, UrlLink, UrlType,
} from './types';

export const PORTAL_API = '/api/blade-portal';
const get = <T>(path: string, params?: object) => http.get<T>(`${PORTAL_API}/${path}`, params ? cleanParams(params as ListParams) : undefined, { silent: true, siteTenant: true });

export const portalApi = {
  topMenu: () => get<Page<TopMenu>>('topMenu/noLogin/list', { status: 1, current: 1, size: 10 }),
  config: () => get<Page<PortalConfigRow>>('config/noLogin/list', { current: 1, size: 200 }),
  floors: () => get<Floor[] | Page<Floor>>('floor/noLogin/list'),
  floorDetail: (id: string) => get<FloorDetail>('floor/noLogin/detail', { id }),
  columns: (floorId: string) => get<PortalColumn[]>('column/noLogin/listNoPage', { floorId }),
  /** A column with all its services (listNoPage shows at most showCount of them); null when missing or disabled. */
  columnDetail: (id: string) => get<ColumnDetail | null>('column/noLogin/detail', { id }),
  /** The enabled links of a group (footer, partner sites, a link floor's), in order. */
  links: (urlType: UrlType) => get<UrlLink[]>('urlManage/noLogin/list', { urlType }),
  precinct: (id: string) => get<Precinct>('precinct/noLogin/detail', { id }),
  shortcuts: (size = 12) => get<Page<ShortcutEntrance>>('shortcutEntrance/noLogin/page', { current: 1, size }),
  slideshows: (typeCode?: string) => get<SlideshowType[]>('slideshow/noLogin/getSlideshowTypeAndList', { typeCode }),
  hotSearch: (size = 10) => get<HotSearch[]>('searchLog/noLogin/getHotSearch', { size }),
  throughDepts: () => get<ThroughDept[]>('throughDept/noLogin/throughDeptListNoPage'),
  categories: () => get<ServiceCategory[]>('serviceCategory/noLogin/listNoPage'),
  /** Page<ServiceCard>; a non-empty name on page 1 is written to the hot-search log by the server. */
  services: (q: ServiceQuery) => get<Page<ServiceCard>>('serviceManage/noLogin/listUnion', q),
  serviceDetail: (id: string) => get<ServiceDetail>('serviceManage/noLogin/detail', { id }),
  hotServices: (size = 8) => get<Page<HotService>>('serviceManage/noLogin/getHotService', { current: 1, size }),
  hotDepts: (size = 8) => get<Page<HotDept>>('serviceManage/noLogin/getHotDept', { current: 1, size }),
  serviceCount: () => get<ServiceCount>('serviceManage/noLogin/getServiceCount'),
  specialServices: (size = 20) => get<Page<SpecialService>>('specialService/noLogin/list', { current: 1, size }),
  throughTrains: (size = 50) => get<Page<ThroughTrain>>('throughTrain/noLogin/page', { current: 1, size }),
  sumStatistics: (type: StatisticsRange = 'all') => get<SumStatistics>('serviceStatisticsSum/noLogin/getSumStatistics', { type }),
  startedProcessCount: () => get<StartedProcessCount>('serviceStatisticsSum/noLogin/getStartedProcessCount'),
  packages: (size = 20) => get<Page<ServicePackage>>('servicePackage/noLogin/page', { current: 1, size }),
  recommends: () => get<ServiceRecommend[] | Page<ServiceRecommend>>('serviceRecommend/noLogin/list'),
  aphorism: () => get<Aphorism | null>('aphorism/getRandAphorism'),

  // signed in
  /** The detail with canHandle / refusal / collected; records the visit. */
  detailSignedIn: (serviceId: string) => http.get<ServiceDetail>(`${PORTAL_API}/serviceManage/getDetailByServiceId`, { serviceId }, { silent: true }),
  updateCollect: (serviceId: string) => http.post<{ collected: boolean }>(`${PORTAL_API}/serviceCollect/updateCollect`, { serviceId }),
};

/** A list answer that may come as a plain array or as a Page. */
export const rowsOf = <T>(v: T[] | Page<T> | null | undefined): T[] => (Array.isArray(v) ? v : (v?.records ?? []));

/** The config rows as a map; footerLinks and the rest stay text. */
export function configMap(rows: PortalConfigRow[]): PortalConfig {
  return Object.fromEntries(rows.filter((r) => r.configKey).map((r) => [r.configKey, r.configValue ?? '']));
}

/** The portal's public data stays fresh this long in the page (the server's cache follows every change). */
export const PORTAL_STALE = 2 * 60_000;

/**
 * The key space of a portal query: anonymous answers are one space, a signed-in person's another
 * (their answers carry canHandle, refusal and collected in their language), so nothing of a person
 * is ever shown to an anonymous visitor after sign-out, nor the other way round.
 */
export function usePortalKey(): readonly string[] {
  const who = useSession((s) => (s.token ? (s.userInfo?.user_id ?? 'user') : ''));
  const { i18n } = useTranslation();
  return who ? ['portal', who, i18n.language] : ['portal', 'anon'];
}

type Opts<T> = Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/** A public call through react-query, cached for PORTAL_STALE. */
export function usePortalQuery<T>(name: string, args: unknown[], fn: () => Promise<T>, opts: Opts<T> = {}) {
  const base = usePortalKey();
  return useQuery({ queryKey: [...base, name, ...args], queryFn: fn, staleTime: PORTAL_STALE, ...opts });
}

/** config/noLogin/list as a map; null while loading. Answered even while the portal is closed. */
export function usePortalConfig() {
  // the config is the same for everyone: one key whoever asks
  return useQuery({ queryKey: ['portal', 'config'], queryFn: async () => configMap(rowsOf(await portalApi.config())), staleTime: PORTAL_STALE });
}

export const useTopMenu = () => usePortalQuery('topMenu', [], async () => rowsOf(await portalApi.topMenu()));
export const useCategories = () => usePortalQuery('categories', [], () => portalApi.categories());
export const useHotSearch = (size = 10) => usePortalQuery('hotSearch', [size], () => portalApi.hotSearch(size));
export const useServices = (q: ServiceQuery, enabled = true) =>
  usePortalQuery('services', [q], () => portalApi.services(q), { placeholderData: keepPreviousData, enabled });
