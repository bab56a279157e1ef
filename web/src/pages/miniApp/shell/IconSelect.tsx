// An icon name for an app menu or a custom button: a choice of @ant-design/icons names (the sidebar
// draws them with shell/icons.tsx menuIcon), shown with the icon itself.
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../shell/icons';

export const ICON_CHOICES = [
  'AppstoreOutlined', 'DatabaseOutlined', 'TableOutlined', 'FormOutlined', 'FileTextOutlined', 'FolderOutlined', 'BarChartOutlined',
  'PieChartOutlined', 'LineChartOutlined', 'DashboardOutlined', 'CalendarOutlined', 'TeamOutlined', 'UserOutlined', 'SolutionOutlined',
  'ShopOutlined', 'HomeOutlined', 'BookOutlined', 'ReadOutlined', 'ToolOutlined', 'SettingOutlined', 'LinkOutlined', 'GlobalOutlined',
  'CloudOutlined', 'PrinterOutlined', 'ExportOutlined', 'ImportOutlined', 'SendOutlined', 'MailOutlined', 'BellOutlined', 'StarOutlined',
  'ThunderboltOutlined', 'RocketOutlined', 'SafetyOutlined', 'AuditOutlined', 'CheckCircleOutlined', 'QuestionCircleOutlined',
];

export function IconSelect({ value, onChange, id }: { value?: string; onChange?: (v: string | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      allowClear
      showSearch
      value={value || undefined}
      onChange={(v) => onChange?.(v)}
      placeholder={t('miniApp.shell.chooseIcon')}
      options={ICON_CHOICES.map((name) => ({ value: name, label: <Space size={8}>{menuIcon(name)}<span>{name.replace(/Outlined$/, '')}</span></Space> }))}
      filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())}
    />
  );
}
