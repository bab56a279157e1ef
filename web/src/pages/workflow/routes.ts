// Workflow screens (spec 000 §2.2): the personal lists, 发起流程, start and detail pages, with the
// /page/... (no admin layout, new window) and /plugin/... landing variants pointing at them.
import { lazy } from 'react';
import type { PageEntry } from '../registry';

const lists = () => import('./lists');
const Todo = lazy(() => lists().then((m) => ({ default: m.TodoList })));
const Claim = lazy(() => lists().then((m) => ({ default: m.ClaimList })));
const Send = lazy(() => lists().then((m) => ({ default: m.SendList })));
const Done = lazy(() => lists().then((m) => ({ default: m.DoneList })));
const MyDone = lazy(() => lists().then((m) => ({ default: m.MyDoneList })));
const Copy = lazy(() => lists().then((m) => ({ default: m.CopyList })));
const Startable = lazy(() => import('./list'));
const Start = lazy(() => import('./start'));
const Detail = lazy(() => import('./detail'));
const Drafts = lazy(() => import('./drafts'));
const FlowImage = lazy(() => import('./flowImg'));

export const routes: PageEntry[] = [
  { path: '/workflow/process/list', title: 'wf.list.start', component: Startable },
  { path: '/workflow/process/todo', title: 'wf.list.todo', component: Todo },
  { path: '/workflow/process/claim', title: 'wf.list.claim', component: Claim },
  { path: '/workflow/process/send', title: 'wf.list.send', component: Send },
  { path: '/workflow/process/done', title: 'wf.list.done', component: Done },
  // 我的已办 per process: the same menu as 我的已办 grants it
  { path: '/workflow/process/my-done', title: 'wf.list.myDone', menu: ['/workflow/process/done'], component: MyDone },
  { path: '/workflow/process/copy', title: 'wf.list.copy', component: Copy },
  { path: '/workflow/process/draft', title: 'wf.list.draft', component: Drafts },
  // start and detail pages open from links (rows, messages, the portal) for every signed-in user; the
  // server checks the process and task (registry.ts: screens every signed-in user has)
  { path: '/workflow/process/start/*', title: 'wf.page.start', everyone: true, component: Start },
  { path: '/workflow/process/detail/*', title: 'wf.page.detail', everyone: true, component: Detail },
  // the landings after a start / a handled task
  { path: '/plugin/workflow/process/send', title: 'wf.list.send', everyone: true, component: Send },
  { path: '/plugin/workflow/process/todo', title: 'wf.list.todo', everyone: true, component: Todo },
  // opened in a new window: no admin layout; the lists need the menu of their in-layout screen
  { path: '/page/workflow/process/start/*', title: 'wf.page.start', everyone: true, component: Start, layout: false, tab: false },
  { path: '/page/workflow/process/detail/*', title: 'wf.page.detail', everyone: true, component: Detail, layout: false, tab: false },
  { path: '/page/workflow/process/list', menu: ['/workflow/process/list'], title: 'wf.list.start', component: Startable, layout: false, tab: false },
  { path: '/page/workflow/process/todo', menu: ['/workflow/process/todo'], title: 'wf.list.todo', component: Todo, layout: false, tab: false },
  { path: '/page/workflow/process/claim', menu: ['/workflow/process/claim'], title: 'wf.list.claim', component: Claim, layout: false, tab: false },
  { path: '/page/workflow/process/send', menu: ['/workflow/process/send'], title: 'wf.list.send', component: Send, layout: false, tab: false },
  { path: '/page/workflow/process/done', menu: ['/workflow/process/done'], title: 'wf.list.done', component: Done, layout: false, tab: false },
  { path: '/page/workflow/process/my-done', menu: ['/workflow/process/done'], title: 'wf.list.myDone', component: MyDone, layout: false, tab: false },
  { path: '/page/workflow/process/copy', menu: ['/workflow/process/copy'], title: 'wf.list.copy', component: Copy, layout: false, tab: false },
  { path: '/page/workflow/process/draft', menu: ['/workflow/process/draft'], title: 'wf.list.draft', component: Drafts, layout: false, tab: false },
  // external-form processes (form key wf_ex_...) without a configured form URL: ?p= carries the params
  { path: '/workflow/process/external/:name/start', title: 'wf.page.start', everyone: true, component: Start },
  { path: '/workflow/process/external/:name/detail', title: 'wf.page.detail', everyone: true, component: Detail },
  // the portal opens these in a new window (isClosePage, isPortal, openWay); the flow image has no header or footer
  { path: '/portal/process/flowImg/*', title: 'wf.chart.title', everyone: true, component: FlowImage, layout: false, tab: false },
  { path: '/portal/process/detail/*', title: 'wf.page.detail', everyone: true, component: Detail, layout: false, tab: false },
  { path: '/portal/process/*', title: 'wf.page.start', everyone: true, component: Start, layout: false, tab: false },
];
