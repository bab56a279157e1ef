// The portal front desk and service hall (001 §2.1, §2.3, §2.4, §3.13, §4, §7.2; issue 16): the
// public calls of the site (noLogin, cached per tenant), the signed-in portal (favourites, visits,
// online handling, the header's counters), the management of every portal entity, the to-do centre,
// the personal data centre, and the hooks that hold a service's process start to its rules.
import * as m0037 from '../../db/migrations/0037_portal.ts';
import { PORTAL_MODELS } from '@campus/schema';
import { crudButtons, type MenuSeed } from '../../db/menus.ts';
import { defineModule } from '../module.ts';
import { HANDLING_MSG, handlingHooks } from './handling.ts';
import { PORTAL_MSG, STATUS_NAMES } from './messages.ts';
import { PERSONAL_MSG, personalRoutes } from './personal-routes.ts';
import { portalRoutes } from './routes.ts';
import { TODO_MSG, todoRoutes } from './todo-routes.ts';

/**
 * 门户管理 (web routes by the portal's management screens). Each screen's buttons carry its model's
 * permission code (crudButtons: <code>_add, _edit, _delete, _view). Services, their packages,
 * recommendations and departments share portal_service: its buttons sit under 服务管理 only (a code
 * is one button row), and granting them opens all four screens' calls.
 */
const screen = (id: string, code: string, name: string, path: string, source: string, sort: number, permission?: string): MenuSeed =>
  ({ id, code, name, path, source, sort, ...(permission ? { buttons: crudButtons(permission) } : {}) });

export const PORTAL_MENUS: MenuSeed[] = [{
  id: '2100', code: 'portalManage', name: '门户管理', alias: 'portalManage', path: '/portal/manage', source: 'GlobalOutlined', sort: 6,
  children: [
    screen('2101', 'portalService', '服务管理', '/portal/serviceManage', 'AppstoreOutlined', 1, 'portal_service'),
    screen('2102', 'portalServiceCategory', '服务分类', '/portalManage/serviceCategory', 'TagsOutlined', 2, 'portal_serviceCategory'),
    screen('2103', 'portalServicePackage', '服务套餐', '/portalManage/servicePackage', 'GiftOutlined', 3),
    screen('2104', 'portalServiceRecommend', '服务推荐', '/portalManage/serviceRecommend', 'LikeOutlined', 4),
    screen('2105', 'portalThroughDept', '直通部门', '/portalManage/throughDept', 'BankOutlined', 5),
    screen('2106', 'portalFloor', '楼层管理', '/portalManage/floor', 'BuildOutlined', 6, 'portal_floor'),
    screen('2107', 'portalColumn', '栏目管理', '/portalManage/column', 'ProfileOutlined', 7, 'portal_column'),
    screen('2108', 'portalPrecinct', '专区管理', '/portalManage/precinct', 'BlockOutlined', 8, 'portal_precinct'),
    screen('2109', 'portalShortcut', '快捷入口', '/portalManage/shortcutEntrance', 'ThunderboltOutlined', 9, 'portal_shortcut'),
    screen('2110', 'portalSpecial', '特色服务', '/portalManage/specialService', 'StarOutlined', 10, 'portal_special'),
    screen('2111', 'portalSlideshow', '轮播图', '/portalManage/slideshow', 'PictureOutlined', 11, 'portal_slideshow'),
    screen('2112', 'portalTopMenu', '顶部菜单', '/portalManage/topMenu', 'MenuOutlined', 12, 'portal_topMenu'),
    screen('2113', 'portalThroughTrain', '直通车', '/portalManage/throughTrain', 'RocketOutlined', 13, 'portal_throughTrain'),
    screen('2114', 'portalUrl', '网址管理', '/portalManage/urlManage', 'LinkOutlined', 14, 'portal_url'),
    screen('2115', 'portalNews', '新闻来源', '/portalManage/newsSource', 'ReadOutlined', 15, 'portal_news'),
    screen('2116', 'portalAphorism', '名言警句', '/portalManage/aphorism', 'CommentOutlined', 16, 'portal_aphorism'),
    screen('2117', 'portalFeedback', '服务反馈', '/portalManage/serviceFeedback', 'MessageOutlined', 17, 'portal_feedback'),
    screen('2118', 'portalPersonal', '个人数据分类', '/portalManage/personalCategory', 'IdcardOutlined', 18, 'portal_personal'),
    screen('2119', 'portalConfig', '门户配置', '/portalManage/config', 'SettingOutlined', 19, 'portal_config'),
  ],
}];

export const portalModule = defineModule({
  name: 'portal',
  // services start processes (app.workflowService hooks) and the header counts messages (app.messages)
  after: ['workflow', 'message'],
  routes: [portalRoutes, handlingHooks, todoRoutes, personalRoutes],
  models: PORTAL_MODELS,
  menus: PORTAL_MENUS,
  i18n: [PORTAL_MSG, STATUS_NAMES, HANDLING_MSG, TODO_MSG, PERSONAL_MSG],
  migrations: { '0037_portal': m0037 },
});
