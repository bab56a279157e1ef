import { lazy } from 'react';
import type { PageEntry } from '../registry';

export const routes: PageEntry[] = [
  { path: '/tool/datasource', component: lazy(() => import('./datasource')) },
  { path: '/tool/code', component: lazy(() => import('./code')) },
  { path: '/tool/model', component: lazy(() => import('./model')) },
  { path: '/tool/rule', component: lazy(() => import('./rule')) },
  { path: '/tool/formSource', component: lazy(() => import('./formSource')) },
];
