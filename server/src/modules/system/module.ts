// System administration (spec 002): menus, organisation, users, roles and scopes, dictionaries,
// parameters, tenants, clients, regions, notices and personal groups. The people, menu and tenant
// tables themselves are the core's (db/migrations/0001_foundation.ts).
import { SYSTEM_MODELS } from '@campus/schema';
import * as m0004 from '../../db/migrations/0004_system.ts';
import * as m0005 from '../../db/migrations/0005_region.ts';
import * as m0014 from '../../db/migrations/0014_personal.ts';
import * as m0018 from '../../db/migrations/0018_list_indexes.ts';
import * as m0020 from '../../db/migrations/0020_trigram_search.ts';
import { defineModule } from '../module.ts';
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
  models: SYSTEM_MODELS,
});
