// The icon of a portal entry (a service, a category, a shortcut): an @ant-design/icons name chosen
// from a grid of the icons a service hall uses, or a picture (uploaded or an address). The portal
// draws a name as the icon and an address (http(s):// or /) as an image.
import { useState } from 'react';
import { Button, Input, Popover, Space, Tabs, Tooltip } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../../shell/icons';
import { ImageUpload } from './ImageUpload';

export const SERVICE_ICONS = [
  'FileTextOutlined', 'SolutionOutlined', 'IdcardOutlined', 'BookOutlined', 'ReadOutlined', 'CalendarOutlined', 'ScheduleOutlined', 'CarOutlined',
  'HomeOutlined', 'BankOutlined', 'MoneyCollectOutlined', 'WalletOutlined', 'CreditCardOutlined', 'AccountBookOutlined', 'PayCircleOutlined', 'RedEnvelopeOutlined',
  'TeamOutlined', 'UserOutlined', 'UserAddOutlined', 'AuditOutlined', 'SafetyCertificateOutlined', 'InsuranceOutlined', 'MedicineBoxOutlined', 'HeartOutlined',
  'TrophyOutlined', 'GiftOutlined', 'ShopOutlined', 'CoffeeOutlined', 'RestOutlined', 'SkinOutlined', 'LaptopOutlined', 'WifiOutlined',
  'PrinterOutlined', 'MailOutlined', 'PhoneOutlined', 'EnvironmentOutlined', 'CompassOutlined', 'GlobalOutlined', 'LinkOutlined', 'AppstoreOutlined',
  'BarChartOutlined', 'FormOutlined', 'EditOutlined', 'FileDoneOutlined', 'FileProtectOutlined', 'ContainerOutlined', 'ReconciliationOutlined', 'CarryOutOutlined',
  'DatabaseOutlined', 'CloudOutlined', 'ToolOutlined', 'SettingOutlined', 'KeyOutlined', 'LockOutlined', 'SoundOutlined', 'NotificationOutlined',
  'BellOutlined', 'StarOutlined', 'FlagOutlined', 'TagsOutlined', 'RocketOutlined', 'ThunderboltOutlined', 'CustomerServiceOutlined', 'QuestionCircleOutlined',
  'CameraOutlined', 'VideoCameraOutlined', 'ExperimentOutlined', 'BuildOutlined', 'ApartmentOutlined', 'ClusterOutlined',
];

const isImage = (v: string) => /^(https?:\/\/|\/)/.test(v);

/** An icon value drawn: the named icon, or the picture at the address. */
export function IconView({ value, size = 20 }: { value?: string | null; size?: number }) {
  if (!value) return null;
  if (isImage(value)) return <img src={value} alt="" style={{ width: size, height: size, objectFit: 'cover', borderRadius: 4, verticalAlign: 'middle' }} />;
  return <span style={{ fontSize: size, lineHeight: 1 }}>{menuIcon(value)}</span>;
}

export function IconPicker({ id, value, onChange }: { id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const current = typeof value === 'string' ? value : '';
  const icons = SERVICE_ICONS.filter((n) => n.toLowerCase().includes(filter.trim().toLowerCase()));
  const grid = (
    <div className="pm-icon-panel">
      <Tabs
        size="small"
        defaultActiveKey={current && isImage(current) ? 'image' : 'icon'}
        items={[
          {
            key: 'icon',
            label: t('portalManage.icon.icons'),
            children: (
              <>
                <Input size="small" allowClear placeholder={t('portalManage.icon.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
                <div className="pm-icon-grid">
                  {icons.map((n) => (
                    <Tooltip key={n} title={n.replace(/Outlined$/, '')} mouseEnterDelay={0.4}>
                      <button
                        type="button"
                        className={`pm-icon-cell${n === current ? ' is-active' : ''}`}
                        data-icon={n}
                        onClick={() => {
                          onChange?.(n);
                          setOpen(false);
                        }}
                      >
                        {menuIcon(n)}
                      </button>
                    </Tooltip>
                  ))}
                </div>
              </>
            ),
          },
          { key: 'image', label: t('portalManage.icon.image'), children: <ImageUpload value={isImage(current) ? current : ''} onChange={(v) => onChange?.(v)} width={64} height={64} /> },
        ]}
      />
    </div>
  );
  return (
    <Space id={id} className="pm-icon-picker">
      <Popover trigger="click" open={open} onOpenChange={setOpen} content={grid} placement="bottomLeft" destroyOnHidden>
        <Button className="pm-icon-trigger" icon={current ? <IconView value={current} size={16} /> : undefined}>
          {current ? (isImage(current) ? t('portalManage.icon.picture') : current.replace(/Outlined$/, '')) : t('portalManage.icon.choose')}
        </Button>
      </Popover>
      {current && <CloseCircleFilled className="pm-icon-clear" aria-label={t('portalManage.icon.clear')} onClick={() => onChange?.('')} />}
    </Space>
  );
}
