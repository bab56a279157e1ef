// Every message the server speaks, in Chinese (default) and English (Accept-Language: en).
export type Lang = 'zh' | 'en';

const M = {
  success: ['操作成功', 'Operation succeeded'],
  failure: ['操作失败', 'Operation failed'],
  businessError: ['业务异常', 'Business error'],
  noData: ['暂无承载数据', 'No data'],
  badRequest: ['请求参数错误：{detail}', 'Bad request: {detail}'],
  badJson: ['请求体不是有效的 JSON', 'The request body is not valid JSON'],
  bodyTooLarge: ['请求体过大', 'The request body is too large'],
  unsupportedMedia: ['不支持的内容类型', 'Unsupported content type'],
  unauthorized: ['请求未授权，请重新登录', 'Not signed in or the session has expired'],
  tokenInvalid: ['令牌无效或已过期', 'The token is invalid or has expired'],
  forbidden: ['缺少权限，请联系管理员授权', 'Permission denied; ask an administrator for access'],
  notFound: ['请求的资源不存在：{path}', 'No such resource: {path}'],
  methodNotAllowed: ['请求方法不允许：{method}', 'Method not allowed: {method}'],
  serverError: ['服务器异常，请联系管理员', 'Server error; please contact the administrator'],
  required: ['{field}不能为空', '{field} is required'],
  invalid: ['{field}格式不正确', '{field} is invalid'],
  tooLong: ['{field}长度不能超过{max}', '{field} must be at most {max} characters'],
  tooShort: ['{field}长度不能少于{min}', '{field} must be at least {min} characters'],
  tooSmall: ['{field}不能小于{min}', '{field} must be at least {min}'],
  tooBig: ['{field}不能大于{max}', '{field} must be at most {max}'],
  valueTooLong: ['输入内容过长', 'A value is too long'],
  unknownFilter: ['不支持的查询条件：{field}', 'Unsupported filter: {field}'],
  unknownSort: ['不支持的排序字段：{field}', 'Unsupported sort field: {field}'],
  idsRequired: ['请选择至少一条数据', 'Select at least one record'],
  duplicate: ['{field}已存在', '{field} already exists'],
  // auth
  clientInvalid: ['客户端认证失败', 'Client authentication failed'],
  grantNotAllowed: ['客户端不支持该授权类型：{grant}', 'The client may not use grant type {grant}'],
  grantUnknown: ['不支持的授权类型：{grant}', 'Unsupported grant type: {grant}'],
  grantNotConfigured: ['{grant} 登录未配置，请联系管理员', '{grant} sign-in is not configured; ask an administrator'],
  tenantMissing: ['租户ID不能为空', 'Tenant ID is required'],
  tenantInvalid: ['租户不存在或已停用', 'The tenant does not exist or is disabled'],
  tenantExpired: ['租户已过期，请联系管理员', 'The tenant has expired; contact the administrator'],
  badCredentials: ['用户名或密码错误', 'Wrong user name or password'],
  accountMissing: ['用户名或密码不能为空', 'User name and password are required'],
  tooManyLogins: ['登录尝试过于频繁，请{seconds}秒后再试', 'Too many sign-in attempts; try again in {seconds} seconds'],
  tooManyRequests: ['请求过于频繁，请{seconds}秒后再试', 'Too many requests; try again in {seconds} seconds'],
  accountLocked: ['登录失败次数过多，账号已锁定，请{minutes}分钟后再试或联系管理员解锁', 'Too many failed sign-ins: the account is locked; try again in {minutes} minutes or ask an administrator to unlock it'],
  accountDisabled: ['账号已停用，请联系管理员', 'The account is disabled; contact the administrator'],
  accountPending: ['账号正在等待管理员审核', 'The account is waiting for administrator approval'],
  captchaWrong: ['验证码不正确', 'The captcha is wrong'],
  captchaExpired: ['验证码已过期，请刷新后重试', 'The captcha has expired; reload it and try again'],
  refreshInvalid: ['刷新令牌无效或已过期', 'The refresh token is invalid or has expired'],
  deptNotOwned: ['所选部门不属于当前用户', 'The chosen department is not one of yours'],
  roleNotOwned: ['所选角色不属于当前用户', 'The chosen role is not one of yours'],
  casDisabled: ['单点登录未开启', 'Single sign-on is not enabled'],
  casTicketInvalid: ['单点登录票据校验失败：{detail}', 'Single sign-on ticket was refused: {detail}'],
  casUserUnknown: ['单点登录用户在本系统不存在：{account}', 'The single sign-on user {account} has no account here'],
  passwordMismatch: ['两次输入的密码不一致', 'The two passwords do not match'],
  oldPasswordWrong: ['原密码不正确', 'The old password is wrong'],
  registerPending: ['注册申请已提交，请等待管理员审核', 'Registration submitted; wait for administrator approval'],
  accountTaken: ['账号已存在', 'This account already exists'],
  configJsonInvalid: ['配置内容必须是合法的 JSON', 'The config content must be valid JSON'],
  // files
  fileMissing: ['请选择要上传的文件', 'Choose a file to upload'],
  fileIllegal: ['请勿上传非法文件！', 'Illegal file type!'],
  fileTooLarge: ['上传文件超出大小限制', 'The uploaded file is too large'],
  badMultipart: ['上传的表单数据格式不正确（缺少分隔符、内容不完整或格式错误）', 'The multipart form data is malformed (no boundary, a truncated part or a bad part header)'],
  filePart: ['请把文件放在表单字段 {field} 中上传', 'Send the file in the form field {field}'],
  importTooLarge: ['导入文件不能超过 {max}，请拆分后分批导入', 'An import file may be at most {max}; split it and import it in parts'],
  importUnzippedTooLarge: ['导入文件解压后不能超过 {max}（此文件解压后为 {size}），请拆分后分批导入', 'An import file may hold at most {max} once unzipped (this one holds {size}); split it and import it in parts'],
  importTooManyRows: ['导入文件最多 {max} 行数据（此文件有 {rows} 行），请拆分后分批导入', 'An import file may hold at most {max} data rows (this one has {rows}); split it and import it in parts'],
  jsonTooDeep: ['请求数据嵌套层级过深（最多 {max} 层）', 'The data is nested too deeply (at most {max} levels)'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof M;
/** A module's own message: [zh, en], with {name} placeholders. */
export type Message = readonly [string, string];

/** A message of the shared catalogue (by key) or a module's own [zh, en] pair, in the caller's language. */
export function t(key: MessageKey | Message, lang: Lang = 'zh', params: Record<string, string | number> = {}): string {
  const pair = typeof key === 'string' ? M[key] : key;
  const text = pair[lang === 'en' ? 1 : 0];
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

export function isMessageKey(k: string): k is MessageKey {
  return Object.hasOwn(M, k);
}

export function langOf(acceptLanguage: string | undefined): Lang {
  return acceptLanguage && /^en\b/i.test(acceptLanguage.trim()) ? 'en' : 'zh';
}

const SEP = '\u0001';
/** A module message as a zod error text; the validation answer shows it in the caller's language. */
export const zmsg = (m: Message): string => m[0] + SEP + m[1];
/** The caller's half of a zmsg text, or null for zod's own texts. */
export function fromZmsg(text: string, lang: Lang): string | null {
  const at = text.indexOf(SEP);
  return at < 0 ? null : lang === 'en' ? text.slice(at + 1) : text.slice(0, at);
}
