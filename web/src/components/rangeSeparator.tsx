import { SwapRightOutlined } from '@ant-design/icons';
import i18n from '../i18n';

/**
 * The separator between a date range's two inputs, read out in the reader's language: antd's own
 * is named "to" whatever the locale. Same look (antd's class and arrow). For a RangePicker's
 * `separator` (ProTable: fieldProps.separator).
 */
export function rangeSeparator() {
  return (
    <span aria-label={i18n.t('list.to')} className="ant-picker-separator">
      <SwapRightOutlined />
    </span>
  );
}
