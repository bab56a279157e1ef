// System administration entities defined once (define.ts): the server's routes and the web's
// screens both come from these.
import { defineModel } from '../model/define.ts';

const SORT = { type: 'int', label: ['排序', 'Sort'], min: 0, max: 99999, default: 1, sortable: true, ui: { width: 80, form: 'number' } } as const;
const REMARK = { type: 'string', label: ['备注', 'Remark'], length: 255, ui: { width: 220, ellipsis: true, form: 'textarea', rows: 2, search: false } } as const;

export const postModel = defineModel({
  name: 'post', table: 'blade_post', api: '/api/blade-system/post', title: ['岗位管理', 'Posts'], tenant: true, permission: 'post',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    category: {
      type: 'int', label: ['岗位类型', 'Category'], required: true, min: 1, max: 9, default: 1, filter: 'equal', ui: { width: 110, form: 'select' },
      options: [
        { value: 1, label: ['管理岗', 'Management'], color: 'blue' },
        { value: 2, label: ['技术岗', 'Technical'], color: 'green' },
        { value: 3, label: ['业务岗', 'Business'], color: 'orange' },
      ],
    },
    postCode: { type: 'string', label: ['岗位编号', 'Post code'], length: 12, required: true, filter: 'like', unique: ['岗位编号已存在', 'This post code already exists'], ui: { width: 140, span: 12 } },
    postName: { type: 'string', label: ['岗位名称', 'Post name'], length: 64, required: true, filter: 'like', ui: { width: 180, span: 12 } },
    sort: SORT,
    remark: REMARK,
  },
});

export const paramModel = defineModel({
  name: 'param', table: 'blade_param', api: '/api/blade-system/param', title: ['参数管理', 'Parameters'], tenant: true, permission: 'param',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    paramName: { type: 'string', label: ['参数名称', 'Parameter name'], length: 255, required: true, requiredMessage: ['请输入参数名称', 'Please enter the parameter name'], filter: 'like', ui: { width: 200 } },
    paramKey: {
      type: 'string', label: ['参数键名', 'Parameter key'], length: 255, required: true, requiredMessage: ['请输入参数键名', 'Please enter the parameter key'], filter: 'like',
      unique: ['参数键名已存在', 'This parameter key already exists'], ui: { width: 220 },
    },
    paramValue: { type: 'text', label: ['参数键值', 'Parameter value'], length: 20000, required: true, requiredMessage: ['请输入参数键值', 'Please enter the parameter value'], ui: { width: 280, ellipsis: true, form: 'textarea', rows: 4 } },
    remark: REMARK,
  },
});

const GRANT = (value: string, zh: string, en: string) => ({ value, label: [`${zh} ${value}`, `${en} (${value})`] as const });
const TOKEN_SECONDS = { type: 'int', min: 60, max: 31536000, required: true, ui: { width: 130, span: 12 } } as const;
const CLIENT_TEXT = { type: 'string', length: 256, ui: { span: 12, hideInTable: true } } as const;

/** OAuth clients (platform-wide: the platform tenant's administrators only, a guard on the server). */
export const clientModel = defineModel({
  name: 'client', table: 'blade_client', api: '/api/blade-system/client', title: ['应用管理', 'Clients'], tenant: false, permission: 'client',
  fields: {
    clientId: {
      type: 'string', label: ['应用ID', 'Client ID'], length: 48, required: true, pattern: '^[\\w-]+$', filter: 'like',
      unique: ['客户端ID已存在', 'This client id already exists'], ui: { width: 140, span: 12 },
    },
    clientSecret: {
      type: 'string', label: ['应用密钥', 'Client secret'], length: 256, required: true, minLength: 6,
      minLengthMessage: ['应用密钥不能少于6位', 'The secret needs at least 6 characters'], ui: { span: 12, hideInTable: true },
    },
    scope: { type: 'string', label: ['授权范围', 'Scope'], length: 256, required: true, default: 'all', ui: { width: 90, span: 12 } },
    authorizedGrantTypes: {
      type: 'string', label: ['授权类型', 'Grant types'], length: 256, required: true, multiple: true, default: 'password,refresh_token', ui: { width: 320, span: 12 },
      options: [
        GRANT('password', '密码', 'Password'), GRANT('captcha', '验证码', 'Captcha'), GRANT('refresh_token', '刷新令牌', 'Refresh token'),
        GRANT('sms_code', '短信', 'SMS code'), GRANT('social', '第三方', 'Social'), GRANT('authorization_code', '授权码', 'Authorization code'),
        GRANT('client_credentials', '客户端凭证', 'Client credentials'), GRANT('implicit', '简化模式', 'Implicit'),
      ],
    },
    accessTokenValidity: { ...TOKEN_SECONDS, label: ['令牌时效(秒)', 'Access token (s)'], default: 3600 },
    refreshTokenValidity: { ...TOKEN_SECONDS, label: ['刷新时效(秒)', 'Refresh token (s)'], default: 604800 },
    webServerRedirectUri: { ...CLIENT_TEXT, label: ['回调地址', 'Redirect URI'] },
    resourceIds: { ...CLIENT_TEXT, label: ['资源集合', 'Resource IDs'] },
    authorities: { ...CLIENT_TEXT, label: ['权限', 'Authorities'] },
    autoapprove: { ...CLIENT_TEXT, label: ['自动授权', 'Auto-approve'] },
    additionalInformation: { type: 'string', label: ['附加说明', 'Additional information'], length: 4096, ui: { form: 'json', rows: 3, hideInTable: true } },
    status: { type: 'int', label: ['状态', 'Status'], min: 0, max: 1, required: true, default: 1, ui: { form: false, hideInTable: true, detail: false } },
  },
});

/** Tenant packages: the menus a tenant may use (platform-wide; the platform tenant's administrators only). */
export const tenantPackageModel = defineModel({
  name: 'tenantPackage', table: 'blade_tenant_package', api: '/api/blade-system/tenant-package', title: ['租户产品包', 'Tenant packages'], tenant: false, permission: 'tenant_package',
  fields: {
    packageName: {
      type: 'string', label: ['产品包名称', 'Package name'], length: 50, required: true, requiredMessage: ['请输入产品包名称', 'Please enter the package name'], filter: 'like', ui: { width: 240 },
    },
    // menu ids joined by commas (a list of ids is accepted too)
    menuId: { type: 'text', label: ['菜单列表', 'Menus'], required: true, multiple: true, requiredMessage: ['请选择菜单', 'Please select menus'], ui: { hideInTable: true } },
    remark: { ...REMARK, ui: { ...REMARK.ui, width: 320 } },
  },
});

/** Tenants (platform-wide): a new one gets its administrator, root department, post and admin account. */
export const tenantModel = defineModel({
  name: 'tenant', table: 'blade_tenant', api: '/api/blade-system/tenant', title: ['租户管理', 'Tenants'], tenant: false, permission: 'tenant',
  fields: {
    tenantId: {
      type: 'string', label: ['租户ID', 'Tenant ID'], length: 12, autoFill: true, pattern: '^\\d{6}$', patternMessage: ['租户ID为6位数字', 'The tenant ID is 6 digits'], filter: 'like',
      ui: { width: 110, span: 12 },
    },
    tenantName: {
      type: 'string', label: ['租户名称', 'Tenant name'], length: 50, required: true, requiredMessage: ['请输入租户名称', 'Please enter the tenant name'], filter: 'like', ui: { width: 180, span: 12 },
    },
    linkman: { type: 'string', label: ['联系人', 'Contact'], length: 20, filter: 'like', ui: { width: 110, span: 12 } },
    contactNumber: { type: 'string', label: ['联系电话', 'Phone'], length: 20, ui: { width: 130, span: 12 } },
    address: { type: 'string', label: ['联系地址', 'Address'], length: 255, ui: { hideInTable: true } },
    domainUrl: { type: 'string', label: ['绑定域名', 'Domain'], length: 255, ui: { width: 180, ellipsis: true, span: 12 } },
    backgroundUrl: { type: 'string', label: ['登录背景', 'Login background'], length: 1000, ui: { hideInTable: true, span: 12 } },
    accountNumber: { type: 'int', label: ['账号额度', 'Account quota'], required: true, min: -1, default: -1, ui: { width: 100, span: 12 } },
    expireTime: { type: 'datetime', label: ['过期时间', 'Expires at'], length: 32, ui: { width: 170, span: 12 } },
    packageId: { type: 'id', label: ['产品包', 'Package'], ui: { hideInTable: true, detail: false, span: 12 } },
    // the screens' common status column (enabled / disabled)
    status: { type: 'int', label: ['状态', 'Status'], min: 0, max: 1, required: true, default: 1, ui: { width: 90, form: 'radio', span: 12 } },
  },
});

/** The menu a data / API scope belongs to (older rows may have none). */
const SCOPE_MENU = { type: 'id', label: ['所属菜单', 'Menu'], required: true, nullable: true, ui: { hideInTable: true, detail: false, span: 12 } } as const;
const SCOPE_NAME = { type: 'string', label: ['权限名称', 'Scope name'], length: 255, required: true, filter: 'like', ui: { width: 180, span: 12 } } as const;
const RESOURCE_CODE = { type: 'string', label: ['资源编号', 'Resource code'], length: 255, required: true, filter: 'like', ui: { width: 160, span: 12 } } as const;

/** 数据权限 (platform-wide; granted to roles): which rows of a resource a role sees. 5 = the departments in scopeValue. */
export const dataScopeModel = defineModel({
  name: 'dataScope', table: 'blade_scope_data', api: '/api/blade-system/data-scope', title: ['数据权限', 'Data scopes'], tenant: false, permission: 'data_scope',
  fields: {
    scopeName: SCOPE_NAME,
    resourceCode: RESOURCE_CODE,
    menuId: SCOPE_MENU,
    scopeColumn: {
      type: 'string', label: ['权限字段', 'Column'], length: 255, required: true, default: 'create_dept', ui: { width: 150, span: 12 },
      options: [
        { value: 'create_dept', label: ['创建部门 create_dept', 'Creating department (create_dept)'] },
        { value: 'create_user', label: ['创建人 create_user', 'Creator (create_user)'] },
        { value: 'dept_id', label: ['所属部门 dept_id', 'Department (dept_id)'] },
        { value: 'id', label: ['主键 id', 'Row id (id)'] },
      ],
    },
    scopeType: {
      type: 'int', label: ['权限类型', 'Scope type'], required: true, min: 1, max: 5, filter: 'equal', ui: { width: 140, span: 12 },
      options: [
        { value: 1, label: ['全部可见', 'All'], color: 'blue' },
        { value: 2, label: ['本人可见', 'Own'], color: 'cyan' },
        { value: 3, label: ['本部门可见', 'Own department'], color: 'green' },
        { value: 4, label: ['本部门及以下', 'Department and below'], color: 'geekblue' },
        { value: 5, label: ['自定义', 'Custom'], color: 'orange' },
      ],
    },
    // department ids joined by commas (scopeType 5)
    scopeValue: { type: 'text', label: ['可见部门', 'Departments'], length: 4000, ui: { hideInTable: true, span: 12 } },
    scopeField: { type: 'string', label: ['可见字段', 'Visible fields'], length: 255, ui: { hideInTable: true, span: 12 } },
    scopeClass: { type: 'string', label: ['权限类名', 'Class'], length: 500, ui: { hideInTable: true, span: 12 } },
    remark: { ...REMARK, ui: { ...REMARK.ui, width: 200 } },
  },
});

/** 接口权限 (platform-wide; granted to roles): the API paths a role may call; the type is a classification. */
export const apiScopeModel = defineModel({
  name: 'apiScope', table: 'blade_scope_api', api: '/api/blade-system/api-scope', title: ['接口权限', 'API scopes'], tenant: false, permission: 'api_scope',
  fields: {
    scopeName: SCOPE_NAME,
    resourceCode: RESOURCE_CODE,
    menuId: SCOPE_MENU,
    scopePath: {
      type: 'string', label: ['权限路径', 'Path'], length: 255, required: true, pattern: '^/api/[\\w\\-/*.{}]*$', patternMessage: ['路径须以 /api/ 开头', 'The path starts with /api/'],
      filter: 'like', ui: { width: 260, span: 12 },
    },
    scopeType: {
      type: 'int', label: ['接口类型', 'API type'], required: true, min: 1, max: 2, default: 1, filter: 'equal', ui: { width: 120, span: 12 },
      options: [
        { value: 1, label: ['系统接口', 'System API'], color: 'blue' },
        { value: 2, label: ['业务接口', 'Business API'], color: 'green' },
      ],
    },
    remark: REMARK,
  },
});

/** Top menus (per tenant): groups of sidebar menus the top bar offers; managed with the menus' codes. */
export const topMenuModel = defineModel({
  name: 'topMenu', table: 'blade_top_menu', api: '/api/blade-system/topmenu', title: ['顶部菜单', 'Top menus'], tenant: true, permission: 'menu',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: { type: 'string', label: ['菜单名称', 'Name'], length: 255, required: true, filter: 'like', ui: { width: 180, span: 12 } },
    code: { type: 'string', label: ['菜单编号', 'Code'], length: 255, filter: 'like', ui: { width: 160, span: 12 } },
    source: { type: 'string', label: ['菜单图标', 'Icon'], length: 255, ui: { width: 200, span: 12 } },
    path: { type: 'string', label: ['路由地址', 'Path'], length: 255, ui: { width: 180, span: 12 } },
    sort: { ...SORT, ui: { ...SORT.ui, span: 12 } },
    // the screens' common status column (enabled / disabled)
    status: { type: 'int', label: ['状态', 'Status'], min: 0, max: 1, required: true, default: 1, ui: { width: 90, form: 'radio', span: 12 } },
  },
});

/**
 * System config records (系统配置): a JSON document per key; sysConfig and casConfig are read before
 * sign-in (the login page, the CAS redirect). The content is checked as JSON by the server's route.
 */
export const systemConfigModel = defineModel({
  name: 'systemConfig', table: 'blade_system_config', api: '/api/systemConfig/systemConfig', title: ['系统配置', 'System config'], tenant: true, permission: 'systemConfig',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    configKey: {
      type: 'string', label: ['配置键', 'Config key'], length: 64, required: true, requiredMessage: ['configKey不能为空', 'configKey is required'], filter: 'like',
      pattern: '^[A-Za-z][\\w.-]*$', patternMessage: ['配置键以字母开头，只含字母、数字、_ . -', 'A config key starts with a letter and has only letters, digits, _ . -'],
      unique: ['配置键已存在', 'This config key already exists'], ui: { width: 180 },
    },
    configInfo: { type: 'text', label: ['配置内容', 'Config content'], length: 100_000, required: true, ui: { form: 'json', rows: 10, ellipsis: true } },
    remark: REMARK,
  },
});

/** Notices (通知公告) on the home page; the content is rich text, sanitised by the web before it is shown. */
export const noticeModel = defineModel({
  name: 'notice', table: 'blade_notice', api: '/api/blade-desk/notice', title: ['通知公告', 'Notices'], tenant: true, permission: 'notice',
  order: [{ field: 'releaseTime', dir: 'desc' }],
  fields: {
    title: { type: 'string', label: ['标题', 'Title'], length: 255, required: true, filter: 'like', ui: { width: 320, ellipsis: true } },
    category: {
      type: 'int', label: ['类型', 'Type'], required: true, default: 1, filter: 'equal', ui: { width: 100, form: 'select', span: 12 },
      options: [
        { value: 1, label: ['通知', 'Notice'], color: 'blue' },
        { value: 2, label: ['公告', 'Announcement'], color: 'orange' },
        { value: 3, label: ['新闻', 'News'], color: 'green' },
      ],
    },
    /** Left empty: the time it is saved. */
    releaseTime: { type: 'datetime', label: ['发布时间', 'Released at'], sortable: true, ui: { width: 170, span: 12 } },
    content: { type: 'text', label: ['内容', 'Content'], length: 200_000, ui: { hideInTable: true } },
  },
});

/**
 * The fields of a dictionary entry, system or business: a parent row is a dictionary (its code,
 * dictKey -1), a child row an item of it (its dictKey, the parent's code copied by the server).
 */
const DICT_FIELDS = {
  // 0: a dictionary; else the entry it is an item of
  parentId: { type: 'id', label: ['上级', 'Parent'], default: 0, ui: { form: false, hideInTable: true, detail: false } },
  // required of a dictionary (a server check); an item gets its dictionary's
  code: {
    type: 'string', label: ['字典编号', 'Code'], length: 255, autoFill: true, filter: 'like', pattern: '^[A-Za-z][\\w-]*$',
    patternMessage: ['字典编号以字母开头，只含字母、数字、_ -', 'A dictionary code starts with a letter and has only letters, digits, _ -'], ui: { width: 140, span: 12 },
  },
  // required of an item (a server check); a dictionary's is -1
  dictKey: { type: 'string', label: ['字典键值', 'Key'], length: 255, ui: { width: 120, span: 12 } },
  dictValue: { type: 'string', label: ['字典名称', 'Name'], length: 255, required: true, nullable: true, filter: 'like', ui: { width: 140, span: 12 } },
  sort: { ...SORT, required: true, ui: { width: 70, form: 'number', span: 12 } },
  isSealed: {
    type: 'int', label: ['封存', 'Sealed'], required: true, default: 0, min: 0, max: 1, requiredMessage: ['请选择封存', 'Please choose whether it is sealed'],
    options: [{ value: 0, label: ['否', 'No'], color: 'default' }, { value: 1, label: ['是', 'Yes'], color: 'red' }], ui: { width: 80, form: 'radio', span: 12 },
  },
  remark: { ...REMARK, ui: { ...REMARK.ui, hideInTable: true } },
} as const;

/** System dictionaries (platform-wide: the platform tenant's administrators edit them, a server check). */
export const dictModel = defineModel({
  name: 'dict', table: 'blade_dict', api: '/api/blade-system/dict', title: ['系统字典', 'System dictionaries'], tenant: false, permission: 'dict', audit: false,
  order: [{ field: 'sort', dir: 'asc' }],
  fields: DICT_FIELDS,
});

/** Business dictionaries: the same entries, the tenant's own. */
export const dictBizModel = defineModel({
  name: 'dictBiz', table: 'blade_dict_biz', api: '/api/blade-system/dict-biz', title: ['业务字典', 'Business dictionaries'], tenant: true, permission: 'dictbiz', audit: false,
  order: [{ field: 'sort', dir: 'asc' }],
  fields: DICT_FIELDS,
});

/** A tree's parent: 0 at the top (checked by the server: no cycle, the tenant's own). */
const PARENT = { type: 'id', default: 0, ui: { hideInTable: true, detail: false, span: 12 } } as const;

/**
 * Departments (a tree of the tenant): the server keeps each one's ancestors and fills the full name
 * from the name when left empty. The lists and trees are its own routes; detail and submit these.
 */
export const deptModel = defineModel({
  name: 'dept', table: 'blade_dept', api: '/api/blade-system/dept', title: ['部门管理', 'Departments'], tenant: true, permission: 'dept',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    deptName: {
      type: 'string', label: ['部门名称', 'Department name'], length: 45, required: true, requiredMessage: ['请输入部门名称', 'Please enter the department name'],
      filter: 'like', ui: { width: 220, span: 12 },
    },
    fullName: { type: 'string', label: ['部门全称', 'Full name'], length: 45, filter: 'like', ui: { width: 260, span: 12 } },
    parentId: { ...PARENT, label: ['上级部门', 'Parent department'] },
    // 1 company, 2 department, 3 group (the screen's options; the server takes 1-9)
    deptCategory: { type: 'int', label: ['机构类型', 'Type'], min: 1, max: 9, default: 1, ui: { width: 110, form: 'select', span: 12 } },
    sort: { ...SORT, ui: { ...SORT.ui, span: 12 } },
    remark: { ...REMARK, ui: { ...REMARK.ui, hideInTable: true } },
    // the ids above it, joined by commas (the server's)
    ancestors: { type: 'text', label: ['祖级列表', 'Ancestors'], default: '0', readOnly: true, ui: { hideInTable: true, form: false, detail: false } },
  },
});

/**
 * Menus and buttons (platform-wide: every tenant sees them through its roles and package; only the
 * platform tenant's administrators change them, a server check). A tree: the lists, lazy levels,
 * parent pickers and grant trees are its own routes; detail and submit these. The code is what
 * roles are granted and what the screens check (a button's code is a permission code).
 */
export const menuModel = defineModel({
  name: 'menu', table: 'blade_menu', api: '/api/blade-system/menu', title: ['菜单管理', 'Menus'], tenant: false, permission: 'menu',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: { type: 'string', label: ['菜单名称', 'Name'], length: 255, required: true, filter: 'like', ui: { width: 200, span: 12 } },
    code: {
      type: 'string', label: ['菜单编号', 'Code'], length: 255, required: true, filter: 'like', pattern: '^[A-Za-z][\\w-]*$',
      patternMessage: ['菜单编号以字母开头，只含字母、数字、_ -', 'A menu code starts with a letter and has only letters, digits, _ -'],
      unique: ['菜单编号已存在', 'This menu code already exists'], ui: { width: 180, span: 12 },
    },
    // (left empty: the top, which the server makes 0 on every save)
    parentId: { ...PARENT, label: ['上级菜单', 'Parent menu'] },
    alias: { type: 'string', label: ['菜单别名', 'Alias'], length: 255, ui: { width: 120, span: 12 } },
    path: { type: 'string', label: ['路由地址', 'Path'], length: 255, ui: { width: 200, ellipsis: true, span: 12 } },
    // an Ant Design icon name, e.g. SettingOutlined
    source: { type: 'string', label: ['菜单图标', 'Icon'], length: 255, ui: { width: 200, span: 12 } },
    // required with a default: a body leaving these out gets the default, on update too (as the menus always did)
    category: {
      type: 'int', label: ['菜单类型', 'Type'], required: true, min: 1, max: 2, default: 1, ui: { width: 90, form: 'radio', span: 12 },
      options: [
        { value: 1, label: ['菜单', 'Menu'], color: 'blue' },
        { value: 2, label: ['按钮', 'Button'], color: 'orange' },
      ],
    },
    // where a button shows: 0 none, 1 toolbar, 2 row actions, 3 both (the screen's options; the server takes 0-9)
    action: { type: 'int', label: ['按钮位置', 'Button position'], required: true, min: 0, max: 9, default: 0, ui: { hideInTable: true, form: 'select', span: 12 } },
    isOpen: {
      type: 'int', label: ['新窗口', 'New window'], required: true, min: 1, max: 2, default: 1, ui: { hideInTable: true, form: 'radio', span: 12 },
      options: [
        { value: 1, label: ['否', 'No'] },
        { value: 2, label: ['是', 'Yes'] },
      ],
    },
    sort: { ...SORT, required: true, ui: { width: 70, form: 'number', span: 12 } },
    remark: { ...REMARK, ui: { ...REMARK.ui, hideInTable: true } },
    // the page component of a route (not edited on the screen)
    component: { type: 'string', label: ['组件地址', 'Component'], length: 255, ui: { hideInTable: true, form: false, detail: false } },
  },
});

/** Roles (a tree of the tenant); the alias is the code menus and data scopes check. */
export const roleModel = defineModel({
  name: 'role', table: 'blade_role', api: '/api/blade-system/role', title: ['角色管理', 'Roles'], tenant: true, permission: 'role',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    roleName: {
      type: 'string', label: ['角色名称', 'Role name'], length: 255, required: true, requiredMessage: ['请输入角色名称', 'Please enter the role name'],
      filter: 'like', ui: { width: 200, span: 12 },
    },
    roleAlias: {
      type: 'string', label: ['角色别名', 'Role alias'], length: 255, required: true, requiredMessage: ['请输入角色别名', 'Please enter the role alias'],
      pattern: '^[A-Za-z][\\w-]*$', unique: ['角色别名已存在', 'This role alias already exists'], filter: 'like', ui: { width: 200, span: 12 },
    },
    parentId: { ...PARENT, label: ['上级角色', 'Parent role'] },
    sort: { ...SORT, ui: { ...SORT.ui, span: 12 } },
  },
});

/**
 * 我的分组: a user's own groups of people (owner: nobody else lists, reads or changes them). The codes
 * are the 我的分组 menu's buttons, which every role that has the menu is meant to hold (seed.ts).
 */
export const personalGroupModel = defineModel({
  name: 'personalGroup', table: 'blade_personal_group', api: '/api/personalGroup/personalGroup', title: ['我的分组', 'My groups'], tenant: true,
  permission: 'personalGroup', owner: true, order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    groupName: {
      type: 'string', label: ['分组名称', 'Group name'], length: 100, required: true, requiredMessage: ['请输入分组名称', 'Please enter the group name'],
      filter: 'like', ui: { width: 220 },
    },
    groupDesc: { type: 'string', label: ['分组描述', 'Description'], length: 500, ui: { ellipsis: true, form: 'textarea', rows: 3 } },
  },
});

/** A member of a personal group: added by addGroupUsers (the people picker), read and removed by the group's owner. */
export const personalGroupItemModel = defineModel({
  name: 'personalGroupItem', table: 'blade_personal_group_item', api: '/api/personalGroupItem/personalGroupItem', title: ['分组成员', 'Group members'], tenant: true,
  permission: null, access: 'every signed-in user of the tenant, on the members of their own groups only (owner)', owner: true,
  fields: {
    groupId: { type: 'id', label: ['分组', 'Group'], required: true, readOnly: true, filter: 'equal' },
    userId: { type: 'id', label: ['用户', 'User'], required: true, readOnly: true, filter: 'equal' },
    userAccount: { type: 'string', label: ['学工号', 'Staff/student no.'], length: 45, readOnly: true, filter: 'like' },
    realName: { type: 'string', label: ['姓名', 'Name'], length: 30, readOnly: true, filter: 'like' },
    dept: { type: 'string', label: ['部门', 'Department'], length: 255, readOnly: true },
  },
});

export const SYSTEM_MODELS = [personalGroupModel, personalGroupItemModel, dictModel, dictBizModel, deptModel, roleModel, postModel, paramModel, systemConfigModel, noticeModel, clientModel, tenantPackageModel, tenantModel, dataScopeModel, apiScopeModel, topMenuModel, menuModel];
