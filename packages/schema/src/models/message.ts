// Personal messages (000 §2.8, §3 Message, §4 "Message read state") defined once (define.ts): the
// message as sent (blade_message) and its recipients, one row each with that recipient's read
// state (blade_message_user). A recipient's inbox is the view blade_message_inbox (migrations
// 0002 and 0022): the recipient's row joined to its message, id = the message's id. A view is no
// model of its own (its columns are all nullable and it has no create_time default, so it is no
// table models.test.ts could check): the server builds the inbox's data layer from these two
// models' fields (modules/message/service.ts).
// Both are served by the message routes (/api/blade-message/message), which check what a body alone
// cannot (the recipients, a broadcast's department or role) and send each reader only their own.
import { defineModel } from '../model/define.ts';

/** A business link: a route of this site or an http(s) address, never javascript: or data:. */
const link = (name: string) => ({
  type: 'string', length: 1000, pattern: '^(/|[Hh][Tt][Tt][Pp][Ss]?://)', patternMessage: [`${name}格式不正确`, `${name} is invalid`],
}) as const;

/** A message as sent: the sender's view (my/sendList, sendDetail) and what every recipient reads. */
export const messageModel = defineModel({
  name: 'message', table: 'blade_message', api: '/api/blade-message/message', title: ['消息', 'Messages'], tenant: true,
  permission: null, access: 'every signed-in user of the tenant: anyone may send (save, submit); my/sendList and sendDetail answer only the messages the caller sent',
  fields: {
    // (the spec's wording for a missing title names the field)
    title: { type: 'string', label: ['消息标题', 'Title'], length: 255, required: true, requiredMessage: ['title不能为空', 'title is required'], filter: 'like', ui: { ellipsis: true } },
    content: { type: 'text', label: ['消息内容', 'Content'], length: 20000, default: '', ui: { hideInTable: true, form: 'textarea' } },
    /** 1 ordinary, 2 department broadcast, 3 approval, 4 role broadcast. */
    type: {
      type: 'int', label: ['消息类型', 'Type'], required: true, filter: 'equal', ui: { width: 120 },
      options: [
        { value: 1, label: ['普通消息', 'Ordinary'], color: 'blue' },
        { value: 2, label: ['部门广播', 'Department broadcast'], color: 'cyan' },
        { value: 3, label: ['审批消息', 'Approval'], color: 'purple' },
        { value: 4, label: ['角色广播', 'Role broadcast'], color: 'geekblue' },
      ],
    },
    pcUrl: { ...link('pcUrl'), label: ['业务链接', 'Business link'], ui: { hideInTable: true } },
    appUrl: { ...link('appUrl'), label: ['移动端链接', 'Mobile link'], ui: { hideInTable: true } },
    /** Which business record the message is about (e.g. bizType 'process', bizKey the instance id). */
    bizType: { type: 'string', label: ['业务类型', 'Business type'], length: 64, ui: { hideInTable: true } },
    bizKey: { type: 'string', label: ['业务标识', 'Business key'], length: 128, ui: { hideInTable: true } },
    /** type 2: the department broadcast to (its members at send time got it). */
    receiveDeptId: { type: 'id', label: ['接收部门', 'Department'], readOnly: true, ui: { hideInTable: true } },
    /** type 4: the role broadcast to. */
    receiveRoleId: { type: 'id', label: ['接收角色', 'Role'], readOnly: true, ui: { hideInTable: true } },
    createUserName: { type: 'string', label: ['发送人', 'Sender'], length: 64, readOnly: true, ui: { width: 140 } },
    /** A server-sent text's catalogue key and its parameters (a JSON object): each reader gets it in their language. */
    msgKey: { type: 'string', label: ['文本键', 'Text key'], length: 64, readOnly: true, hidden: true },
    msgParams: { type: 'text', label: ['文本参数', 'Text parameters'], readOnly: true, hidden: true },
  },
});

/**
 * A recipient of a message, with their read state: written by sending (one row per recipient at send
 * time), read (detail, readAll, a business record handled) and removal from their own inbox
 * (is_deleted); never by a body.
 */
export const messageReceiverModel = defineModel({
  name: 'messageReceiver', table: 'blade_message_user', api: '/api/blade-message/message', title: ['消息接收人', 'Message recipients'], tenant: true,
  permission: null, access: 'every signed-in user of the tenant, on their own inbox only (my/list, my/topList, detail, remove, readAll); a sender sees their message\'s recipients in sendDetail',
  audit: 'createTime',
  fields: {
    messageId: { type: 'id', label: ['消息', 'Message'], required: true, readOnly: true, filter: 'equal' },
    userId: { type: 'id', label: ['接收人', 'Recipient'], required: true, readOnly: true, filter: 'equal' },
    /** 0 read (已读), 1 unread (未读). */
    isRead: {
      type: 'int', label: ['阅读状态', 'Read state'], default: 1, readOnly: true, filter: 'equal', ui: { width: 100 },
      options: [{ value: 0, label: ['已读', 'Read'], color: 'success' }, { value: 1, label: ['未读', 'Unread'], color: 'error' }],
    },
    readTime: { type: 'datetime', label: ['阅读时间', 'Read at'], readOnly: true, sortable: true, ui: { width: 180 } },
  },
});

export const MESSAGE_MODELS = [messageModel, messageReceiverModel];
