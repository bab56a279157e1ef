// Third-party services: remote platforms, service configs and calls, OAuth apps, the call log.
import * as m0009 from '../../db/migrations/0009_thirdparty.ts';
import { THIRDPARTY_MODELS } from '@campus/schema';
import { MSG } from './messages.ts';
import { defineModule } from '../module.ts';
import { thirdpartyRoutes } from './routes.ts';

export const thirdpartyModule = defineModule({
  name: 'thirdparty',
  routes: [thirdpartyRoutes],
  models: THIRDPARTY_MODELS,
  menus: m0009.THIRDPARTY_MENUS,
  i18n: [MSG],
  migrations: {
    '0009_thirdparty': m0009,
  },
});
