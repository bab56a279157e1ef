// Object storage, attachments and SMS providers with their verification codes.
import { attachModel, ossModel, smsModel } from '@campus/schema';
import * as m0007 from '../../db/migrations/0007_resource.ts';
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
});
