// The engine's own messages, [zh, en], and its error type. WorkflowError is an ApiError so the
// HTTP layer answers it with the right status and language without translating anything.
import { ApiError } from '../../../http/errors.ts';
import type { Message } from '../../../http/messages.ts';

export const M = {
  bpmnInvalid: ['流程文件解析失败：{detail}', 'The BPMN file cannot be read: {detail}'],
  definitionMissing: ['流程定义不存在', 'The process definition does not exist'],
  definitionSuspended: ['流程定义已挂起，无法发起', 'The process definition is suspended; it cannot be started'],
  instanceMissing: ['流程实例不存在', 'The process instance does not exist'],
  instanceNotRunning: ['流程已结束，无法操作', 'The process has ended; the action is not possible'],
  taskMissing: ['任务不存在或已被处理', 'The task does not exist or was already handled'],
  taskHandled: ['任务已被处理，请刷新后重试', 'The task was already handled; refresh and try again'],
  notAssignee: ['当前用户不是该任务的办理人', 'You are not the assignee of this task'],
  notCandidate: ['当前用户不是该任务的候选人', 'You are not a candidate of this task'],
  alreadyClaimed: ['任务已被他人签收', 'The task was already claimed by someone else'],
  notOwner: ['只有流程发起人可以执行此操作', 'Only the process initiator may do this'],
  buttonNotAllowed: ['当前节点不允许此操作：{button}', 'This node does not allow the action: {button}'],
  fieldNotWritable: ['当前节点不允许修改字段：{field}', 'This node does not allow changing the field: {field}'],
  fieldRequired: ['{field}不能为空', '{field} is required'],
  backNodeInvalid: ['无法退回到该节点：{node}', 'Cannot roll back to the node: {node}'],
  noPreviousNode: ['没有可退回的上一节点', 'There is no previous node to roll back to'],
  notMultiInstance: ['该节点不是多实例节点，无法加签或减签', 'This node is not a multi-instance node; signers cannot be added or removed'],
  signerMissing: ['减签人员不存在或已办理', 'The signer to remove does not exist or has already handled the task'],
  lastSigner: ['不能减去最后一个审批人', 'The last approver cannot be removed'],
  withdrawNotAllowed: ['下一节点已被处理，无法撤回', 'The next task was already handled; the task cannot be withdrawn'],
  withdrawNothing: ['没有可撤回的任务', 'There is no task to withdraw'],
  noHandler: ['服务任务未注册处理器：{name}', 'No handler is registered for the service task: {name}'],
  expressionFailed: ['表达式计算失败（{where}）：{detail}', 'An expression failed ({where}): {detail}'],
  noOutgoing: ['节点{node}没有满足条件的出口', 'No outgoing flow of node {node} matches'],
  scriptFailed: ['脚本执行失败：{detail}', 'The script failed: {detail}'],
  unsupported: ['不支持的流程元素：{element}', 'Unsupported process element: {element}'],
  assigneeRequired: ['指定审核人不能为空', 'An assignee is required'],
  callTargetMissing: ['被调用的流程不存在：{key}', 'The called process does not exist: {key}'],
  supervisionInvalid: ['督办配置不正确：{field}', 'The supervision settings are invalid: {field}'],
  withdrawTypeInvalid: ['撤销类型不正确', 'The withdraw type is invalid'],
  noListener: ['监听器未注册处理器：{name}', 'No handler is registered for the listener: {name}'],
  listenerFailed: ['监听器执行失败（{where}）：{detail}', 'A listener failed ({where}): {detail}'],
  errorUncaught: ['流程在节点{node}抛出错误{code}，但没有捕获它的错误边界事件', 'The process threw the error {code} at node {node}, and no error boundary event catches it'],
  messageStartMissing: ['没有以消息{name}启动的流程', 'No process starts with the message {name}'],
} as const satisfies Record<string, Message>;

export class WorkflowError extends ApiError {
  constructor(msg: Message, params: Record<string, string | number> = {}, status = 400) {
    super(status, msg, params);
    // the English text with its parameters, for logs and tests (the HTTP layer translates anew)
    this.message = msg[1].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
  }
}

/**
 * A BPMN error raised by a service-task handler or listener (scripts: `throw new BpmnError(code)`):
 * the nearest enclosing error boundary event with this code (or one catching all) takes over.
 */
export class BpmnError extends Error {
  constructor(readonly code: string, message?: string) {
    super(message ?? code);
    this.name = 'BpmnError';
  }
}
