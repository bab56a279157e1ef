// The short title 接口日志 shows for each logged call, in Chinese and English. One place derives it:
// an exact route ('POST /api/...') first, else a resource's save/remove from its entity name.
// server/test/log-job.test.ts walks the real route table: every route that is logged (any write,
// and GETs marked config.apiLog) must have a title here in both languages.
import type { FastifyRequest } from 'fastify';

export type Title = readonly [zh: string, en: string];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: a GET that changes something is recorded in 接口日志; false: a write that is not */
    apiLog?: boolean;
  }
}

/** Whether a call is recorded: writes, and GETs whose route says config.apiLog = true; config.apiLog = false opts out. */
export function isLogged(method: string, config: { apiLog?: boolean } | undefined): boolean {
  if (config?.apiLog !== undefined) return config.apiLog;
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

export const loggedRequest = (req: FastifyRequest): boolean => isLogged(req.method, req.routeOptions.config);

/** Entities of the generated /submit and /remove routes (http/crud.ts resource), by base path. */
export const ENTITY: Record<string, Title> = {
  '/api/systemConfig/systemConfig': ['系统配置', 'system config'],
  '/api/blade-system/dept': ['部门', 'department'],
  '/api/blade-system/post': ['岗位', 'post'],
  '/api/blade-system/role': ['角色', 'role'],
  '/api/blade-system/user': ['用户', 'user'],
  '/api/blade-system/menu': ['菜单', 'menu'],
  '/api/blade-system/topmenu': ['顶部菜单', 'top menu'],
  '/api/blade-system/dict': ['系统字典', 'system dictionary'],
  '/api/blade-system/dict-biz': ['业务字典', 'business dictionary'],
  '/api/blade-system/param': ['参数', 'parameter'],
  '/api/blade-system/tenant-package': ['租户产品包', 'tenant package'],
  '/api/blade-system/tenant': ['租户', 'tenant'],
  '/api/blade-system/client': ['应用', 'client'],
  '/api/blade-desk/notice': ['通知公告', 'notice'],
  '/api/blade-system/data-scope': ['数据权限', 'data scope'],
  '/api/blade-system/api-scope': ['接口权限', 'API scope'],
  '/api/personalGroup/personalGroup': ['个人分组', 'personal group'],
  '/api/personalGroupItem/personalGroupItem': ['分组成员', 'group member'],
  '/api/blade-system/region': ['行政区划', 'region'],
  '/api/blade-portal/searchLog': ['搜索记录', 'search record'],
  '/api/quartzJob/quartzJob': ['定时任务', 'scheduled job'],
  '/api/quartzJobLog/quartzJobLog': ['任务日志', 'job log'],
  '/api/blade-develop/datasource': ['数据源', 'datasource'],
  '/api/blade-develop/model': ['数据模型', 'data model'],
  '/api/blade-develop/model-prototype': ['模型字段', 'model column'],
  '/api/blade-develop/code': ['代码生成', 'code generation'],
  '/api/blade-ruleManager/rule': ['规则', 'rule'],
  '/api/blade-formSource/formSource': ['表单数据源', 'form data source'],
  '/api/runtime-model': ['运行时模型', 'run-time model'],
  '/api/runtime-data/:model': ['模型数据', 'model data'],
  '/api/blade-resource/attach': ['附件', 'attachment'],
  '/api/blade-resource/oss': ['对象存储', 'object storage'],
  '/api/blade-resource/sms': ['短信配置', 'SMS provider'],
  '/api/serviceConfig/thirdServiceAuth': ['第三方服务应用', 'third-party service app'],
  '/api/serviceConfig/thirdServiceConfig': ['第三方服务配置', 'third-party service config'],
  '/api/serviceConfig/thirdServiceParams': ['第三方服务参数', 'third-party service parameter'],
  '/api/thirdService/thirdOauthApp': ['OAuth 应用', 'OAuth app'],
  '/api/blade-email/plat-from': ['发件平台', 'sending platform'],
  '/api/blade-email/config': ['邮箱配置', 'mailbox config'],
  '/api/blade-email/template': ['邮件模板', 'mail template'],
  '/api/blade-email/strategy': ['邮件策略', 'mail strategy'],
  '/api/blade-email/plat-address': ['邮件地址', 'mail address'],
  '/api/blade-email/outbox': ['发件箱邮件', 'outbox mail'],
  '/api/blade-email/inbox': ['收件箱邮件', 'inbox mail'],
  '/api/blade-message/message': ['消息', 'message'],
  '/api/blade-workflow/process/draft': ['流程草稿', 'process draft'],
  '/api/blade-workflow/process/leave': ['请假单', 'leave request'],
  '/api/blade-workflow/ops/proxy': ['流程代理', 'process proxy'],
  '/api/blade-workflow/design/model': ['流程模型', 'process model'],
  '/api/blade-flow/model': ['流程模型', 'process model'],
  '/api/blade-workflow/design/form': ['流程表单', 'process form'],
  '/api/blade-workflow/design/category': ['流程分类', 'process category'],
  '/api/blade-flowPermissionDiy/flowPermissionDiy': ['流程权限', 'process permission'],
  '/api/blade-workflow/design/form/theme': ['表单主题', 'form theme'],
  '/api/blade-workflow/design/form/variable': ['表单变量', 'form variable'],
  '/api/blade-workflow/design/form/default-values': ['表单默认值', 'form default values'],
  '/api/blade-workflow/design/button': ['流程按钮', 'process button'],
  '/api/blade-workflow/supervision': ['督办', 'supervision'],
  '/api/blade-wfFlowLog/wfFlowLog': ['流程日志', 'flow log'],
};

const ACTION: Record<string, (e: Title) => Title> = {
  submit: ([zh, en]) => [`保存${zh}`, `Save ${en}`],
  remove: ([zh, en]) => [`删除${zh}`, `Delete ${en}`],
};

/** Routes whose title is not "save / delete <entity>". */
export const ROUTE: Record<string, Title> = {
  'POST /api/blade-auth/oauth/token': ['登录', 'Sign in'],
  'POST /api/blade-auth/oauth/logout': ['退出登录', 'Sign out'],
  'GET /api/blade-auth/oauth/logout': ['退出登录', 'Sign out'],
  'GET /api/blade-auth/oauth/clear-cache': ['清除缓存', 'Clear caches'],
  'POST /api/blade-cas/cas/oauth/token': ['CAS 登录', 'CAS sign-in'],
  'POST /api/third/comm/getThirdPartyToken': ['第三方登录', 'Third-party sign-in'],
  'POST /api/blade-system/register-guest': ['访客注册', 'Guest registration'],
  'POST /api/blade-message/message/remove': ['删除消息', 'Delete messages'],
  'POST /api/blade-message/message/readAll': ['全部已读', 'Mark all read'],
  'POST /api/blade-message/message/save': ['发送消息', 'Send message'],
  'POST /api/blade-message/message/submit': ['发送消息', 'Send message'],
  'POST /api/blade-system/user/update-info': ['修改个人信息', 'Update my profile'],
  'POST /api/blade-system/user/update-password': ['修改密码', 'Change password'],
  'POST /api/blade-system/role/grant': ['角色授权', 'Grant role permissions'],
  'POST /api/blade-system/user/update': ['修改用户', 'Update user'],
  'POST /api/blade-system/user/reset-password': ['重置密码', 'Reset passwords'],
  'POST /api/blade-system/user/grant': ['分配角色', 'Assign roles'],
  'POST /api/blade-system/user/unlock': ['解锁用户', 'Unlock users'],
  'POST /api/blade-system/user/audit-pass': ['审核通过', 'Approve registrations'],
  'POST /api/blade-system/user/audit-refuse': ['审核拒绝', 'Refuse registrations'],
  'POST /api/blade-system/user/update-platform': ['修改平台配置', 'Set user platform'],
  'POST /api/blade-system/user/import-user': ['导入用户', 'Import users'],
  'POST /api/blade-system/topmenu/grant': ['顶部菜单配置', 'Set top menu items'],
  'POST /api/blade-system/tenant/setting': ['租户授权配置', 'Tenant quota and expiry'],
  'POST /api/blade-system/tenant/datasource': ['租户数据源', 'Bind tenant datasource'],
  'POST /api/blade-system/tenant/package-setting': ['租户产品包配置', 'Set tenant package'],
  'POST /api/personalGroupItem/personalGroupItem/addGroupUsers': ['添加分组成员', 'Add group members'],
  'POST /api/blade-log/error/sendLogs': ['上传前端错误日志', 'Upload client error logs'],
  'POST /api/quartzJob/quartzJob/change-status': ['启停定时任务', 'Enable or disable job'],
  'POST /api/quartzJob/quartzJob/run': ['执行一次任务', 'Run job once'],
  'POST /api/blade-develop/datasource/dataSourceTest': ['测试数据源连接', 'Test datasource'],
  'POST /api/blade-develop/model/model-prototype/submit-list': ['保存模型字段', 'Save model columns'],
  'POST /api/blade-develop/code/copy': ['复制代码生成', 'Copy code generation'],
  'POST /api/blade-develop/code/gen-code': ['生成代码', 'Generate code'],
  'POST /api/blade-formSource/formSource/executeDataSource': ['执行表单数据源', 'Run form data source'],
  'GET /api/blade-formSource/formSource/remove': ['删除表单数据源', 'Delete form data source'],
  'POST /api/signatures/qys/saveSealInfo': ['保存印章', 'Save seal'],
  'POST /api/signatures/qys/checkSignatureExists': ['检查签章', 'Check signature'],
  'POST /api/blade-resource/attach/submit': ['重命名附件', 'Rename attachment'],
  'POST /api/blade-resource/oss/endpoint/put-file': ['上传文件', 'Upload file'],
  'POST /api/blade-resource/oss/enable': ['启用对象存储', 'Enable object storage'],
  'POST /api/blade-resource/sms/enable': ['启用短信配置', 'Enable SMS provider'],
  'POST /api/blade-resource/sms/validate-message': ['校验短信验证码', 'Check SMS code'],
  'POST /api/blade-resource/sms/endpoint/send-message': ['发送短信', 'Send SMS'],
  'GET /api/blade-resource/sms/endpoint/send-validate': ['发送短信验证码', 'Send SMS sign-in code'],
  'POST /api/thirdService/serviceAuth/token': ['获取服务令牌', 'Fetch service token'],
  'POST /api/thirdService/serviceAuth/clear-token': ['清除服务令牌', 'Clear service tokens'],
  'POST /api/blade-email/plat-from/enable': ['启用发件平台', 'Enable sending platform'],
  'POST /api/blade-email/plat-from/copy': ['复制发件平台', 'Copy sending platform'],
  'POST /api/blade-email/plat-from/test': ['测试发件平台', 'Test sending platform'],
  'POST /api/blade-email/config/enable': ['启用邮箱配置', 'Enable mailbox config'],
  'POST /api/blade-email/config/handleSync': ['同步收件', 'Fetch mail'],
  'POST /api/blade-email/config/test': ['测试邮箱配置', 'Test mailbox config'],
  'POST /api/blade-email/template/copy': ['复制邮件模板', 'Copy mail template'],
  'POST /api/blade-email/strategy/send': ['立即发送策略邮件', 'Send strategy mail now'],
  'POST /api/blade-email/outbox/submit': ['保存邮件草稿', 'Save mail draft'],
  'POST /api/blade-email/outbox/submitAndSend': ['保存并发送邮件', 'Save and send mail'],
  'POST /api/blade-email/outbox/sendMsg': ['发送邮件', 'Send mail'],
  'POST /api/blade-workflow/process/startProcess': ['发起流程', 'Start process'],
  'POST /api/blade-workflow/process/startProcessByKey': ['发起流程', 'Start process'],
  'POST /api/blade-workflow/process/favourite': ['收藏流程', 'Favourite process'],
  'POST /api/blade-workflow/process/completeTask': ['审批任务', 'Complete task'],
  'POST /api/blade-workflow/process/transferTask': ['转办', 'Transfer task'],
  'POST /api/blade-workflow/process/delegateTask': ['委托', 'Delegate task'],
  'POST /api/blade-workflow/process/addMultiInstance': ['加签', 'Add signers'],
  'POST /api/blade-workflow/process/deleteMultiInstance': ['减签', 'Remove signers'],
  'POST /api/blade-workflow/process/claimTask': ['签收', 'Claim task'],
  'POST /api/blade-workflow/process/rollbackTask': ['退回', 'Send back task'],
  'POST /api/blade-workflow/process/terminateProcess': ['终止流程', 'Terminate process'],
  'POST /api/blade-workflow/process/urgeTask': ['催办', 'Urge handlers'],
  'POST /api/blade-workflow/process/revokeSubmission': ['撤销流程', 'Revoke process'],
  'POST /api/blade-workflow/process/withdrawTask': ['撤回任务', 'Withdraw task'],
  'POST /api/blade-workflow/process/processCommentUpForm': ['修改说明', 'Edit comment'],
  'POST /api/blade-workflow/ops/completeTask': ['代为审批', 'Complete task for assignee'],
  'POST /api/blade-workflow/ops/changeTaskStatus': ['挂起/激活流程', 'Suspend or activate process'],
  'POST /api/blade-workflow/ops/changeTaskAssignee': ['变更审核人', 'Change assignee'],
  'POST /api/blade-workflow/ops/dispatchTask': ['调度', 'Dispatch task'],
  'POST /api/blade-workflow/ops/transferTask': ['代为转办', 'Transfer task for assignee'],
  'POST /api/blade-workflow/ops/delegateTask': ['代为委托', 'Delegate task for assignee'],
  'POST /api/blade-workflow/ops/copyTask': ['抄送', 'Copy to users'],
  'POST /api/blade-workflow/ops/urgeTask': ['催办', 'Urge handlers'],
  'POST /api/blade-workflow/ops/terminateProcess': ['终止流程', 'Terminate process'],
  'POST /api/blade-workflow/ops/rollbackTask': ['代为退回', 'Send back task for assignee'],
  'POST /api/blade-workflow/ops/addMultiInstance': ['代为加签', 'Add signers for assignee'],
  'POST /api/blade-workflow/ops/deleteMultiInstance': ['代为减签', 'Remove signers for assignee'],
  'POST /api/blade-workflow/ops/deleteProcess': ['删除流程', 'Delete process'],
  'POST /api/blade-workflow/design/model/deploy': ['部署流程模型', 'Deploy process model'],
  'POST /api/blade-flow/model/deploy': ['部署流程模型', 'Deploy process model'],
  'POST /api/blade-workflow/design/model/changeCategory': ['修改模型分类', 'Move models to category'],
  'POST /api/blade-workflow/design/model/changeIcon': ['修改模型图标', 'Change model icon'],
  'POST /api/blade-workflow/design/form/changeCategory': ['修改表单分类', 'Move forms to category'],
  'POST /api/blade-workflow/design/model/scope/submit': ['保存发起范围', 'Save start scope'],
  'POST /api/blade-workflow/design/model/history/setMainVersion': ['设为主版本', 'Make main model version'],
  'POST /api/blade-workflow/design/form/history/setMainVersion': ['设为主版本', 'Make main form version'],
  'POST /api/blade-flow/manager/change-state': ['挂起/激活流程定义', 'Suspend or activate definition'],
  'POST /api/blade-flow/manager/deploy-upload': ['上传部署流程', 'Deploy uploaded BPMN'],
  'POST /api/blade-flow/manager/delete-deployment': ['删除部署', 'Delete deployments'],
  'POST /api/blade-flow/follow/delete-process-instance': ['删除运行中流程', 'Delete running process'],
};

/** The title of a route ('POST', '/api/blade-system/dept/submit'), or null when it has none. */
export function apiTitle(method: string, url: string): Title | null {
  const exact = ROUTE[`${method.toUpperCase()} ${url}`];
  if (exact) return exact;
  const m = /^(.*)\/(submit|remove)$/.exec(url);
  const entity = m && ENTITY[m[1]];
  return entity ? ACTION[m[2]](entity) : null;
}
