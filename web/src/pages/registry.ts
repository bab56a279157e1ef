import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';

export interface PageEntry {
  /** Route pattern (react-router syntax, e.g. '/workflow/process/detail/:p'). */
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** i18n key of the tab label for pages that are not menu entries. */
  title?: string;
  /** A tab label the address itself carries (a micro-app's data screen: the app's name in its params); empty: title. */
  tabLabel?: (pathname: string) => string | null | undefined;
  /** false: rendered without the admin layout (still behind sign-in). */
  layout?: boolean;
  /** false: not added to the tag bar (meta isTab false). */
  tab?: boolean;
  /**
   * Every signed-in user may open this screen whatever menus their roles hold (see the list below).
   * Without it the screen is menu-backed: shell/access.ts shows the 403 page unless the user holds
   * a menu for the location or one of `menu`.
   */
  everyone?: true;
  /** Menu paths that also grant this screen: a screen reached from another menu's list, or a variant of it. */
  menu?: string[];
}

/*
 * Screens every signed-in user has, whatever their menu (`everyone: true`), and why:
 * - /wel/index: the first page; every sign-in, the 首页 tab, 返回首页 and "/" land there (spec 000 §2.1).
 * - /info/index: personal info, opened from the avatar dropdown and the home page (§2.1, §2.4), not a menu.
 * - /myiframe/urlPath, /externalLink: shell routes that only show or open the address they are given
 *   (§2.1); they call none of the server's data. Menu paths with html/http open in the first.
 * - workflow start and detail pages — /workflow/process/{start,detail}/{p}, their /page/... (new
 *   window), /workflow/process/external/{name}/{start,detail} and /portal/process/... variants —
 *   are opened from links, not menus: a to-do or sent row, a message's business link (pcUrl), the
 *   portal, a new window (§2.2, §2.8). The server decides per process and task what the user may
 *   see or do; gating them on a list menu would break those links.
 * - /plugin/workflow/process/send and /plugin/workflow/process/todo: the landings after a start or a
 *   handled task (§2.2, §4), reached from those pages; they list only the user's own processes.
 * Every other screen is menu-backed; its /page/... variant and screens opened from its list name
 * the granting menu in `menu`.
 */

/**
 * The one map from menu paths to screens. A module adds its screens here; the sidebar and tag bar
 * come from the server's menu, so a menu path with no entry shows the 404 page.
 */
export const registry: PageEntry[] = [
  { path: '/wel/index', title: 'menu.home', everyone: true, component: lazy(() => import('./wel')) },
  { path: '/info/index', title: 'menu.info', everyone: true, component: lazy(() => import('./info')) },
  { path: '/myiframe/urlPath', title: 'menu.iframe', everyone: true, component: lazy(() => import('./iframe')) },
  { path: '/externalLink', title: 'menu.externalLink', everyone: true, component: lazy(() => import('./iframe/externalLink')) },
  { path: '/system/config', component: lazy(() => import('./system/config')) },
  { path: '/log/error', component: lazy(() => import('./log/error')) },
  // system administration (spec 002)
  { path: '/system/user', component: lazy(() => import('./system/user')) },
  { path: '/system/dept', component: lazy(() => import('./system/dept')) },
  { path: '/system/post', component: lazy(() => import('./system/post')) },
  { path: '/authority/role', component: lazy(() => import('./authority/role')) },
  { path: '/authority/datascope', component: lazy(() => import('./authority/datascope')) },
  { path: '/authority/apiscope', component: lazy(() => import('./authority/apiscope')) },
  { path: '/system/menu', component: lazy(() => import('./system/menu')) },
  { path: '/system/dict', component: lazy(() => import('./system/dict')) },
  { path: '/system/dictbiz', component: lazy(() => import('./system/dictbiz')) },
  { path: '/dict-horizontal/index', title: 'dict.horizontal', menu: ['/system/dict'], component: lazy(() => import('./system/dict')) },
  { path: '/dict-vertical/index', title: 'dict.vertical', menu: ['/system/dict'], component: lazy(() => import('./system/dictVertical')) },
  { path: '/system/param', component: lazy(() => import('./system/param')) },
  { path: '/system/tenant', component: lazy(() => import('./system/tenant')) },
  { path: '/system/tenantpackage', component: lazy(() => import('./system/tenantpackage')) },
  { path: '/system/client', component: lazy(() => import('./system/client')) },
  { path: '/desk/notice', component: lazy(() => import('./desk/notice')) },
  { path: '/system/region', component: lazy(() => import('./system/region')) },
  { path: '/log/usual', component: lazy(() => import('./log/usual')) },
  { path: '/log/api', component: lazy(() => import('./log/api')) },
  { path: '/log/login', component: lazy(() => import('./log/login')) },
  { path: '/job/quartz', component: lazy(() => import('./job/quartz')) },
  { path: '/job/log', component: lazy(() => import('./job/log')) },
  { path: '/resource/oss', component: lazy(() => import('./resource/oss')) },
  { path: '/resource/attach', component: lazy(() => import('./resource/attach')) },
  { path: '/resource/sms', component: lazy(() => import('./resource/sms')) },
];

// Areas (and sub-areas) may also list their screens in pages/<area>/**/routes.ts (export const routes: PageEntry[]).
for (const mod of Object.values(import.meta.glob<{ routes: PageEntry[] }>('./**/routes.ts', { eager: true }))) registry.push(...mod.routes);

export function matchPage(pathname: string): PageEntry | undefined {
  return registry.find((e) => matchPath({ path: e.path, end: true }, pathname));
}
