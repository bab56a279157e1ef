import { lazy } from 'react';
import type { PageEntry } from '../registry';

/** Third-party services (spec 002): the five screens of the 第三方服务 menu group. */
export const routes: PageEntry[] = [
  { path: '/thirdparty/app', component: lazy(() => import('./app')) },
  { path: '/thirdparty/config', component: lazy(() => import('./config')) },
  { path: '/thirdparty/auth', component: lazy(() => import('./auth')) },
  { path: '/thirdparty/oauth', component: lazy(() => import('./oauth')) },
  { path: '/thirdparty/log', component: lazy(() => import('./log')) },
];
