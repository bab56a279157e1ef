// Models defined at run time (the micro-app builder's), served by the same data layer as declared ones.
import * as m0026 from '../../db/migrations/0026_runtime_model.ts';
import { MSG } from './service.ts';
import { defineModule } from '../module.ts';
import { runtimeModelRoutes } from './routes.ts';

export const modelModule = defineModule({
  name: 'model',
  routes: [runtimeModelRoutes],
  i18n: [MSG],
  migrations: {
    '0026_runtime_model': m0026,
  },
});
