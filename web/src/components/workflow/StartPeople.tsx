// The people a process start asks of its initiator (spec 000 §2.5): the approver when the model
// requires one (指定审核人不能为空), copy recipients, 发起人自选审批人 (customUserTask: people per node
// the designer marked, each required) and 自选知会人 (customUserMsg: people told when the process
// reaches a node, optional). One component for every place a process starts: the start page and a
// micro-app record sent for approval (new record or 提交流程).
import { Card, Form, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { UserField } from './FormRenderer';

/** What the server lists for a start (getFormByProcessDefKey, a micro-app's queryAppForm process). */
export interface StartNodes {
  assigneeRequired?: boolean;
  customUserTasks?: { nodeId: string; nodeName: string; multiple: boolean }[];
  userTasks?: { nodeId: string; nodeName: string }[];
}

/** node id → chosen user ids (comma text), as customUserTask / customUserMsg carry them. */
export type Choices = Record<string, string | undefined>;

export interface StartPeopleValue {
  assignee?: string;
  copyUser?: string;
  chosen: Choices;
  notify: Choices;
}

export const NO_PEOPLE: StartPeopleValue = { chosen: {}, notify: {} };

export const filledChoices = (c: Choices): Record<string, string> => Object.fromEntries(Object.entries(c).filter((e): e is [string, string] => !!e[1]));

/** Whether a start of this process must ask something before it may go (a required approver or a 发起人自选 node). */
export const mustAsk = (nodes: StartNodes | null | undefined): boolean => !!nodes && (!!nodes.assigneeRequired || !!nodes.customUserTasks?.length);

/** What is missing for the start to go, as one message (null: nothing). */
export function missingPeople(nodes: StartNodes, v: StartPeopleValue, t: TFunction): string | null {
  if (nodes.assigneeRequired && !v.assignee) return t('wf.msg.assigneeRequired');
  const missing = (nodes.customUserTasks ?? []).filter((n) => !v.chosen[n.nodeId]);
  return missing.length ? missing.map((n) => t('wf.start.chooseApproverFor', { node: n.nodeName })).join(' | ') : null;
}

/** The start body's people fields; only this process's nodes (a draft may hold choices of an older version). */
export function startPeopleBody(nodes: StartNodes, v: StartPeopleValue): Record<string, string> {
  const body: Record<string, string> = {};
  if (v.assignee) body.assignee = v.assignee;
  if (v.copyUser) body.copyUser = v.copyUser;
  const all = new Set((nodes.userTasks ?? []).map((n) => n.nodeId));
  const choosers = new Set((nodes.customUserTasks ?? []).map((n) => n.nodeId));
  const ct = Object.fromEntries(Object.entries(filledChoices(v.chosen)).filter(([k]) => choosers.has(k)));
  const cm = Object.fromEntries(Object.entries(filledChoices(v.notify)).filter(([k]) => all.has(k)));
  if (Object.keys(ct).length) body.customUserTask = JSON.stringify(ct);
  if (Object.keys(cm).length) body.customUserMsg = JSON.stringify(cm);
  return body;
}

/**
 * The start's people cards. checked: a submit was tried, so a required node still empty shows its error.
 * compact: only what must be asked (approver when required, 发起人自选) — for a dialog.
 */
export function StartPeople({ nodes, value, onChange, checked, compact }: {
  nodes: StartNodes;
  value: StartPeopleValue;
  onChange(next: StartPeopleValue): void;
  checked?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<StartPeopleValue>) => onChange({ ...value, ...patch });
  const assigneeItem = (
    <Form.Item label={t('wf.start.assignee')} required={nodes.assigneeRequired} extra={nodes.assigneeRequired ? undefined : t('wf.start.assigneeHelp')}
      validateStatus={checked && nodes.assigneeRequired && !value.assignee ? 'error' : undefined}>
      <UserField value={value.assignee} onChange={(assignee) => set({ assignee })} multiple={false} placeholder={t('wf.start.chooseAssignee')} className="wf-assignee" />
    </Form.Item>
  );
  const choosers = !!nodes.customUserTasks?.length && (
    <Card size={compact ? 'small' : undefined} title={t('wf.start.customUserTask')} extra={compact ? undefined : <Typography.Text type="secondary">{t('wf.start.customUserTaskHelp')}</Typography.Text>} className="wf-custom-user-task">
      <Form layout="vertical">
        {nodes.customUserTasks.map((n) => {
          const bad = checked && !value.chosen[n.nodeId];
          return (
            <Form.Item
              key={n.nodeId}
              label={n.nodeName}
              required
              validateStatus={bad ? 'error' : undefined}
              help={bad ? t('wf.start.chooseApproverFor', { node: n.nodeName }) : undefined}
              extra={t(n.multiple ? 'wf.start.chooseMany' : 'wf.start.chooseOne')}
            >
              <UserField
                value={value.chosen[n.nodeId]}
                onChange={(v) => set({ chosen: { ...value.chosen, [n.nodeId]: v } })}
                multiple={n.multiple}
                placeholder={t('wf.start.chooseApprovers')}
                className={`wf-custom-task wf-custom-task-${n.nodeId}`}
              />
            </Form.Item>
          );
        })}
      </Form>
    </Card>
  );
  if (compact) {
    return (
      <div className="wf-start-people compact">
        {nodes.assigneeRequired && <Form layout="vertical">{assigneeItem}</Form>}
        {choosers}
      </div>
    );
  }
  return (
    <>
      <Card title={t('wf.start.people')}>
        <Form layout="vertical">
          {assigneeItem}
          <Form.Item label={t('wf.start.copyUser')}>
            <UserField value={value.copyUser} onChange={(copyUser) => set({ copyUser })} placeholder={t('wf.start.chooseCopy')} className="wf-copy-user" />
          </Form.Item>
        </Form>
      </Card>
      {choosers}
      {!!nodes.userTasks?.length && (
        <Card title={t('wf.start.customUserMsg')} extra={<Typography.Text type="secondary">{t('wf.start.customUserMsgHelp')}</Typography.Text>} className="wf-custom-user-msg">
          <Form layout="horizontal" labelAlign="left" labelCol={{ flex: '160px' }} labelWrap>
            {nodes.userTasks.map((n) => (
              <Form.Item key={n.nodeId} label={n.nodeName} style={{ marginBottom: 8 }}>
                <UserField
                  value={value.notify[n.nodeId]}
                  onChange={(v) => set({ notify: { ...value.notify, [n.nodeId]: v } })}
                  placeholder={t('wf.start.chooseNotify')}
                  className={`wf-custom-msg wf-custom-msg-${n.nodeId}`}
                />
              </Form.Item>
            ))}
          </Form>
        </Card>
      )}
    </>
  );
}
