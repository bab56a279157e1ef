import { Tag } from 'antd';
import i18n from '../../i18n';

/** isEnabled of a provider: one per tenant is in use. */
export const enabledTag = (row: Record<string, unknown>) =>
  Number(row.isEnabled) === 1 ? <Tag color="green">{i18n.t('resource.enabled')}</Tag> : <Tag>{i18n.t('resource.notEnabled')}</Tag>;
