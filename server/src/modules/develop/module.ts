// Developer tools: datasources, code generation, data models, rules, form sources, signatures.
import * as m0011 from '../../db/migrations/0011_develop.ts';
import { DEVELOP_MODELS } from '@campus/schema';
import { MSG as DEVELOP_MSG } from './routes.ts';
import { MSG as SIGNATURE_MSG } from './signature.ts';
import { defineModule, under } from '../module.ts';
import { developRoutes } from './routes.ts';
import { signatureRoutes } from './signature.ts';

export const developModule = defineModule({
  name: 'develop',
  models: DEVELOP_MODELS,
  routes: [developRoutes, signatureRoutes],
  // under 开发工具 (made with the platform in 0001)
  menus: under('1300', m0011.DEVELOP_MENUS),
  i18n: [DEVELOP_MSG, SIGNATURE_MSG],
  migrations: {
    '0011_develop': m0011,
  },
});
