// The signed-in portal pages (001 §2.3; issue 16): every one inside the portal's frame, without the
// admin layout or a tab, for every signed-in user — each lists only the caller's own things (the
// server answers per person), so no menu gates them. The report pages (myReportTask, reportInfo,
// taskInfo) come with the report issue.
import { lazy } from 'react';
import type { PageEntry } from '../../registry';

const TodoCenter = lazy(() => import('./todo/TodoCenter'));
const DataCenter = lazy(() => import('./DataCenter'));
const portal = (path: string, title: string, component: PageEntry['component']): PageEntry => ({ path, title, everyone: true, layout: false, tab: false, component });

export const routes: PageEntry[] = [
  portal('/portal/special/service', 'portalCenter.special.title', lazy(() => import('./SpecialService'))),
  portal('/portal/through/train', 'portalCenter.train.title', lazy(() => import('./ThroughTrain'))),
  portal('/portal/column/service', 'portalCenter.column.title', lazy(() => import('./ColumnService'))),
  portal('/portal/shortcut/entrance', 'portalCenter.shortcut.title', lazy(() => import('./ShortcutEntrance'))),
  portal('/portal/search', 'portalCenter.search.title', lazy(() => import('./Search'))),
  portal('/portal/work/center', 'portalCenter.work.title', lazy(() => import('./WorkCenter'))),
  portal('/portal/transaction/center', 'portalCenter.transaction.title', lazy(() => import('./transaction/TransactionCenter'))),
  portal('/portal/transaction/oldCenter', 'portalCenter.transaction.oldTitle', lazy(() => import('./transaction/OldCenter'))),
  portal('/portal/data/center', 'portalCenter.data.title', DataCenter),
  portal('/portal/personalData', 'portalCenter.data.title', DataCenter),
  portal('/portal/todo/center/todoRally', 'portalCenter.todo.title', TodoCenter),
  portal('/portal/todo/center/doneRally', 'portalCenter.todo.title', TodoCenter),
  portal('/portal/todo/center/sendRally', 'portalCenter.todo.title', TodoCenter),
  portal('/portal/todo/center/copyRally', 'portalCenter.todo.title', TodoCenter),
  portal('/portal/webapp/appCenter', 'portalCenter.apps.title', lazy(() => import('./webapp/PortalAppCenter'))),
  portal('/portal/webapp/myApp/:params', 'portalCenter.apps.app', lazy(() => import('./webapp/PortalMyApp'))),
];
