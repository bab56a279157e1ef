// Usual, API, login and error logs. 0006 also makes the job module's tables (both areas began as one).
import { LOG_MODELS } from '@campus/schema';
import { FOUNDATION_MENUS } from '../../db/migrations/0001_foundation.ts';
import * as m0006 from '../../db/migrations/0006_log_job.ts';
import * as m0024 from '../../db/migrations/0024_api_log_retention.ts';
import { defineModule, under } from '../module.ts';
import { ENTITY, ROUTE } from './titles.ts';
import { logRoutes } from './routes.ts';

export const logModule = defineModule({
  name: 'log',
  models: LOG_MODELS,
  routes: [logRoutes],
  i18n: [ENTITY, ROUTE], // the 接口日志 titles of entities and routes
  // 日志管理 (made with the platform in 0001, with 错误日志) and its other logs (0006)
  menus: [FOUNDATION_MENUS.find((m) => m.code === 'log')!, ...under('1200', m0006.LOG_MENUS)],
  migrations: {
    '0006_log_job': m0006,
    '0024_api_log_retention': m0024,
  },
});
