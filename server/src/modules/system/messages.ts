// Messages of system administration (spec 002 §5 wording where it gives one).
import type { Message } from '../../http/messages.ts';

export const MSG = {
  platformOnly: ['仅平台租户的管理员可以管理租户', 'Only administrators of the platform tenant manage tenants'],
  packageMenus: ['请选择菜单', 'Please select menus'],
  packageInUse: ['产品包仍被租户使用，不能删除', 'The package is still used by a tenant and cannot be deleted'],
  tenantPlatform: ['平台租户不能删除', 'The platform tenant cannot be deleted'],
  deptHasChildren: ['请先删除下级部门', 'Delete the sub-departments first'],
  deptHasUsers: ['部门下仍有用户，不能删除', 'The department still has users and cannot be deleted'],
  parentLoop: ['上级不能是自己或自己的下级', 'The parent cannot be the item itself or one of its descendants'],
  parentMissing: ['上级不存在', 'The parent does not exist'],
  roleHasUsers: ['角色仍被用户使用，不能删除', 'The role is still assigned to users and cannot be deleted'],
  roleHasChildren: ['请先删除下级角色', 'Delete the sub-roles first'],
  menuHasChildren: ['请先删除子菜单', 'Delete the sub-menus first'],
  dictCodeTaken: ['字典编号已存在', 'This dictionary code already exists'],
  dictKeyTaken: ['字典键值已存在', 'This dictionary key already exists'],
  dictSealed: ['封存的字典不能删除', 'A sealed dictionary entry cannot be deleted'],
  dictHasChildren: ['请先删除字典项', 'Delete the dictionary items first'],
  accountQuota: ['租户账号数量已达上限', "The tenant's account quota is used up"],
  passwordRequired: ['请输入密码', 'Please enter a password'],
  selfDelete: ['不能删除当前登录的账号', 'You cannot delete the account you are signed in with'],
  importEmpty: ['导入文件中没有数据', 'The imported file holds no rows'],
  importBadFile: ['请上传 xlsx 格式的 Excel 文件', 'Upload an Excel file in xlsx format'],
  importRow: ['第 {row} 行：{msg}', 'Row {row}: {msg}'],
} as const satisfies Record<string, Message>;
