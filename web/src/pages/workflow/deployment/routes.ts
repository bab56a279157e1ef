// Deployment screens: 部署管理 (menu deployment) and 流程监控 / follow-up of running processes (menu wf_ops).
import { lazy } from 'react';
import type { PageEntry } from '../../registry';

export const routes: PageEntry[] = [
  { path: '/workflow/deployment', component: lazy(() => import('./manager')) },
  { path: '/workflow/ops', component: lazy(() => import('./follow')) },
];
