// 用户管理 (002 §7 "User"): the tenant's accounts, defined once (define.ts). The server's user routes
// (modules/system/user.ts) build their data layer and submit body from it; the web's user screen its
// columns, search fields and form.
import { defineModel } from '../model/define.ts';

/** Ids joined by commas (a list is accepted too): each item a number id; empty items are left out. */
const ID_LIST = { type: 'text', length: 4000, multiple: true, default: '', pattern: '^\\s*(\\d{1,19}\\s*)?(,\\s*(\\d{1,19}\\s*)?)*$' } as const;
const HIDDEN = { hideInTable: true, detail: false } as const;

export const userModel = defineModel({
  name: 'user', table: 'blade_user', api: '/api/blade-system/user', title: ['用户管理', 'Users'], tenant: true,
  // data scope: resource code "user" narrows the list (the routes' Repo)
  permission: 'user',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    account: {
      type: 'string', label: ['登录账号', 'Account'], length: 45, required: true, pattern: '^[A-Za-z0-9_.@-]+$', filter: 'like',
      unique: ['账号已存在', 'This account already exists'], ui: { width: 130, span: 12 },
    },
    // new accounts only: the MD5 hex the client sends, stored as a scrypt hash; never sent back, and
    // changed only by reset-password and update-password (an update leaves it alone)
    password: { type: 'string', label: ['密码', 'Password'], length: 255, secret: true, keepSpaces: true, nullable: false, ui: { form: 'password', span: 12 } },
    // (older rows may have none)
    realName: { type: 'string', label: ['用户姓名', 'Real name'], length: 30, required: true, nullable: true, filter: 'like', ui: { width: 110, span: 12 } },
    name: { type: 'string', label: ['用户昵称', 'Nickname'], length: 20, ui: { hideInTable: true, span: 12 } },
    code: { type: 'string', label: ['用户编号', 'User code'], length: 12, ui: { width: 90, span: 12 } },
    phone: {
      type: 'string', label: ['手机号码', 'Phone'], length: 45, pattern: '^1\\d{10}$', patternMessage: ['手机号码格式不正确', 'The phone number format is wrong'], filter: 'like',
      ui: { width: 120, span: 12 },
    },
    email: { type: 'string', label: ['邮箱', 'E-mail'], length: 45, format: 'email', patternMessage: ['邮箱格式不正确', 'The e-mail address is not valid'], ui: { hideInTable: true, span: 12 } },
    sex: {
      type: 'int', label: ['性别', 'Sex'], min: 1, max: 3, ui: { hideInTable: true, form: 'select', span: 12 },
      options: [
        { value: 1, label: ['男', 'Male'] },
        { value: 2, label: ['女', 'Female'] },
        { value: 3, label: ['未知', 'Unknown'] },
      ],
    },
    birthday: { type: 'datetime', label: ['生日', 'Birthday'], length: 32, ui: { hideInTable: true, span: 12 } },
    // 用户平台 (SpringBlade's user_type): 1 web, 2 app, 3 other (the server takes 1-9)
    userType: { type: 'int', label: ['用户平台', 'Platform'], required: true, min: 1, max: 9, default: 1, ui: { hideInTable: true, form: 'select', span: 12 } },
    avatar: { type: 'string', label: ['头像', 'Avatar'], length: 500, ui: { hideInTable: true, detail: false, span: 12 } },
    deptId: { ...ID_LIST, label: ['所属部门', 'Departments'], ui: { ...HIDDEN, span: 12 } },
    roleId: { ...ID_LIST, label: ['所属角色', 'Roles'], ui: { ...HIDDEN, span: 12 } },
    postId: { ...ID_LIST, label: ['所属岗位', 'Posts'], ui: { ...HIDDEN, span: 12 } },
    // 0 disabled, 1 active, 2 a guest registration waiting for approval (audit-pass / audit-refuse)
    status: { type: 'int', label: ['状态', 'Status'], min: 0, max: 2, default: 1, filter: 'equal', ui: { ...HIDDEN, form: false } },
    // written by the server only: third-party sign-in, the platform extension (update-platform) and the sign-in lockout
    oauthId: { type: 'string', label: ['第三方标识', 'OAuth id'], length: 64, readOnly: true, ui: HIDDEN },
    userExt: { type: 'text', label: ['平台扩展', 'Platform extension'], readOnly: true, ui: HIDDEN },
    failCount: { type: 'int', label: ['失败次数', 'Failed sign-ins'], default: 0, readOnly: true, ui: HIDDEN },
    lockUntil: { type: 'datetime', label: ['锁定至', 'Locked until'], readOnly: true, ui: HIDDEN },
  },
});
