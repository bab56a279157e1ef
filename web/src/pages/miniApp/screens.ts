// The screens of the micro-app shell (001 §2.2 /miniApp/home/<child>): the shell renders the one
// whose path matches, inside the app's sidebar and tab bar. title: i18n key of its tab and menu entry.
// The report-collection, automation and workshop children (reportInfo, editReportInfo, reportTask,
// reportTaskDetail, reportShare, reportDataManage, automationManage, portrait) come with their own
// issues: SHELL_GROUPS gives them their place in the sidebar, which shows an entry once its screen is
// listed in SHELL_SCREENS (until then the address answers the shell's 404).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ShellScreen {
  /** path under /miniApp/home/ (react-router pattern) */
  path: string;
  title: string;
  component: LazyExoticComponent<ComponentType>;
  /** for the app's managers only (creator or administrator role); the others see the data screens */
  manage?: boolean;
}

export const SHELL_SCREENS: ShellScreen[] = [
  { path: 'index/:params', title: 'miniApp.screen.index', component: lazy(() => import('./shell/AppHome')) },
  { path: 'admin', title: 'miniApp.screen.admin', manage: true, component: lazy(() => import('./admin/AppManage')) },
  { path: 'appConfigManage', title: 'miniApp.screen.appConfigManage', manage: true, component: lazy(() => import('./design/AppConfigManage')) },
  { path: 'dataManage', title: 'miniApp.screen.dataManage', component: lazy(() => import('./data/DataManage')) },
  { path: 'processDesign', title: 'miniApp.screen.processDesign', manage: true, component: lazy(() => import('./design/ProcessDesign')) },
  { path: 'design/process', title: 'miniApp.screen.designProcess', manage: true, component: lazy(() => import('./design/ProcessDesigner')) },
  { path: 'processOps', title: 'miniApp.screen.processOps', manage: true, component: lazy(() => import('./design/ProcessOps')) },
  { path: 'authManage', title: 'miniApp.screen.authManage', manage: true, component: lazy(() => import('./auth/AuthManage')) },
  { path: 'diyOperationManage', title: 'miniApp.screen.diyOperationManage', manage: true, component: lazy(() => import('./diy/DiyOperationManage')) },
  { path: 'printTemplateManage', title: 'miniApp.screen.printTemplateManage', manage: true, component: lazy(() => import('./print/PrintTemplateManage')) },
  { path: 'exportTemplateManage', title: 'miniApp.screen.exportTemplateManage', manage: true, component: lazy(() => import('./exportTpl/ExportTemplateManage')) },
  { path: 'operateRecordQuery', title: 'miniApp.screen.operateRecordQuery', manage: true, component: lazy(() => import('./logs/OperateRecordQuery')) },
  { path: 'auditLog', title: 'miniApp.screen.auditLog', manage: true, component: lazy(() => import('./logs/AuditLog')) },
  { path: 'appMenu', title: 'miniApp.screen.appMenu', manage: true, component: lazy(() => import('./menu/AppMenuManage')) },
  { path: 'operateSettings', title: 'miniApp.screen.operateSettings', manage: true, component: lazy(() => import('./settings/OperateSettings')) },
  { path: 'dataSourceManage', title: 'miniApp.screen.dataSourceManage', manage: true, component: lazy(() => import('./settings/DataSourceManage')) },
  { path: 'appSysConfig', title: 'miniApp.screen.appSysConfig', manage: true, component: lazy(() => import('./sysconfig/AppSysConfig')) },
  { path: 'urlPath', title: 'miniApp.screen.urlPath', component: lazy(() => import('./diy/UrlPath')) },
];

/**
 * The managers' sidebar groups (001 §2.2), in order: each names its children by screen path. A child
 * whose screen is not in SHELL_SCREENS yet has no entry, and a group with none is not shown.
 */
export const SHELL_GROUPS: { key: string; title: string; children: string[] }[] = [
  { key: 'design', title: 'miniApp.shell.groupDesign', children: ['appConfigManage', 'processDesign', 'processOps'] },
  { key: 'report', title: 'miniApp.shell.groupReport', children: ['reportInfo', 'reportTask', 'reportDataManage', 'reportShare'] },
  { key: 'automation', title: 'miniApp.shell.groupAutomation', children: ['automationManage'] },
  { key: 'workshop', title: 'miniApp.shell.groupWorkshop', children: ['portrait'] },
  { key: 'config', title: 'miniApp.shell.groupConfig', children: ['authManage', 'diyOperationManage', 'printTemplateManage', 'exportTemplateManage', 'appMenu', 'operateSettings', 'dataSourceManage', 'appSysConfig'] },
  { key: 'logs', title: 'miniApp.shell.groupLogs', children: ['operateRecordQuery', 'auditLog'] },
];

/** The children of a group that have their screen (in the group's order). */
export const builtChildren = (children: string[]): string[] => children.filter((c) => SHELL_SCREENS.some((s) => s.path === c));
