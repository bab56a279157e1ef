// The micro-app builder's data models (001 §3.3, §7.1 /api/blade-model/model and
// /api/blade-modelitem/model_item): a designer names a model and its table, lists its fields, and
// createTable makes (or alters) the real table. A child model (one-to-one or one-to-many) is kept
// in {table}_dynamic, keyed to its main model's row. Who may call them: the administrator role
// (001 §6: micro-apps are managed by their creator or the administrator role), checked by the
// miniapp module for every call.
import type { FormColumn } from '../form/schema.ts';
import { defineModel } from '../model/define.ts';
import { APP_ID_FIELD, STATUS_FIELD, SORT_FIELD, TEMPLATE_NAME_FIELD, TEMPLATE_TYPE_FIELD } from './miniapp-fields.ts';

const ADMINS = 'the administrator role (micro-app designers), checked by the miniapp module around every call';
const FLAG = [{ value: 0, label: ['否', 'No'] }, { value: 1, label: ['是', 'Yes'], color: 'blue' }] as const;

/** The kinds of field a designer may choose, each with the column it makes (modules/miniapp/tables.ts). */
export const MINI_FIELD_TYPES = [
  { value: 'string', label: ['单行文本', 'Text'] },
  { value: 'text', label: ['多行文本', 'Long text'] },
  { value: 'int', label: ['整数', 'Whole number'] },
  { value: 'decimal', label: ['小数', 'Decimal'] },
  { value: 'date', label: ['日期', 'Date'] },
  { value: 'datetime', label: ['日期时间', 'Date and time'] },
  { value: 'select', label: ['字典选项', 'Dictionary option'] },
  { value: 'user', label: ['人员', 'People'] },
  { value: 'dept', label: ['部门', 'Department'] },
  { value: 'file', label: ['附件', 'Attachment'] },
  { value: 'signature', label: ['签名', 'Signature'] },
] as const;
export type MiniFieldType = (typeof MINI_FIELD_TYPES)[number]['value'];

export const miniModelModel = defineModel({
  name: 'miniModel', table: 'blade_mini_model', api: '/api/blade-model/model', title: ['数据模型', 'Data models'], tenant: true,
  permission: null, access: ADMINS,
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    modelName: { type: 'string', label: ['模型名称', 'Model name'], length: 64, required: true, requiredMessage: ['请输入模型名称', 'Please enter the model name'], filter: 'like', ui: { width: 180, span: 12 } },
    // what an English reader sees for a child model (its sub-table's label); empty: the model name
    modelNameEn: { type: 'string', label: ['英文名称', 'English name'], length: 64, ui: { width: 160, span: 12 } },
    modelTable: {
      type: 'string', label: ['表名', 'Table name'], length: 36, required: true, requiredMessage: ['请输入表名', 'Please enter the table name'],
      pattern: '^[a-z][a-z0-9_]{0,35}$', patternMessage: ['表名须为小写字母开头的小写字母、数字或下划线（最多 36 个）', 'The table name must be lower-case letters, digits or _ starting with a letter (at most 36)'],
      unique: ['表名已被其他模型使用', 'Another model already uses this table name'], filter: 'like', ui: { width: 160, span: 12 },
    },
    category: { type: 'string', label: ['分类', 'Category'], length: 64, filter: 'equal', ui: { width: 120, span: 12 } },
    parentId: { type: 'id', label: ['主模型', 'Main model'], filter: 'equal', ui: { hideInTable: true, span: 12 } },
    relation: {
      type: 'string', label: ['与主模型的关系', 'Relation to the main model'], length: 8, filter: 'equal', ui: { width: 120, span: 12, form: 'radio' },
      options: [{ value: 'one', label: ['一对一', 'One to one'] }, { value: 'more', label: ['一对多', 'One to many'] }],
    },
    tableStatus: {
      type: 'int', label: ['建表状态', 'Table'], readOnly: true, default: 0, filter: 'equal', ui: { width: 110 },
      options: [{ value: 0, label: ['未建表', 'Not created'] }, { value: 1, label: ['已建表', 'Created'], color: 'green' }, { value: 2, label: ['字段已改，待同步', 'Fields changed'], color: 'orange' }],
    },
    tableVersion: { type: 'int', label: ['表版本', 'Table version'], readOnly: true, default: 0, ui: { hideInTable: true, form: false } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
  },
});

export const miniModelItemModel = defineModel({
  name: 'miniModelItem', table: 'blade_mini_model_item', api: '/api/blade-modelitem/model_item', title: ['模型字段', 'Model fields'], tenant: true,
  permission: null, access: ADMINS,
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    modelId: { type: 'id', label: ['数据模型', 'Data model'], required: true, requiredMessage: ['请选择数据模型', 'Please choose the data model'], filter: 'equal', ui: { hideInTable: true, form: false } },
    fieldName: {
      type: 'string', label: ['字段名', 'Field name'], length: 40, required: true, requiredMessage: ['请输入字段名', 'Please enter the field name'],
      pattern: '^[a-z][a-zA-Z0-9]{0,39}$', patternMessage: ['字段名须为小写字母开头的字母或数字（最多 40 个）', 'The field name must be letters or digits starting with a lower-case letter (at most 40)'],
      filter: 'like', ui: { width: 150, span: 12 },
    },
    fieldLabel: { type: 'string', label: ['显示名称', 'Label'], length: 64, required: true, requiredMessage: ['请输入显示名称', 'Please enter the label'], filter: 'like', ui: { width: 150, span: 12 } },
    fieldLabelEn: { type: 'string', label: ['英文名称', 'English label'], length: 64, ui: { width: 150, span: 12 } },
    fieldType: {
      type: 'string', label: ['字段类型', 'Field type'], length: 16, required: true, requiredMessage: ['请选择字段类型', 'Please choose the field type'], filter: 'equal', ui: { width: 110, span: 12, form: 'select' },
      options: MINI_FIELD_TYPES,
    },
    length: { type: 'int', label: ['长度', 'Length'], min: 1, max: 4000, rangeMessage: ['长度须在 1 到 4000 之间', 'The length must be from 1 to 4000'], ui: { width: 80, span: 6 } },
    // 001 §5: decimals 0 to 10
    scale: { type: 'int', label: ['小数位', 'Decimals'], min: 0, max: 10, rangeMessage: ['小数位须在 0 到 10 之间', 'Decimals must be from 0 to 10'], ui: { width: 80, span: 6 } },
    required: { type: 'int', label: ['必填', 'Required'], required: true, default: 0, options: FLAG, ui: { width: 70, span: 6, form: 'radio' } },
    searchable: { type: 'int', label: ['可搜索（建索引）', 'Searchable (indexed)'], required: true, default: 0, options: FLAG, ui: { width: 90, span: 6, form: 'radio' } },
    pattern: { type: 'string', label: ['校验规则（正则）', 'Rule (pattern)'], length: 500, ui: { hideInTable: true, span: 12 } },
    patternMessage: { type: 'string', label: ['校验提示', 'Rule message'], length: 200, ui: { hideInTable: true, span: 12 } },
    dictCode: { type: 'string', label: ['字典编码', 'Dictionary code'], length: 64, ui: { width: 120, span: 12 } },
    defaultValue: { type: 'string', label: ['默认值', 'Default value'], length: 500, ui: { hideInTable: true, span: 12 } },
    sort: { type: 'int', label: ['排序', 'Order'], required: true, default: 1, min: 0, max: 99999, sortable: true, ui: { width: 70, span: 6 } },
  },
});



/** A model's name as a reader of this language sees it (a child model's sub-table label): its English name in English when it has one. */
export const miniModelLabel = (m: { modelName: string; modelNameEn?: string | null }, lang: 'zh' | 'en' = 'zh'): string => (lang === 'en' && m.modelNameEn?.trim()) || m.modelName;

/** A model field as the designed-form schema draws and checks it (one form schema for the data screen, the validator and the designer). */
export interface MiniItem {
  fieldName: string; fieldLabel: string; fieldLabelEn?: string | null; fieldType: string; length?: number | null; scale?: number | null;
  required?: number | null; searchable?: number | null; pattern?: string | null; patternMessage?: string | null; dictCode?: string | null; defaultValue?: string | null;
}

const FORM_TYPE: Record<MiniFieldType, string> = {
  string: 'input', text: 'textarea', int: 'number', decimal: 'number', date: 'date', datetime: 'datetime',
  select: 'select', user: 'user', dept: 'dept', file: 'upload', signature: 'signature',
};

export function formColumnOfItem(it: MiniItem, lang: 'zh' | 'en' = 'zh'): FormColumn & { search?: boolean } {
  const type = FORM_TYPE[it.fieldType as MiniFieldType] ?? 'input';
  const col: FormColumn & { search?: boolean } = {
    prop: it.fieldName, label: (lang === 'en' && it.fieldLabelEn) || it.fieldLabel, type, required: !!it.required,
    ...(it.searchable ? { search: true } : {}),
  };
  if (it.pattern) col.rules = [{ pattern: it.pattern, message: it.patternMessage || undefined }];
  if (it.defaultValue) col.value = it.defaultValue;
  if (it.dictCode) col.dicCode = it.dictCode;
  if (it.fieldType === 'string') col.maxlength = it.length ?? 255;
  if (it.fieldType === 'int') col.precision = 0;
  if (it.fieldType === 'decimal') col.precision = it.scale ?? 2;
  return col;
}

/** App categories (001 §7.1 /api/appCategory/appCategory): a tree the app center and the chooser group apps by. */
export const appCategoryModel = defineModel({
  name: 'appCategory', table: 'blade_app_category', api: '/api/appCategory/appCategory', title: ['应用分类', 'App categories'], tenant: true,
  permission: null, access: 'reading: every user of the tenant (the app center groups by them); changing: the administrator role, checked by the miniapp module',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    categoryName: { type: 'string', label: ['分类名称', 'Category name'], length: 64, required: true, requiredMessage: ['请输入分类名称', 'Please enter the category name'], filter: 'like', ui: { width: 180, span: 12 } },
    parentId: { type: 'id', label: ['上级分类', 'Parent category'], ui: { hideInTable: true, span: 12 } },
    icon: { type: 'string', label: ['图标', 'Icon'], length: 500, ui: { width: 100, span: 12 } },
    sort: SORT_FIELD,
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
  },
});

/**
 * Micro-apps (001 §3.1; the app info calls, whose base the spec does not show, at /api/appInfo/appInfo).
 * appIcon is a URL or a JSON array whose first item is a URL or {value}; the app's data is its main
 * model's table, its form the designed-form schema (formOption), its process a deployed definition key.
 */
export const appInfoModel = defineModel({
  name: 'appInfo', table: 'blade_app_info', api: '/api/appInfo/appInfo', title: ['微应用', 'Micro-apps'], tenant: true,
  permission: null, access: 'the administrator role creates; the app\'s creator or the administrator role changes and removes it (001 §6), checked by the miniapp module',
  order: [{ field: 'sort', dir: 'asc' }, { field: 'createTime', dir: 'desc' }],
  fields: {
    appName: { type: 'string', label: ['应用名称', 'App name'], length: 64, required: true, requiredMessage: ['请输入应用名称', 'Please enter the app name'], filter: 'like', ui: { width: 180, span: 12 } },
    appDesc: { type: 'string', label: ['应用描述', 'Description'], length: 500, filter: 'like', ui: { width: 220, ellipsis: true, form: 'textarea', rows: 2 } },
    appIcon: { type: 'string', label: ['应用图标', 'Icon'], length: 1000, ui: { hideInTable: true, span: 12 } },
    categoryId: { type: 'id', label: ['应用分类', 'Category'], filter: 'equal', ui: { width: 120, span: 12 } },
    modelId: { type: 'id', label: ['数据模型', 'Data model'], filter: 'equal', ui: { hideInTable: true, span: 12 } },
    formOption: { type: 'text', label: ['表单设计', 'Form design'], length: 500000, format: 'json', ui: { hideInTable: true, form: false } },
    processDefKey: { type: 'string', label: ['绑定流程', 'Bound process'], length: 255, ui: { hideInTable: true, span: 12 } },
    appStatus: {
      type: 'int', label: ['状态', 'Status'], required: true, default: 0, filter: 'equal', ui: { width: 90, span: 12, form: 'radio' },
      options: [{ value: 0, label: ['未发布', 'Draft'] }, { value: 1, label: ['已发布', 'Published'], color: 'green' }],
    },
    sort: SORT_FIELD,
  },
});

/** An app's own menu (001 §3.2 appMenu: menuName, menuRouter, menuIcon, menuAlias, children), shown in its shell's sidebar. */
export const appMenuModel = defineModel({
  name: 'appMenu', table: 'blade_app_menu', api: '/api/appMenu/appMenu', title: ['应用菜单', 'App menus'], tenant: true,
  permission: null, access: 'the app\'s creator or the administrator role, checked by the miniapp module',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    appId: APP_ID_FIELD,
    parentId: { type: 'id', label: ['上级菜单', 'Parent menu'], ui: { hideInTable: true, span: 12 } },
    menuName: { type: 'string', label: ['菜单名称', 'Menu name'], length: 64, required: true, requiredMessage: ['请输入菜单名称', 'Please enter the menu name'], filter: 'like', ui: { width: 160, span: 12 } },
    menuRouter: {
      type: 'string', label: ['路由', 'Route'], length: 255, required: true, requiredMessage: ['请输入路由', 'Please enter the route'],
      pattern: '^[A-Za-z0-9/_\\-.?=&%]+$', patternMessage: ['路由只能包含字母、数字和 / _ - . ? = & %', 'The route may hold letters, digits and / _ - . ? = & % only'], ui: { width: 200, span: 12 },
    },
    menuIcon: { type: 'string', label: ['图标', 'Icon'], length: 64, ui: { width: 100, span: 12 } },
    menuAlias: { type: 'string', label: ['别名', 'Alias'], length: 64, ui: { width: 120, span: 12 } },
    sort: SORT_FIELD,
  },
});

/** Custom operation buttons of an app (001 §3.2 perDiyOperate: btnName, btnUrl, btnIcon), opening /miniApp/home/urlPath. */
export const appDiyOperateModel = defineModel({
  name: 'appDiyOperate', table: 'blade_app_diy_operate', api: '/api/appDiyOperate/appDiyOperate', title: ['自定义操作', 'Custom operations'], tenant: true,
  permission: null, access: 'the app\'s creator or the administrator role, checked by the miniapp module',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    appId: APP_ID_FIELD,
    btnName: { type: 'string', label: ['按钮名称', 'Button name'], length: 64, required: true, requiredMessage: ['请输入按钮名称', 'Please enter the button name'], filter: 'like', ui: { width: 160, span: 12 } },
    btnUrl: {
      type: 'string', label: ['按钮地址', 'Button address'], length: 1000, required: true, requiredMessage: ['请输入按钮地址', 'Please enter the button address'],
      // an http(s) address or a path of this site: never javascript: or data: (the shell opens it in a frame)
      pattern: '^(https?://[^\\s]+|/[^\\s]*)$', patternMessage: ['按钮地址须为 http(s) 地址或以 / 开头的站内路径', 'The button address must be an http(s) address or a path of this site starting with /'], ui: { width: 240, span: 12 },
    },
    btnIcon: { type: 'string', label: ['图标', 'Icon'], length: 64, ui: { width: 100, span: 12 } },
    sort: SORT_FIELD,
  },
});


/** What a permission group of an app may do (001 §3.2): the operations; custom buttons as custom:<button id>. */
export const APP_OPERATES = ['add', 'edit', 'delete', 'view', 'print', 'template'] as const;

/**
 * A permission group of an app (001 §3.2, §6; /api/appPermission/appPermission): who it grants
 * (people, roles, departments, posts: ids joined by commas; anyone matching one of them), the
 * operations, and which records (all, their department's, their own). Its field rights are its
 * scopes (appPermissionScopeModel).
 */
export const appPermissionModel = defineModel({
  name: 'appPermission', table: 'blade_app_permission', api: '/api/appPermission/appPermission', title: ['应用权限', 'App permissions'], tenant: true,
  permission: null, access: 'the app\'s creator or the administrator role, checked by the miniapp module',
  order: [{ field: 'createTime', dir: 'asc' }],
  fields: {
    appId: APP_ID_FIELD,
    permissionName: { type: 'string', label: ['权限名称', 'Name'], length: 64, required: true, requiredMessage: ['请输入权限名称', 'Please enter the name'], filter: 'like', ui: { width: 160, span: 12 } },
    userIds: { type: 'string', label: ['人员', 'People'], length: 4000, ui: { hideInTable: true, span: 12 } },
    roleIds: { type: 'string', label: ['角色', 'Roles'], length: 2000, ui: { hideInTable: true, span: 12 } },
    deptIds: { type: 'string', label: ['部门', 'Departments'], length: 2000, ui: { hideInTable: true, span: 12 } },
    postIds: { type: 'string', label: ['岗位', 'Posts'], length: 2000, ui: { hideInTable: true, span: 12 } },
    operates: { type: 'string', label: ['操作权限', 'Operations'], length: 2000, ui: { width: 240, span: 24 } },
    dataScope: {
      type: 'string', label: ['数据范围', 'Records'], length: 8, required: true, default: 'all', ui: { width: 110, span: 12, form: 'radio' },
      options: [{ value: 'all', label: ['全部数据', 'All records'] }, { value: 'dept', label: ['本部门数据', "Their department's"] }, { value: 'own', label: ['本人数据', 'Their own'] }],
    },
  },
});

/** A field right of a permission group (/api/blade-appPermissionScope/appPermissionScope): hidden, read-only (disabled), shown in the list (display), searchable. */
export const appPermissionScopeModel = defineModel({
  name: 'appPermissionScope', table: 'blade_app_permission_scope', api: '/api/blade-appPermissionScope/appPermissionScope', title: ['字段权限', 'Field rights'], tenant: true,
  permission: null, access: 'the app\'s creator or the administrator role, checked by the miniapp module',
  fields: {
    permissionId: { type: 'id', label: ['应用权限', 'App permission'], required: true, requiredMessage: ['请选择应用权限', 'Please choose the app permission'], filter: 'equal', ui: { hideInTable: true, form: false } },
    modelId: { type: 'id', label: ['数据模型', 'Data model'], required: true, requiredMessage: ['请选择数据模型', 'Please choose the data model'], filter: 'equal', ui: { hideInTable: true, form: false } },
    fieldName: { type: 'string', label: ['字段', 'Field'], length: 40, required: true, requiredMessage: ['请选择字段', 'Please choose the field'], filter: 'equal', ui: { width: 140 } },
    hide: { type: 'int', label: ['隐藏', 'Hidden'], required: true, default: 0, options: FLAG, ui: { width: 70 } },
    disabled: { type: 'int', label: ['只读', 'Read-only'], required: true, default: 0, options: FLAG, ui: { width: 70 } },
    display: { type: 'int', label: ['列表显示', 'In the list'], required: true, default: 1, options: FLAG, ui: { width: 80 } },
    search: { type: 'int', label: ['可搜索', 'Searchable'], required: true, default: 1, options: FLAG, ui: { width: 80 } },
  },
});

/**
 * The operation audit log of micro-apps (001 §3.6, /api/appAuditLog/appAuditLog): every change of
 * a design, a permission or a record, with what it was before and after, written in the same
 * transaction as the change. Entries are never changed; a manager may add a note entry.
 */
export const appAuditLogModel = defineModel({
  name: 'appAuditLog', table: 'blade_app_audit_log', api: '/api/appAuditLog/appAuditLog', title: ['操作审计日志', 'Audit log'], tenant: true,
  audit: 'createTime', permission: null, access: 'the app\'s creator or the administrator role (an app\'s entries), checked by the miniapp module',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    appId: { type: 'id', label: ['微应用', 'Micro-app'], filter: 'equal', ui: { hideInTable: true } },
    module: {
      type: 'string', label: ['模块', 'Module'], length: 32, required: true, filter: 'equal', ui: { width: 110 },
      options: [{ value: 'appDesign', label: ['应用设计', 'App design'] }, { value: 'permission', label: ['权限', 'Permissions'] }, { value: 'dataManagement', label: ['数据管理', 'Data'] }],
    },
    bizId: { type: 'string', label: ['业务主键', 'Record'], length: 64, filter: 'equal', ui: { width: 170 } },
    account: { type: 'string', label: ['操作账号', 'Account'], length: 64, readOnly: true, filter: 'like', ui: { width: 110 } },
    operate: {
      type: 'string', label: ['操作', 'Operation'], length: 16, required: true, filter: 'equal', ui: { width: 90 },
      options: [{ value: 'add', label: ['新增', 'Add'], color: 'green' }, { value: 'update', label: ['修改', 'Change'], color: 'blue' }, { value: 'del', label: ['删除', 'Remove'], color: 'red' }, { value: 'note', label: ['备注', 'Note'] }],
    },
    operateBefore: { type: 'text', label: ['操作前', 'Before'], length: 200000, ui: { hideInTable: true, detail: true } },
    operateAfter: { type: 'text', label: ['操作后', 'After'], length: 200000, ui: { hideInTable: true, detail: true } },
    ipAddress: { type: 'string', label: ['IP 地址', 'IP address'], length: 64, readOnly: true, ui: { width: 130 } },
    errorInfo: { type: 'string', label: ['错误信息', 'Error'], length: 2000, ui: { hideInTable: true } },
  },
});

/**
 * Print templates of an app (001 §3.5, /api/appPrintTemplate/appPrintTemplate): a form template prints
 * one record, a list template the chosen records; templateJson is the designed layout. The print
 * screen looks one up by appBizId_equal (the app), status_equal 1 and templateType_equal.
 */
export const appPrintTemplateModel = defineModel({
  name: 'appPrintTemplate', table: 'blade_app_print_template', api: '/api/appPrintTemplate/appPrintTemplate', title: ['打印模板', 'Print templates'], tenant: true,
  permission: null, access: 'changing: the app\'s creator or the administrator role; reading: also those an app permission group lets print, checked by the miniapp module',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    appId: APP_ID_FIELD,
    templateName: TEMPLATE_NAME_FIELD,
    templateType: {
      ...TEMPLATE_TYPE_FIELD,
      options: [{ value: 'form', label: ['表单', 'Form'] }, { value: 'list', label: ['列表', 'List'] }],
    },
    printAddress: { type: 'string', label: ['打印地址', 'Print address'], length: 500, ui: { hideInTable: true, span: 12 } },
    isCenter: { type: 'string', label: ['居中', 'Centred'], length: 1, required: true, default: 'N', options: [{ value: 'Y', label: ['是', 'Yes'] }, { value: 'N', label: ['否', 'No'] }], ui: { width: 70, span: 12, form: 'radio' } },
    templateJson: { type: 'text', label: ['模板内容', 'Template'], length: 500000, required: true, requiredMessage: ['请设计模板内容', 'Please design the template'], format: 'json', ui: { hideInTable: true, form: false } },
    status: STATUS_FIELD,
  },
});

/** A person's pinned apps (/api/blade-portal/myApp): their own shortcuts in the portal and the app center, in their order. */
export const myAppModel = defineModel({
  name: 'myApp', table: 'blade_my_app', api: '/api/blade-portal/myApp', title: ['我的应用', 'My apps'], tenant: true, owner: true,
  permission: null, access: 'every user, their own rows only (owner)',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    appId: { type: 'id', label: ['微应用', 'Micro-app'], required: true, requiredMessage: ['请选择微应用', 'Please choose the micro-app'], filter: 'equal', ui: { width: 160 } },
    sort: { type: 'int', label: ['排序', 'Order'], required: true, default: 1, min: 0, max: 99999, sortable: true, ui: { width: 80 } },
  },
});

/**
 * The data-collection log of micro-apps (001 §3.4; its calls at /api/blade-changeRecord/change_record):
 * each record and child row written from an app, a report or a process, with its old and new data;
 * a refused submission is logged as a failure with its reasons. Written by the platform, read-only.
 */
export const appCollectLogModel = defineModel({
  name: 'appCollectLog', table: 'blade_app_collect_log', api: '/api/blade-changeRecord/change_record', title: ['数据采集日志', 'Data-collection log'], tenant: true,
  permission: null, access: 'the app\'s creator or the administrator role (an app\'s entries), checked by the miniapp module',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    appId: { type: 'id', label: ['微应用', 'Micro-app'], readOnly: true, filter: 'equal', ui: { hideInTable: true } },
    bizCode: { type: 'string', label: ['业务编号', 'Record'], length: 64, readOnly: true, filter: 'equal', ui: { width: 170 } },
    bizName: { type: 'string', label: ['业务名称', 'Business'], length: 64, readOnly: true, filter: 'like', ui: { width: 140 } },
    tableName: { type: 'string', label: ['表名', 'Table'], length: 64, readOnly: true, filter: 'equal', ui: { width: 160 } },
    source: { type: 'string', label: ['来源', 'Source'], length: 8, readOnly: true, filter: 'equal', ui: { width: 80 }, options: [{ value: 'flow', label: ['流程', 'Process'] }, { value: 'report', label: ['填报', 'Report'] }, { value: 'app', label: ['应用', 'App'] }] },
    method: { type: 'string', label: ['方式', 'Method'], length: 8, readOnly: true, filter: 'equal', ui: { width: 80 }, options: [{ value: 'insert', label: ['新增', 'Insert'] }, { value: 'update', label: ['修改', 'Update'] }] },
    type: { type: 'string', label: ['类型', 'Type'], length: 8, readOnly: true, filter: 'equal', ui: { width: 80 }, options: [{ value: 'main', label: ['主表', 'Main'] }, { value: 'one', label: ['一对一', 'One to one'] }, { value: 'more', label: ['一对多', 'One to many'] }] },
    collectStatus: { type: 'int', label: ['采集状态', 'Result'], readOnly: true, filter: 'equal', ui: { width: 90 }, options: [{ value: 1, label: ['采集成功', 'Collected'], color: 'green' }, { value: 0, label: ['采集失败', 'Failed'], color: 'red' }] },
    oldData: { type: 'text', label: ['原数据', 'Old data'], readOnly: true, ui: { hideInTable: true, detail: true } },
    newData: { type: 'text', label: ['新数据', 'New data'], readOnly: true, ui: { hideInTable: true, detail: true } },
    collectInfo: { type: 'string', label: ['采集说明', 'Notes'], length: 2000, readOnly: true, ui: { width: 200, ellipsis: true } },
  },
});

export const MINIAPP_MODELS = [miniModelModel, miniModelItemModel, appCategoryModel, appInfoModel, appMenuModel, appDiyOperateModel, appPermissionModel, appPermissionScopeModel, appAuditLogModel, appPrintTemplateModel, myAppModel, appCollectLogModel];
