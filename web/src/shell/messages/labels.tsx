// Type and read-state labels (spec 000 §3 Message, §4 "Message read state").
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isUnread, MESSAGE_TYPES } from '../../api/message';

const TYPE_COLOURS: Record<number, string> = { 1: 'blue', 2: 'cyan', 3: 'purple', 4: 'geekblue' };

export function TypeTag({ type }: { type?: number | null }) {
  const { t } = useTranslation();
  const n = Number(type);
  if (!MESSAGE_TYPES.includes(n as 1)) return <span>-</span>;
  return <Tag color={TYPE_COLOURS[n]} bordered={false}>{t(`msg.type${n}`)}</Tag>;
}

/** isRead 0 → 已读, anything else → 未读. */
export function ReadTag({ isRead }: { isRead?: number | null }) {
  const { t } = useTranslation();
  return isUnread({ isRead })
    ? <Tag color="error" className="msg-read-tag unread">{t('msg.unread')}</Tag>
    : <Tag color="success" className="msg-read-tag read">{t('msg.read')}</Tag>;
}

/** valueEnum of the type select in search forms. */
export const typeEnum = (t: (k: string) => string) =>
  Object.fromEntries(MESSAGE_TYPES.map((n) => [String(n), { text: t(`msg.type${n}`) }]));

export const readEnum = (t: (k: string) => string) => ({
  '0': { text: t('msg.read'), status: 'Success' },
  '1': { text: t('msg.unread'), status: 'Error' },
});
