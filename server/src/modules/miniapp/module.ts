// The micro-app builder (001 §2.2, §2.6, §2.7, §3, §7.1): data models whose tables are made at run
// time, the apps, their permissions, business data, processes, import/export, print, settings and logs.
import * as m0028 from '../../db/migrations/0028_miniapp_model.ts';
import * as m0029 from '../../db/migrations/0029_miniapp_app.ts';
import * as m0030 from '../../db/migrations/0030_miniapp_permission.ts';
import * as m0031 from '../../db/migrations/0031_miniapp_audit.ts';
import * as m0032 from '../../db/migrations/0032_miniapp_print.ts';
import * as m0033 from '../../db/migrations/0033_miniapp_collect_log.ts';
import * as m0034 from '../../db/migrations/0034_miniapp_template_files.ts';
import * as m0035 from '../../db/migrations/0035_miniapp_biz_process.ts';
import * as m0036 from '../../db/migrations/0036_miniapp_config.ts';
import * as m0037 from '../../db/migrations/0037_miniapp_model_name_en.ts';
import { MINIAPP_CONFIG_MODELS, MINIAPP_EXCEL_MODELS, MINIAPP_MODELS, MINIAPP_PROCESS_MODELS } from '@campus/schema';
import type { MenuSeed } from '../../db/menus.ts';
import { defineModule } from '../module.ts';
import { MSG } from './messages.ts';
import { appRoutes } from './app-routes.ts';
import { bizRoutes } from './biz-routes.ts';
import { excelRoutes } from './excel-routes.ts';
import { CONFIG_MSG, configRoutes } from './config-routes.ts';
import { miniModelRoutes } from './model-routes.ts';
import { printRoutes } from './print-routes.ts';

/** The back-office menus of the micro-app builder (web/src/pages/miniApp/routes.ts): managing apps, the app center, permissions. */
const MINIAPP_MENUS: MenuSeed[] = [{
  id: '2000', code: 'miniApp', name: '微应用', alias: 'miniApp', path: '/webapp', source: 'AppstoreOutlined', sort: 5,
  children: [
    { id: '2001', code: 'miniAppManage', name: '应用管理', path: '/webapp/appManage', source: 'AppstoreAddOutlined', sort: 1 },
    { id: '2002', code: 'miniAppCenter', name: '应用中心', path: '/webapp/appCenter', source: 'ShopOutlined', sort: 2 },
    { id: '2003', code: 'miniAppPermission', name: '权限配置', path: '/webapp/permissionConfig', source: 'SafetyCertificateOutlined', sort: 3 },
  ],
}];

export const miniappModule = defineModule({
  name: 'miniapp',
  after: ['workflow'], // records of process-bound apps go through app.workflowService (biz-process.ts)
  routes: [miniModelRoutes, appRoutes, bizRoutes, async (app, { db }) => printRoutes(app, db), configRoutes, excelRoutes],
  models: [...MINIAPP_MODELS, ...MINIAPP_PROCESS_MODELS, ...MINIAPP_CONFIG_MODELS, ...MINIAPP_EXCEL_MODELS],
  i18n: [MSG, CONFIG_MSG],
  menus: MINIAPP_MENUS,
  migrations: {
    '0028_miniapp_model': m0028,
    '0029_miniapp_app': m0029,
    '0030_miniapp_permission': m0030,
    '0031_miniapp_audit': m0031,
    '0032_miniapp_print': m0032,
    '0033_miniapp_collect_log': m0033,
    '0034_miniapp_template_files': m0034,
    '0035_miniapp_biz_process': m0035,
    '0036_miniapp_config': m0036,
    '0037_miniapp_model_name_en': m0037,
  },
});
