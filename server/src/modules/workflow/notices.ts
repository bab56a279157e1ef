// The texts of the workflow's notices (task notices, 自选知会, copies, reminders, supervision,
// results), [zh, en] with {name} placeholders. A notice is stored with its key and parameters and
// rendered in each reader's language (message module: addTexts / render); the process and task
// names are the designer's and stay as designed.
import type { MessageTexts } from '../message/service.ts';

export const NOTICES = {
  'wf.task.new': {
    title: ['待办：{process}', 'To do: {process}'],
    content: ['您有一条新的待办任务「{task}」（{process}）', 'You have a new task "{task}" ({process})'],
  },
  'wf.task.assigned': {
    title: ['待办：{process}', 'To do: {process}'],
    content: ['任务「{task}」已交由您办理（{process}）', 'The task "{task}" has been handed to you ({process})'],
  },
  'wf.reached': {
    title: ['知会：{process}', 'For your information: {process}'],
    content: ['流程「{process}」已到达「{node}」', 'The process "{process}" has reached "{node}"'],
  },
  'wf.copied': {
    title: ['抄送：{process}', 'Copy: {process}'],
    content: ['流程「{process}」抄送给您，请知悉', 'The process "{process}" was copied to you for your information'],
  },
  'wf.urged': {
    title: ['催办：{process}', 'Reminder: {process}'],
    content: ['流程「{process}」的任务等待您办理，请尽快处理', 'A task of the process "{process}" is waiting for you; please handle it soon'],
  },
  'wf.supervised': {
    title: ['督办：{process}', 'Supervision: {process}'],
    content: ['流程「{process}」的任务尚未办理（第{count}次提醒）', 'A task of the process "{process}" has not been handled yet (reminder {count})'],
  },
  // a supervision reminder whose text the designer wrote: shown as written
  'wf.supervised.text': {
    title: ['督办：{process}', 'Supervision: {process}'],
    content: ['{text}', '{text}'],
  },
  'wf.ended.finished': {
    title: ['流程已完成：{process}', 'Process completed: {process}'],
    content: ['您发起的流程「{process}」已完成', 'The process "{process}" you started has been completed'],
  },
  'wf.ended.terminated': {
    title: ['流程已终结：{process}', 'Process terminated: {process}'],
    content: ['您发起的流程「{process}」已终结', 'The process "{process}" you started has been terminated'],
  },
  'wf.ended.reject': {
    title: ['流程被驳回：{process}', 'Process rejected: {process}'],
    content: ['您发起的流程「{process}」被驳回', 'The process "{process}" you started has been rejected'],
  },
  'wf.ended.withdraw': {
    title: ['流程已撤销：{process}', 'Process withdrawn: {process}'],
    content: ['您发起的流程「{process}」已撤销', 'The process "{process}" you started has been withdrawn'],
  },
  'wf.ended.recall': {
    title: ['流程已撤回：{process}', 'Process recalled: {process}'],
    content: ['您发起的流程「{process}」已撤回', 'The process "{process}" you started has been recalled'],
  },
  'wf.ended.deleted': {
    title: ['流程已删除：{process}', 'Process deleted: {process}'],
    content: ['您发起的流程「{process}」已删除', 'The process "{process}" you started has been deleted'],
  },
  'wf.ended': {
    title: ['流程已结束：{process}', 'Process ended: {process}'],
    content: ['您发起的流程「{process}」已结束', 'The process "{process}" you started has ended'],
  },
} as const satisfies Record<string, MessageTexts>;

export type NoticeKey = keyof typeof NOTICES;

/** The key of a process-ended notice for an end status. */
export function endedKey(status: string): NoticeKey {
  const k = `wf.ended.${status}`;
  return Object.hasOwn(NOTICES, k) ? (k as NoticeKey) : 'wf.ended';
}
