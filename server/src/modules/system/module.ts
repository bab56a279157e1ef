// System administration (spec 002): menus, organisation, users, roles and scopes, dictionaries,
// parameters, tenants, clients, regions, notices and personal groups. The people, menu and tenant
// tables themselves are the core's (db/migrations/0001_foundation.ts).
import { SYSTEM_MODELS, userModel } from '@campus/schema';
import { FOUNDATION_MENUS } from '../../db/migrations/0001_foundation.ts';
import * as m0004 from '../../db/migrations/0004_system.ts';
import * as m0005 from '../../db/migrations/0005_region.ts';
import * as m0014 from '../../db/migrations/0014_personal.ts';
import * as m0018 from '../../db/migrations/0018_list_indexes.ts';
import * as m0020 from '../../db/migrations/0020_trigram_search.ts';
import { defineModule, under } from '../module.ts';
import { MSG } from './messages.ts';
import { adminRoutes, regionRoutes } from './admin.ts';
import { menuAdminRoutes } from './menu-admin.ts';
import { noticeBoardRoutes } from './notice-board.ts';
import { orgRoutes } from './org.ts';
import { systemRoutes } from './routes.ts';
import { userExcelRoutes } from './user-excel.ts';
import { userRoutes } from './user.ts';

export const systemModule = defineModule({
  name: 'system',
  routes: [systemRoutes, orgRoutes, userRoutes, userExcelRoutes, menuAdminRoutes, adminRoutes, regionRoutes, noticeBoardRoutes],
  migrations: {
    '0004_system': m0004,
    '0005_region': m0005,
    '0014_personal': m0014,
    '0018_list_indexes': m0018,
    '0020_trigram_search': m0020,
  },
  models: [...SYSTEM_MODELS, userModel],
  // 系统管理 (made with the platform in 0001, with 系统配置), its screens (0004) and 个人中心 (0014)
  menus: [FOUNDATION_MENUS.find((m) => m.code === 'system')!, ...m0004.SYSTEM_MENUS, ...under('1100', m0004.SYSTEM_CHILD_MENUS), ...m0014.PERSONAL_MENUS],
  i18n: [MSG],
});
