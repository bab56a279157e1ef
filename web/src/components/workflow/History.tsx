// History timeline of a process (spec 000 §2.6): each node with its handler and times, comments
// labelled by comment type — 修改说明 (info), 变更审核人 / 调度 / 转办 / 委托 / 加签 (warning), 驳回 / 终止 / 减签 /
// 删除流程 (error), 审批 (success), 撤销 (warning) — and the unfinished current node highlighted.
import { Tag, Timeline, Typography } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, PlayCircleFilled, StopFilled } from '@ant-design/icons';
import { formatDate } from '../../i18n';
import { useTranslation } from 'react-i18next';
import type { FlowEntry, ProcessDetail } from '../../pages/workflow/api';
import './workflow.css';

export const COMMENT_STYLES: Record<string, 'warning' | 'error' | 'success' | 'info'> = {
  assigneeComment: 'warning',
  dispatchComment: 'warning',
  transferComment: 'warning',
  delegateComment: 'warning',
  addMultiInstanceComment: 'warning',
  rollbackComment: 'error',
  terminateComment: 'error',
  deleteMultiInstanceComment: 'error',
  deleteProcessComment: 'error',
  comment: 'success',
  // the owner's 修改说明 after a reject or recall (commentType explainComment, or processCommentUpForm's action)
  explainComment: 'info',
  withdrawComment: 'warning',
  copyComment: 'info',
  urgeComment: 'info',
};
const TAG_COLORS = { warning: 'orange', error: 'red', success: 'green', info: 'blue' } as const;
const SHOWN = new Set(['startEvent', 'userTask', 'endEvent', 'comment', 'callActivity', 'subProcess', 'candidate']);

export function History({ flow, process }: { flow: FlowEntry[]; process: ProcessDetail['process'] }) {
  const { t, i18n } = useTranslation();
  const fmt = process.commentShowDateFormat || 'YYYY-MM-DD HH:mm:ss';
  const when = (v?: string | null) => (v ? formatDate(v, fmt, i18n.language) : '');
  const showName = process.commentShowName !== false;
  const showDate = process.commentShowDate !== false;
  const showNode = process.commentShowNodeName !== false;
  const entries = flow.filter((f) => SHOWN.has(f.historyActivityType) || f.comments.length);
  const nodeName = (f: FlowEntry) =>
    f.historyActivityName ||
    (f.historyActivityType === 'startEvent' ? t('wf.history.start') : f.historyActivityType === 'endEvent' ? t('wf.history.end') : f.historyActivityType === 'comment' ? t('wf.history.process') : f.historyActivityId);
  const icon = (f: FlowEntry) => {
    if (f.historyActivityType === 'startEvent') return <PlayCircleFilled style={{ color: '#1677ff' }} />;
    if (f.historyActivityType === 'endEvent') return <StopFilled style={{ color: '#8c8c8c' }} />;
    if (!f.endTime) return <ClockCircleOutlined style={{ color: '#1677ff' }} />;
    const bad = f.comments.some((c) => COMMENT_STYLES[c.type] === 'error');
    return bad ? <CloseCircleFilled style={{ color: '#ff4d4f' }} /> : <CheckCircleFilled style={{ color: '#52c41a' }} />;
  };
  return (
    <Timeline
      className="wf-history"
      items={entries.map((f, i) => ({
        key: `${f.historyActivityId}-${i}`,
        dot: icon(f),
        children: (
          <div className={!f.endTime && f.historyActivityType !== 'comment' ? 'wf-history-current' : undefined} data-node={f.historyActivityId}>
            <div>
              {showNode && <span className="wf-history-node">{nodeName(f)}</span>}
              {!f.endTime && f.historyActivityType !== 'comment' && (
                <Tag color="processing" style={{ marginLeft: 8 }}>
                  {t('wf.history.current')}
                </Tag>
              )}
            </div>
            <div className="wf-history-meta">
              {showName && f.assigneeName && (
                <span>
                  {t(f.historyActivityType === 'startEvent' ? 'wf.history.starter' : 'wf.history.handler')}: {f.assigneeName}
                  {'  '}
                </span>
              )}
              {showDate && (
                <span>
                  {when(f.createTime)}
                  {f.endTime && f.endTime !== f.createTime && f.historyActivityType === 'userTask' ? ` → ${when(f.endTime)}` : ''}
                </span>
              )}
            </div>
            {!process.hideComment &&
              f.comments.map((c, j) => {
                const type = c.action === 'explainComment' ? 'explainComment' : c.type;
                const style = COMMENT_STYLES[type] ?? 'info';
                return (
                  <div key={j} className={`wf-history-comment ${style}`} data-type={type}>
                    <Tag color={TAG_COLORS[style]} bordered={false}>
                      {t(`wf.comment.${type}`, { defaultValue: type })}
                    </Tag>
                    {showName && c.userName && c.userName !== f.assigneeName && <Typography.Text type="secondary">{c.userName}: </Typography.Text>}
                    <span className="wf-history-text">{c.fullMessage || (c.type === 'comment' ? t('wf.history.noComment') : '')}</span>
                    {showDate && c.time && <div className="wf-history-meta">{when(c.time)}</div>}
                  </div>
                );
              })}
          </div>
        ),
      }))}
    />
  );
}
