// Icons of portal rows: the rows store an @ant-design/icons name ('FileTextOutlined') or an image
// address. The whole icon set is ~400 KB, so the public portal knows this list only (each imported by
// name, so the bundle keeps just these: the management's icon picker offers and the demo stores), any
// other name shows the first letter of the row's name.
import { useState, type CSSProperties, type ComponentType } from 'react';
import {
  AccountBookOutlined, AimOutlined, AlertOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BellOutlined, BlockOutlined, BookOutlined, BuildOutlined, BulbOutlined, CalculatorOutlined, CalendarOutlined, CameraOutlined,
  CarOutlined, CarryOutOutlined, CheckCircleOutlined, CheckSquareOutlined, ClockCircleOutlined, CloudDownloadOutlined, CloudOutlined,
  CloudServerOutlined, ClusterOutlined, CodeOutlined, CoffeeOutlined, CommentOutlined, CompassOutlined, ContactsOutlined,
  ContainerOutlined, CopyOutlined, CreditCardOutlined, CustomerServiceOutlined, DashboardOutlined, DatabaseOutlined,
  DeploymentUnitOutlined, DesktopOutlined, DollarOutlined, EditOutlined, EnvironmentOutlined, ExperimentOutlined, FileDoneOutlined,
  FileProtectOutlined, FileSearchOutlined, FileSyncOutlined, FileTextOutlined, FireOutlined, FlagOutlined, FolderOpenOutlined,
  FormOutlined, FunctionOutlined, FundOutlined, GiftOutlined, GlobalOutlined, HeartOutlined, HomeOutlined, IdcardOutlined,
  InsuranceOutlined, KeyOutlined, LaptopOutlined, LikeOutlined, LinkOutlined, LockOutlined, MailOutlined, MedicineBoxOutlined,
  MessageOutlined, MobileOutlined, MoneyCollectOutlined, NotificationOutlined, PayCircleOutlined, PhoneOutlined, PictureOutlined,
  PlayCircleOutlined, PrinterOutlined, ProfileOutlined, ProjectOutlined, QuestionCircleOutlined, ReadOutlined, ReconciliationOutlined,
  RedEnvelopeOutlined, RestOutlined, RocketOutlined, SafetyCertificateOutlined, SafetyOutlined, ScheduleOutlined, SearchOutlined,
  SettingOutlined, ShopOutlined, ShoppingOutlined, SkinOutlined, SmileOutlined, SolutionOutlined, SoundOutlined, StarOutlined,
  TableOutlined, TagsOutlined, TeamOutlined, ThunderboltOutlined, ToolOutlined, TrophyOutlined, UserAddOutlined, UserOutlined,
  UserSwitchOutlined, VideoCameraOutlined, WalletOutlined, WifiOutlined,
} from '@ant-design/icons';

type IconComponent = ComponentType<{ style?: CSSProperties; className?: string }>;

export const PORTAL_ICONS: Record<string, IconComponent> = {
  AccountBookOutlined, AimOutlined, AlertOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BellOutlined, BlockOutlined, BookOutlined, BuildOutlined, BulbOutlined, CalculatorOutlined, CalendarOutlined, CameraOutlined,
  CarOutlined, CarryOutOutlined, CheckCircleOutlined, CheckSquareOutlined, ClockCircleOutlined, CloudDownloadOutlined, CloudOutlined,
  CloudServerOutlined, ClusterOutlined, CodeOutlined, CoffeeOutlined, CommentOutlined, CompassOutlined, ContactsOutlined,
  ContainerOutlined, CopyOutlined, CreditCardOutlined, CustomerServiceOutlined, DashboardOutlined, DatabaseOutlined,
  DeploymentUnitOutlined, DesktopOutlined, DollarOutlined, EditOutlined, EnvironmentOutlined, ExperimentOutlined, FileDoneOutlined,
  FileProtectOutlined, FileSearchOutlined, FileSyncOutlined, FileTextOutlined, FireOutlined, FlagOutlined, FolderOpenOutlined,
  FormOutlined, FunctionOutlined, FundOutlined, GiftOutlined, GlobalOutlined, HeartOutlined, HomeOutlined, IdcardOutlined,
  InsuranceOutlined, KeyOutlined, LaptopOutlined, LikeOutlined, LinkOutlined, LockOutlined, MailOutlined, MedicineBoxOutlined,
  MessageOutlined, MobileOutlined, MoneyCollectOutlined, NotificationOutlined, PayCircleOutlined, PhoneOutlined, PictureOutlined,
  PlayCircleOutlined, PrinterOutlined, ProfileOutlined, ProjectOutlined, QuestionCircleOutlined, ReadOutlined, ReconciliationOutlined,
  RedEnvelopeOutlined, RestOutlined, RocketOutlined, SafetyCertificateOutlined, SafetyOutlined, ScheduleOutlined, SearchOutlined,
  SettingOutlined, ShopOutlined, ShoppingOutlined, SkinOutlined, SmileOutlined, SolutionOutlined, SoundOutlined, StarOutlined,
  TableOutlined, TagsOutlined, TeamOutlined, ThunderboltOutlined, ToolOutlined, TrophyOutlined, UserAddOutlined, UserOutlined,
  UserSwitchOutlined, VideoCameraOutlined, WalletOutlined, WifiOutlined,
};

/** A calm palette for rows without a colour of their own, picked by the row's name. */
const PALETTE = ['#1677ff', '#13a8a8', '#722ed1', '#fa8c16', '#eb2f96', '#52c41a', '#2f54eb', '#fa541c'];
export function colourOf(name: string, colour?: string | null): string {
  if (colour && /^#[0-9a-fA-F]{6}$/.test(colour)) return colour;
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/** An image address (as the management's icon picker stores an uploaded or typed picture), not an icon name. */
export const isImage = (v: string) => /^(https?:\/\/|\/|data:image\/)/i.test(v);

/** The icon of a name: as stored, else its outlined form ('HomeFilled', 'HomeTwoTone', 'Home' → HomeOutlined). */
function iconOf(value: string): IconComponent | undefined {
  return PORTAL_ICONS[value] ?? PORTAL_ICONS[`${value.replace(/(Outlined|Filled|TwoTone)$/, '')}Outlined`];
}

/**
 * A row's icon in a coloured tile: the named icon, the image at the address, else the name's first
 * letter. `tone` 'solid' fills the tile with the colour, 'soft' tints it, 'white' (on a dark band) is a white tile.
 */
export function PortalIcon({ icon, name, colour, size = 44, tone = 'soft', className }: {
  icon?: string | null; name: string; colour?: string | null; size?: number; tone?: 'soft' | 'solid' | 'plain' | 'white'; className?: string;
}) {
  const c = colourOf(name, colour);
  const style: CSSProperties = {
    width: size, height: size, fontSize: Math.round(size * 0.5), borderRadius: Math.round(size * 0.28),
    color: tone === 'solid' ? '#fff' : c,
    background: tone === 'solid' ? `linear-gradient(135deg, color-mix(in srgb, ${c} 80%, #fff), ${c})` : tone === 'soft' ? `color-mix(in srgb, ${c} 12%, #fff)` : tone === 'white' ? '#fff' : 'transparent',
  };
  const value = (icon ?? '').trim();
  // a picture that does not load shows the letter rather than a broken image
  const [broken, setBroken] = useState('');
  if (value && isImage(value) && broken !== value) {
    return <span className={`portal-icon is-image ${className ?? ''}`} style={style} data-icon="image"><img src={value} alt="" loading="lazy" onError={() => setBroken(value)} /></span>;
  }
  const Icon = value && !isImage(value) ? iconOf(value) : undefined;
  return (
    <span className={`portal-icon ${className ?? ''}`} style={style} aria-hidden>
      {Icon ? <Icon /> : <b className="portal-icon-letter">{[...name.trim()][0] ?? '·'}</b>}
    </span>
  );
}
