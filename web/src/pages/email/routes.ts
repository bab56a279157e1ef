import { lazy } from 'react';
import type { PageEntry } from '../registry';

export const routes: PageEntry[] = [
  { path: '/email/config', component: lazy(() => import('./config')) },
  { path: '/email/outbox', component: lazy(() => import('./outbox')) },
  { path: '/email/inbox', component: lazy(() => import('./inbox')) },
  { path: '/email/template', component: lazy(() => import('./template')) },
  { path: '/email/strategy', component: lazy(() => import('./strategy')) },
  { path: '/email/platform', component: lazy(() => import('./platform')) },
  { path: '/email/address', component: lazy(() => import('./address')) },
];
