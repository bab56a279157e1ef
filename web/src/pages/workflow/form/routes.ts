// Form designer screens (spec 000 §2.2): the list (menu wf_design_form), the designer of one form
// and its version history.
import { lazy } from 'react';
import type { PageEntry } from '../../registry';

export const routes: PageEntry[] = [
  { path: '/workflow/design/form', component: lazy(() => import('./index')) },
  // opened from the form list (menu 表单设计)
  { path: '/workflow/design/form/design/:id', title: 'fd.page.design', menu: ['/workflow/design/form'], component: lazy(() => import('./design')) },
  { path: '/workflow/design/form/history/:id', title: 'fd.page.history', menu: ['/workflow/design/form'], component: lazy(() => import('./history')) },
];
