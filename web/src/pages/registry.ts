import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';

export interface PageEntry {
  /** Route pattern (react-router syntax, e.g. '/workflow/process/detail/:p'). */
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** i18n key of the tab label for pages that are not menu entries. */
  title?: string;
  /** false: rendered without the admin layout (still behind sign-in). */
  layout?: boolean;
  /** false: not added to the tag bar (meta isTab false). */
  tab?: boolean;
}

/**
 * The one map from menu paths to screens. A module adds its screens here; the sidebar and tag bar
 * come from the server's menu, so a menu path with no entry shows the 404 page.
 */
export const registry: PageEntry[] = [
  { path: '/wel/index', title: 'menu.home', component: lazy(() => import('./wel')) },
  { path: '/info/index', title: 'menu.info', component: lazy(() => import('./info')) },
  { path: '/myiframe/urlPath', title: 'menu.iframe', component: lazy(() => import('./iframe')) },
  { path: '/externalLink', title: 'menu.externalLink', component: lazy(() => import('./iframe/externalLink')) },
  { path: '/system/config', component: lazy(() => import('./system/config')) },
  { path: '/log/error', component: lazy(() => import('./log/error')) },
];

// Areas may also list their screens in pages/<area>/routes.ts (export const routes: PageEntry[]).
for (const mod of Object.values(import.meta.glob<{ routes: PageEntry[] }>('./*/routes.ts', { eager: true }))) registry.push(...mod.routes);

export function matchPage(pathname: string): PageEntry | undefined {
  return registry.find((e) => matchPath({ path: e.path, end: true }, pathname));
}
