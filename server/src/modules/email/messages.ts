// Messages of the e-mail area, [zh, en].
import type { Message } from '../../http/messages.ts';

export const MSG = {
  emailInvalid: ['邮箱地址格式不正确：{value}', 'Invalid e-mail address: {value}'],
  emailAddress: ['请输入邮箱地址', 'Please enter the e-mail address'],
  subject: ['请输入邮件主题', 'Please enter the subject'],
  content: ['请输入邮件内容', 'Please enter the content'],
  strategyName: ['请输入策略名称', 'Please enter the strategy name'],
  templateRequired: ['请选择邮件模板', 'Please select a template'],
  cronExpression: ['请输入cron执行表达式', 'Please enter the cron expression'],
  cronInvalid: ['cron执行表达式不正确', 'The cron expression is invalid'],
  toUser: ['请输入收件人', 'Please enter the recipients'],
  paramsInvalid: ['模板参数必须是 JSON 对象', 'The template parameters must be a JSON object'],
  paramsMissing: ['模板参数缺失：{names}', 'Template parameters missing: {names}'],
  attachmentsInvalid: ['附件格式不正确', 'The attachments are invalid'],
  attachmentMissing: ['附件不存在：{name}', 'Attachment not found: {name}'],
  platformMissing: ['邮件平台不存在', 'No such e-mail platform'],
  templateMissing: ['邮件模板不存在', 'No such e-mail template'],
  noPlatform: ['未启用邮件平台，请先在邮件平台中启用一个', 'No e-mail platform is enabled; enable one under E-mail platforms first'],
  sendFailed: ['邮件发送失败：{detail}', 'The e-mail could not be sent: {detail}'],
  connectFailed: ['连接失败：{detail}', 'Connection failed: {detail}'],
  sentCannotEdit: ['已发送的邮件不能修改', 'A sent e-mail cannot be changed'],
  outboxMissing: ['邮件不存在', 'No such e-mail'],
  configMissing: ['邮箱配置不存在', 'No such mailbox config'],
  strategyMissing: ['发送策略不存在', 'No such send strategy'],
  syncNotConfigured: ['收件同步未配置：请填写收件服务器、端口、账号和密码', 'Mail sync not configured: fill in the incoming server, port, account and password'],
  syncFailed: ['收件同步失败：{detail}', 'Mail sync failed: {detail}'],
} as const satisfies Record<string, Message>;
