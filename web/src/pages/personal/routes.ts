import { lazy } from 'react';
import type { PageEntry } from '../registry';

export const routes: PageEntry[] = [{ path: '/personal/group', component: lazy(() => import('./group')) }];
