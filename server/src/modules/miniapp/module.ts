// The micro-app builder (001 §2.2, §2.6, §2.7, §3, §7.1): data models whose tables are made at run
// time, and (next) the apps, their permissions, business data, import/export, print and logs.
import * as m0028 from '../../db/migrations/0028_miniapp_model.ts';
import * as m0029 from '../../db/migrations/0029_miniapp_app.ts';
import * as m0030 from '../../db/migrations/0030_miniapp_permission.ts';
import * as m0031 from '../../db/migrations/0031_miniapp_audit.ts';
import * as m0032 from '../../db/migrations/0032_miniapp_print.ts';
import * as m0033 from '../../db/migrations/0033_miniapp_collect_log.ts';
import { MINIAPP_MODELS } from '@campus/schema';
import { defineModule } from '../module.ts';
import { MSG } from './messages.ts';
import { appRoutes } from './app-routes.ts';
import { bizRoutes } from './biz-routes.ts';
import { miniModelRoutes } from './model-routes.ts';
import { printRoutes } from './print-routes.ts';

export const miniappModule = defineModule({
  name: 'miniapp',
  routes: [miniModelRoutes, appRoutes, bizRoutes, async (app, { db }) => printRoutes(app, db)],
  models: MINIAPP_MODELS,
  i18n: [MSG],
  migrations: {
    '0028_miniapp_model': m0028,
    '0029_miniapp_app': m0029,
    '0030_miniapp_permission': m0030,
    '0031_miniapp_audit': m0031,
    '0032_miniapp_print': m0032,
    '0033_miniapp_collect_log': m0033,
  },
});
