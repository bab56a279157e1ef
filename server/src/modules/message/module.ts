// Personal messages and their real-time push (app.messages, through app.realtime).
import { MESSAGE_MODELS } from '@campus/schema';
import * as m0002 from '../../db/migrations/0002_message.ts';
import * as m0022 from '../../db/migrations/0022_message_i18n.ts';
import { M as MESSAGE_MSG } from './service.ts';
import { defineModule } from '../module.ts';
import { messageRoutes } from './routes.ts';

export const messageModule = defineModule({
  name: 'message',
  after: ['realtime'], // publishes through app.realtime
  routes: [messageRoutes],
  i18n: [MESSAGE_MSG],
  models: MESSAGE_MODELS,
  migrations: {
    '0002_message': m0002,
    '0022_message_i18n': m0022,
  },
});
