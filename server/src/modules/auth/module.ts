// Sign-in (OAuth token grants, captcha, SMS codes, social and CAS sign-in) and the session
// bookkeeping; its tables are the core's (db/migrations/0001_foundation.ts).
import { defineModule } from '../module.ts';
import { authRoutes } from './routes.ts';

export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes],
});
