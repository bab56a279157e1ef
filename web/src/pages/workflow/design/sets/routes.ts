// Workflow design sets (spec 000 §7; menus 1605–1608 of 0021_workflow_sets_menus): form themes,
// form variables, form default values and the process buttons.
import { lazy } from 'react';
import type { PageEntry } from '../../../registry';

const page = (name: 'ThemePage' | 'VariablePage' | 'DefaultValuesPage' | 'ButtonPage') => lazy(() => import('./SetPages').then((m) => ({ default: m[name] })));

export const routes: PageEntry[] = [
  { path: '/workflow/design/sets/theme', component: page('ThemePage') },
  { path: '/workflow/design/sets/variable', component: page('VariablePage') },
  { path: '/workflow/design/sets/default-values', component: page('DefaultValuesPage') },
  { path: '/workflow/design/sets/button', component: page('ButtonPage') },
];
