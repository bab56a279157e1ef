// Object storage, attachments and SMS providers with their verification codes.
import { attachModel, ossModel, smsModel } from '@campus/schema';
import * as m0007 from '../../db/migrations/0007_resource.ts';
import { MSG as RESOURCE_MSG } from './routes.ts';
import { MSG as SMS_MSG } from './sms.ts';
import { STORAGE_MSG } from './storage.ts';
import { defineModule } from '../module.ts';
import { resourceRoutes } from './routes.ts';
import { smsRoutes } from './sms.ts';

export const resourceModule = defineModule({
  name: 'resource',
  routes: [resourceRoutes, smsRoutes],
  migrations: {
    '0007_resource': m0007,
  },
  models: [ossModel, smsModel, attachModel],
  menus: m0007.RESOURCE_MENUS,
  i18n: [RESOURCE_MSG, SMS_MSG, STORAGE_MSG],
});
