// Micro-app screens (001 §2.2, §2.3, §2.6, §2.7). The shell /miniApp/home/* has its own layout (the
// app's sidebar and tabs, screens.ts) and opens in a window of its own; the server decides per app
// who may manage it (creator or administrator role) or use it (its permission groups), so the shell
// and the data screen are open to every signed-in user and answer "no access" themselves.
import { lazy } from 'react';
import type { PageEntry } from '../registry';
import { decodeParams } from './params';

/** The app's name in /webapp/myApp/{params} (null: not readable params). */
export const appNameOfPath = (pathname: string): string | null => decodeParams(pathname.split('/')[3])?.appName.trim().slice(0, 60) || null;

const Shell = lazy(() => import('./shell/Shell'));

export const routes: PageEntry[] = [
  { path: '/miniApp/home', title: 'miniApp.screen.admin', everyone: true, layout: false, tab: false, component: Shell },
  { path: '/miniApp/home/*', title: 'miniApp.screen.admin', everyone: true, layout: false, tab: false, component: Shell },
  // the data screen of an app in the back office (the app center and the AI box send people here)
  // its tab carries the app's name from the params ({appId, appName, createUser}); 微应用 when they cannot be read
  { path: '/webapp/myApp/:params', title: 'miniApp.screen.myApp', tabLabel: appNameOfPath, everyone: true, component: lazy(() => import('./data/WebAppData')) },
  // every signed-in user: it lists only the apps the server says they may open
  { path: '/webapp/appCenter', title: 'miniApp.screen.appCenter', everyone: true, component: lazy(() => import('./center/AppCenter')) },
  // back-office menus of the administrators (server module miniapp: menus)
  { path: '/webapp/appManage', component: lazy(() => import('./admin/AppManage')) },
  { path: '/webapp/permissionConfig', component: lazy(() => import('./auth/PermissionConfig')) },
];
