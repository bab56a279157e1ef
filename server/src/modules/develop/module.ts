// Developer tools: datasources, code generation, data models, rules, form sources, signatures.
import * as m0011 from '../../db/migrations/0011_develop.ts';
import { DEVELOP_MODELS } from '@campus/schema';
import { defineModule } from '../module.ts';
import { developRoutes } from './routes.ts';
import { signatureRoutes } from './signature.ts';

export const developModule = defineModule({
  name: 'develop',
  models: DEVELOP_MODELS,
  routes: [developRoutes, signatureRoutes],
  migrations: {
    '0011_develop': m0011,
  },
});
