// E-mail: mailboxes, sending platforms, templates, send strategies on a cron, address book, out- and inbox.
import * as m0010 from '../../db/migrations/0010_email.ts';
import { EMAIL_MODELS } from '@campus/schema';
import { MSG } from './messages.ts';
import { defineModule } from '../module.ts';
import { emailRoutes, emailStrategyJob } from './routes.ts';

export const emailModule = defineModule({
  name: 'email',
  routes: [emailRoutes],
  models: EMAIL_MODELS,
  menus: m0010.EMAIL_MENUS,
  i18n: [MSG],
  migrations: {
    '0010_email': m0010,
  },
  jobs: {
    // sends the e-mail strategies whose cron has fired, through the server's egress policy
    emailStrategy: ({ db, config, egress }) => emailStrategyJob(db, config.uploadDir, { egress }),
  },
});
