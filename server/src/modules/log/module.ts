// Usual, API, login and error logs. 0006 also makes the job module's tables (both areas began as one).
import { LOG_MODELS } from '@campus/schema';
import * as m0006 from '../../db/migrations/0006_log_job.ts';
import * as m0024 from '../../db/migrations/0024_api_log_retention.ts';
import { defineModule } from '../module.ts';
import { logRoutes } from './routes.ts';

export const logModule = defineModule({
  name: 'log',
  models: LOG_MODELS,
  routes: [logRoutes],
  migrations: {
    '0006_log_job': m0006,
    '0024_api_log_retention': m0024,
  },
});
