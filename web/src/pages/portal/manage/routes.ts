// The portal's management screens (issue 16; menus 门户管理, server module portal: menus): inside the
// back-office layout and menu-backed like every admin screen. The service edit page and the services
// of one special service are opened from a list, so they name the menus that grant them.
import { lazy } from 'react';
import type { PageEntry } from '../../registry';

const lists = () => import('./Lists');
const floors = () => import('./Floors');

export const routes: PageEntry[] = [
  { path: '/portal/serviceManage', component: lazy(() => import('./ServiceManage')) },
  { path: '/portal/serviceManage/:spId', title: 'portalManage.service.ofSpecial', menu: ['/portal/serviceManage', '/portalManage/specialService'], component: lazy(() => import('./ServiceManage')) },
  { path: '/portal/serviceManagerEdit/:id', title: 'portalManage.edit.tab', menu: ['/portal/serviceManage'], component: lazy(() => import('./ServiceEdit')) },
  { path: '/portalManage/serviceCategory', component: lazy(() => lists().then((m) => ({ default: m.CategoryPage }))) },
  { path: '/portalManage/servicePackage', component: lazy(() => lists().then((m) => ({ default: m.PackagePage }))) },
  { path: '/portalManage/serviceRecommend', component: lazy(() => import('./Recommends')) },
  { path: '/portalManage/throughDept', component: lazy(() => lists().then((m) => ({ default: m.ThroughDeptPage }))) },
  { path: '/portalManage/floor', component: lazy(() => floors().then((m) => ({ default: m.FloorPage }))) },
  { path: '/portalManage/column', component: lazy(() => import('./Columns')) },
  { path: '/portalManage/precinct', component: lazy(() => floors().then((m) => ({ default: m.PrecinctPage }))) },
  { path: '/portalManage/shortcutEntrance', component: lazy(() => lists().then((m) => ({ default: m.ShortcutPage }))) },
  { path: '/portalManage/specialService', component: lazy(() => import('./SpecialServices')) },
  { path: '/portalManage/slideshow', component: lazy(() => import('./Slideshows')) },
  { path: '/portalManage/topMenu', component: lazy(() => import('./TopMenus')) },
  { path: '/portalManage/throughTrain', component: lazy(() => lists().then((m) => ({ default: m.ThroughTrainPage }))) },
  { path: '/portalManage/urlManage', component: lazy(() => lists().then((m) => ({ default: m.UrlPage }))) },
  { path: '/portalManage/newsSource', component: lazy(() => lists().then((m) => ({ default: m.NewsSourcePage }))) },
  { path: '/portalManage/aphorism', component: lazy(() => lists().then((m) => ({ default: m.AphorismPage }))) },
  { path: '/portalManage/serviceFeedback', component: lazy(() => import('./Feedback')) },
  { path: '/portalManage/personalCategory', component: lazy(() => import('./PersonalCategories')) },
  { path: '/portalManage/config', component: lazy(() => import('./PortalConfig')) },
];
