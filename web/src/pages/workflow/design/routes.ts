// Process design screens (000 §2.2): the model list, the designer of one model, its versions.
import { lazy } from 'react';
import type { PageEntry } from '../../registry';

export const routes: PageEntry[] = [
  { path: '/workflow/design/model', component: lazy(() => import('./model')) },
  // the designer and the versions are opened from the model list (menu 模型设计)
  { path: '/workflow/design/process/:id', title: 'wfd.page.designer', menu: ['/workflow/design/model'], component: lazy(() => import('./process')) },
  { path: '/workflow/design/model/history/:id', title: 'wfd.page.history', menu: ['/workflow/design/model'], component: lazy(() => import('./history')) },
];
