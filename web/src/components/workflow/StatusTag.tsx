import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** §4 process status: 进行中, 已完成, 已终结, 已撤销, 已撤回, 被驳回, 已删除. */
const COLORS: Record<string, string> = {
  running: 'processing',
  unfinished: 'processing',
  finished: 'success',
  terminated: 'error',
  terminate: 'error',
  withdraw: 'warning',
  recall: 'warning',
  reject: 'magenta',
  deleted: 'default',
};
const KEYS: Record<string, string> = { running: 'unfinished', terminate: 'terminated' };

export function StatusTag({ status }: { status?: string | null }) {
  const { t } = useTranslation();
  if (!status) return <>-</>;
  const key = KEYS[status] ?? status;
  return (
    <Tag color={COLORS[status] ?? 'default'} className={`wf-status wf-status-${key}`} bordered={false}>
      {t(`wf.status.${key}`, { defaultValue: status })}
    </Tag>
  );
}
