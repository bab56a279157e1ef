// The workflow design sets have their screens (web/src/pages/workflow/design/sets): 表单主题,
// 表单变量, 表单默认值 and 流程按钮 under 流程管理 (ids 1605–1608), each with its add / edit /
// delete / view button rows. insertMenus grants them to every administrator role that exists; a new
// database's seed hands administrators every shown menu, so the seed needs no change.
import type { MigrationDb } from '../index.ts';
import { crudButtons, insertMenus, type MenuSeed } from '../menus.ts';

/** The menu codes are also the read / write codes design-routes.ts checks for these sets. */
export const WORKFLOW_SET_MENUS: MenuSeed[] = [
  { id: '1605', code: 'wf_form_theme', name: '表单主题', path: '/workflow/design/sets/theme', source: 'BgColorsOutlined', sort: 5, buttons: crudButtons('wf_form_theme') },
  { id: '1606', code: 'wf_form_variable', name: '表单变量', path: '/workflow/design/sets/variable', source: 'FunctionOutlined', sort: 6, buttons: crudButtons('wf_form_variable') },
  { id: '1607', code: 'wf_form_default_values', name: '表单默认值', path: '/workflow/design/sets/default-values', source: 'ProfileOutlined', sort: 7, buttons: crudButtons('wf_form_default_values') },
  { id: '1608', code: 'wf_button', name: '流程按钮', path: '/workflow/design/sets/button', source: 'ControlOutlined', sort: 8, buttons: crudButtons('wf_button') },
];

export async function up(db: MigrationDb): Promise<void> {
  await insertMenus(db, WORKFLOW_SET_MENUS, '1600');
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
