// E-mail entities defined once (define.ts): the server's routes and the web's screens both come from these.
import { defineModel } from '../model/define.ts';

const EMAIL_INVALID = ['邮箱地址格式不正确', 'Invalid e-mail address'] as const;
/** A mail server's host name or IP address. */
const HOST = {
  type: 'string', length: 255, required: true, requiredMessage: ['请输入服务器地址', 'Please enter the server host'],
  pattern: '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\\[?[0-9a-fA-F:]+\\]?$', patternMessage: ['服务器地址格式不正确', 'The server host is invalid'],
} as const;
const PORT = {
  type: 'int', label: ['端口', 'Port'], required: true, min: 1, max: 65535, requiredMessage: ['请输入端口', 'Please enter the port'],
  rangeMessage: ['端口必须是 1-65535 之间的整数', 'The port must be a whole number from 1 to 65535'], ui: { hideInTable: true, span: 6 },
} as const;

/** The address book (plat-address): contacts the recipient pickers offer. */
export const emailAddressModel = defineModel({
  name: 'emailAddress', table: 'blade_email_address', api: '/api/blade-email/plat-address', title: ['地址簿', 'Address book'], tenant: true, permission: 'emailAddress',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: { type: 'string', label: ['联系人', 'Contact'], length: 64, required: true, requiredMessage: ['请输入联系人姓名', 'Please enter the contact name'], filter: 'like', ui: { width: 140, span: 12 } },
    email: {
      type: 'string', label: ['邮箱地址', 'E-mail address'], length: 255, required: true, requiredMessage: ['请输入邮箱地址', 'Please enter the e-mail address'],
      format: 'email', patternMessage: EMAIL_INVALID, filter: 'like', ui: { width: 220, span: 12 },
    },
    groupName: { type: 'string', label: ['分组', 'Group'], length: 64, filter: 'like', ui: { width: 120, span: 12 } },
    phone: { type: 'string', label: ['电话', 'Phone'], length: 32, ui: { width: 130, span: 12 } },
    // a body without it starts (and, as before, resets) the order at 1
    sort: { type: 'int', label: ['排序', 'Order'], required: true, default: 1, min: 0, max: 99999, sortable: true, ui: { width: 80, span: 12 } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { width: 180, ellipsis: true, form: 'textarea', rows: 2 } },
  },
});

/** Sending platforms (path spelt plat-from): SMTP servers; one enabled at a time (the enable call, not the body). */
export const emailPlatformModel = defineModel({
  name: 'emailPlatform', table: 'blade_email_platform', api: '/api/blade-email/plat-from', title: ['邮件平台', 'E-mail platforms'], tenant: true, permission: 'emailPlatform',
  fields: {
    platformName: { type: 'string', label: ['平台名称', 'Platform name'], length: 64, required: true, requiredMessage: ['请输入平台名称', 'Please enter the platform name'], filter: 'like', ui: { width: 160, span: 12 } },
    isEnabled: { type: 'int', label: ['状态', 'Status'], readOnly: true, default: 0, filter: 'equal', ui: { width: 90, search: false } },
    fromAddress: {
      type: 'string', label: ['发件人邮箱', 'Sender address'], length: 255, required: true, requiredMessage: ['请输入发件人邮箱', "Please enter the sender's e-mail address"],
      format: 'email', patternMessage: EMAIL_INVALID, filter: 'like', ui: { width: 200, span: 12 },
    },
    fromName: { type: 'string', label: ['发件人名称', 'Sender name'], length: 64, ui: { hideInTable: true, span: 12 } },
    host: { ...HOST, label: ['SMTP 服务器', 'SMTP server'], filter: 'like', ui: { width: 180, span: 12 } },
    port: PORT,
    secure: {
      type: 'int', label: ['加密方式', 'Encryption'], required: true, default: 0, ui: { hideInTable: true, span: 6, form: 'radio' },
      options: [{ value: 1, label: ['SSL/TLS', 'SSL/TLS'], color: 'blue' }, { value: 0, label: ['无 / STARTTLS', 'None / STARTTLS'] }],
    },
    username: { type: 'string', label: ['账号', 'Account'], length: 255, ui: { width: 160, hideInTable: true, span: 12 } },
    password: { type: 'string', label: ['密码 / 授权码', 'Password / app code'], length: 500, secret: true, keepSpaces: true, ui: { form: 'password', span: 12 } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
  },
});

/** Mailbox configs: where mail is received (POP3 or IMAP); one enabled at a time, synced by handleSync. */
export const emailConfigModel = defineModel({
  name: 'emailConfig', table: 'blade_email_config', api: '/api/blade-email/config', title: ['邮箱配置', 'Mailbox configs'], tenant: true, permission: 'emailConfig',
  fields: {
    configName: { type: 'string', label: ['配置名称', 'Config name'], length: 64, required: true, requiredMessage: ['请输入配置名称', 'Please enter the config name'], filter: 'like', ui: { width: 150, span: 12 } },
    isEnabled: { type: 'int', label: ['状态', 'Status'], readOnly: true, default: 0, filter: 'equal', ui: { width: 90, search: false } },
    emailAddress: {
      type: 'string', label: ['邮箱地址', 'E-mail address'], length: 255, required: true, requiredMessage: ['请输入邮箱地址', 'Please enter the e-mail address'],
      format: 'email', patternMessage: EMAIL_INVALID, filter: 'like', ui: { width: 200, span: 12 },
    },
    protocol: {
      type: 'string', label: ['收件协议', 'Protocol'], length: 8, required: true, default: 'pop3', requiredMessage: ['请选择收件协议', 'Please select the receiving protocol'],
      ui: { width: 90, span: 12, form: 'radio' },
      options: [{ value: 'pop3', label: ['POP3', 'POP3'], color: 'blue' }, { value: 'imap', label: ['IMAP', 'IMAP'], color: 'purple' }],
    },
    host: { ...HOST, label: ['收件服务器', 'Incoming server'], ui: { hideInTable: true, span: 12 } },
    port: PORT,
    secure: {
      type: 'int', label: ['加密方式', 'Encryption'], required: true, default: 1, ui: { width: 100, hideInTable: true, span: 6, form: 'radio' },
      options: [{ value: 1, label: ['SSL/TLS', 'SSL/TLS'] }, { value: 0, label: ['无 / STARTTLS', 'None / STARTTLS'] }],
    },
    username: { type: 'string', label: ['账号', 'Account'], length: 255, ui: { hideInTable: true, span: 12 } },
    password: { type: 'string', label: ['密码 / 授权码', 'Password / app code'], length: 500, secret: true, keepSpaces: true, ui: { form: 'password', span: 12 } },
    // the platform replies go out through; empty: the enabled one
    platformId: { type: 'id', label: ['发件平台', 'Sending platform'], ui: { hideInTable: true, span: 12 } },
    lastSyncTime: { type: 'datetime', label: ['最近同步', 'Last sync'], readOnly: true, ui: { width: 170, search: false } },
    lastSyncMessage: { type: 'string', label: ['同步结果', 'Sync result'], length: 1000, readOnly: true, ui: { hideInTable: true } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { ellipsis: true, hideInTable: true, form: 'textarea', rows: 2 } },
  },
});

/** Mail templates: a subject and HTML content with ${name} placeholders, filled from parameters when sent. */
export const emailTemplateModel = defineModel({
  name: 'emailTemplate', table: 'blade_email_template', api: '/api/blade-email/template', title: ['邮件模板', 'E-mail templates'], tenant: true, permission: 'emailTemplate',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    templateName: { type: 'string', label: ['模板名称', 'Template name'], length: 64, required: true, requiredMessage: ['请输入模板名称', 'Please enter the template name'], filter: 'like', ui: { width: 160, span: 12 } },
    templateCode: {
      type: 'string', label: ['模板编号', 'Template code'], length: 64, required: true, requiredMessage: ['请输入模板编号', 'Please enter the template code'], filter: 'like',
      pattern: '^[A-Za-z][\\w-]*$', patternMessage: ['模板编号只能包含字母、数字、下划线和短横线，且以字母开头', 'The template code may hold letters, digits, _ and -, starting with a letter'],
      unique: ['模板编号已存在', 'This template code already exists'], ui: { width: 150, span: 12 },
    },
    subject: { type: 'string', label: ['主题', 'Subject'], length: 255, required: true, requiredMessage: ['请输入邮件主题', 'Please enter the subject'], filter: 'like', ui: { width: 240, ellipsis: true } },
    content: { type: 'text', label: ['内容', 'Content'], length: 200_000, required: true, requiredMessage: ['请输入邮件内容', 'Please enter the content'], ui: { hideInTable: true, form: 'textarea', rows: 10 } },
    /** The parameters a mail written from the template starts with (a JSON object; checked as one by the route). */
    paramsExample: { type: 'text', label: ['参数示例', 'Example parameters'], length: 20_000, format: 'json', patternMessage: ['模板参数必须是 JSON 对象', 'The template parameters must be a JSON object'], ui: { hideInTable: true, rows: 4 } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { width: 160, ellipsis: true, form: 'textarea', rows: 2 } },
  },
});

/** An address list (format emails): a string or an array, each address checked, kept as a comma list. */
const ADDRESSES = { type: 'text', length: 20_000, format: 'emails', patternMessage: ['邮箱地址格式不正确：{value}', 'Invalid e-mail address: {value}'] } as const;
const TO_USER = { ...ADDRESSES, label: ['收件人', 'To'], requiredMessage: ['请输入收件人', 'Please enter the recipients'] } as const;
const CC_USER = { ...ADDRESSES, label: ['抄送', 'Cc'] } as const;
/** Template parameters: a JSON object (text or the object itself; checked as an object by the routes). */
const PARAMS = {
  type: 'text', label: ['模板参数', 'Template parameters'], length: 20_000, format: 'json',
  patternMessage: ['模板参数必须是 JSON 对象', 'The template parameters must be a JSON object'], ui: { hideInTable: true, rows: 4 },
} as const;
const REMARK = { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { ellipsis: true, hideInTable: true, form: 'textarea', rows: 2 } } as const;

/** Send strategies: a template sent to recipients on a cron (the emailStrategy job); the cron and the template's parameters are checked by the route. */
export const emailStrategyModel = defineModel({
  name: 'emailStrategy', table: 'blade_email_strategy', api: '/api/blade-email/strategy', title: ['发送策略', 'Send strategies'], tenant: true, permission: 'emailStrategy',
  fields: {
    strategyName: { type: 'string', label: ['策略名称', 'Strategy name'], length: 64, required: true, requiredMessage: ['请输入策略名称', 'Please enter the strategy name'], filter: 'like', ui: { width: 160, span: 12 } },
    cronExpression: { type: 'string', label: ['cron表达式', 'Cron expression'], length: 255, required: true, requiredMessage: ['请输入cron执行表达式', 'Please enter the cron expression'], ui: { width: 150, span: 12 } },
    templateId: { type: 'id', label: ['邮件模板', 'Template'], required: true, requiredMessage: ['请选择邮件模板', 'Please select a template'], ui: { hideInTable: true, span: 12 } },
    // empty: the enabled platform
    platformId: { type: 'id', label: ['邮件平台', 'Platform'], ui: { hideInTable: true, span: 12 } },
    toUser: { ...TO_USER, required: true, ui: { width: 220, ellipsis: true } },
    ccUser: { ...CC_USER, ui: { hideInTable: true } },
    params: PARAMS,
    status: {
      type: 'int', label: ['状态', 'Status'], required: true, default: 1, filter: 'equal', ui: { width: 90, span: 12, form: 'radio' },
      options: [{ value: 1, label: ['启用', 'Enabled'], color: 'green' }, { value: 0, label: ['停用', 'Disabled'] }],
    },
    lastSendTime: { type: 'datetime', label: ['最近发送', 'Last sent'], readOnly: true, ui: { width: 170 } },
    lastSendStatus: { type: 'int', label: ['最近结果', 'Last result'], readOnly: true, ui: { width: 100 } },
    remark: REMARK,
  },
});

/** The outbox: drafts and sent mail. Written by the compose routes (submit, submitAndSend, sendMsg), which check what the body alone cannot. */
export const emailOutboxModel = defineModel({
  name: 'emailOutbox', table: 'blade_email_outbox', api: '/api/blade-email/outbox', title: ['发件箱', 'Outbox'], tenant: true, permission: 'emailOutbox',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    // subject and content may come from the template instead (the route checks one or the other)
    subject: { type: 'string', label: ['主题', 'Subject'], length: 255, keepSpaces: true, filter: 'like', ui: { width: 240, ellipsis: true } },
    toUser: { ...TO_USER, required: true, nullable: true, filter: 'like', ui: { width: 220, ellipsis: true } },
    ccUser: { ...CC_USER, ui: { hideInTable: true } },
    bccUser: { ...ADDRESSES, label: ['密送', 'Bcc'], ui: { hideInTable: true } },
    platformId: { type: 'id', label: ['发送平台', 'Sending platform'], ui: { hideInTable: true, detail: false } },
    templateId: { type: 'id', label: ['邮件模板', 'Template'], ui: { hideInTable: true, detail: false } },
    strategyId: { type: 'id', label: ['发送策略', 'Send strategy'], readOnly: true, ui: { hideInTable: true, detail: false } },
    fromAddress: { type: 'string', label: ['发件人', 'From'], length: 255, readOnly: true, ui: { hideInTable: true } },
    sendStatus: {
      type: 'int', label: ['发送状态', 'Status'], readOnly: true, default: 0, filter: 'equal', ui: { width: 90 },
      options: [{ value: 0, label: ['草稿', 'Draft'] }, { value: 1, label: ['已发送', 'Sent'], color: 'green' }, { value: 2, label: ['发送失败', 'Failed'], color: 'red' }],
    },
    errorMessage: { type: 'text', label: ['失败原因', 'Failure reason'], readOnly: true, ui: { hideInTable: true } },
    sendTime: { type: 'datetime', label: ['发送时间', 'Sent at'], readOnly: true, sortable: true, ui: { width: 170 } },
    content: { type: 'text', label: ['内容', 'Content'], length: 500_000, ui: { hideInTable: true } },
    params: PARAMS,
    /** [{link, name}] (a JSON list; its links are checked by the route); answered as the list. */
    attachments: { type: 'text', label: ['附件', 'Attachments'], length: 40_000, format: 'json', patternMessage: ['附件格式不正确', 'The attachments are invalid'], ui: { hideInTable: true } },
    messageId: { type: 'string', label: ['Message-ID', 'Message-ID'], length: 255, readOnly: true, ui: { hideInTable: true, detail: false } },
  },
});

/** The inbox: mail fetched by the mailbox configs' sync (or entered by hand); opening one marks it read. */
export const emailInboxModel = defineModel({
  name: 'emailInbox', table: 'blade_email_inbox', api: '/api/blade-email/inbox', title: ['收件箱', 'Inbox'], tenant: true, permission: 'emailInbox',
  order: [{ field: 'receiveTime', dir: 'desc' }],
  fields: {
    isRead: {
      type: 'int', label: ['状态', 'Status'], required: true, default: 0, filter: 'equal', ui: { width: 80, span: 12, form: 'radio' },
      options: [{ value: 0, label: ['未读', 'Unread'], color: 'blue' }, { value: 1, label: ['已读', 'Read'] }],
    },
    subject: { type: 'string', label: ['主题', 'Subject'], length: 1000, required: true, nullable: true, requiredMessage: ['请输入邮件主题', 'Please enter the subject'], filter: 'like', ui: { width: 280, ellipsis: true } },
    fromName: { type: 'string', label: ['发件人', 'From'], length: 255, filter: 'like', ui: { width: 120, span: 12 } },
    fromAddress: {
      type: 'string', label: ['发件人邮箱', 'Sender address'], length: 255, required: true, nullable: true, requiredMessage: ['请输入邮箱地址', 'Please enter the e-mail address'],
      format: 'email', patternMessage: EMAIL_INVALID, filter: 'like', ui: { width: 200, span: 12 },
    },
    toUser: { ...ADDRESSES, label: TO_USER.label, ui: { hideInTable: true } },
    ccUser: { ...CC_USER, ui: { hideInTable: true } },
    receiveTime: { type: 'datetime', label: ['接收时间', 'Received'], sortable: true, ui: { width: 170, span: 12 } },
    content: { type: 'text', label: ['内容', 'Content'], length: 500_000, ui: { hideInTable: true, form: 'textarea', rows: 8 } },
    configId: { type: 'id', label: ['邮箱配置', 'Mailbox config'], ui: { hideInTable: true, form: false, detail: false } },
    /** [{name, mimeType, size}] as the sync stored them; answered as the list. */
    attachments: { type: 'text', label: ['附件', 'Attachments'], readOnly: true, format: 'json', ui: { hideInTable: true } },
    messageUid: { type: 'string', label: ['邮件标识', 'Message UID'], length: 255, readOnly: true, ui: { hideInTable: true, detail: false } },
    remark: REMARK,
  },
});

export const EMAIL_MODELS = [emailAddressModel, emailPlatformModel, emailConfigModel, emailTemplateModel, emailStrategyModel, emailOutboxModel, emailInboxModel];
