// The signed-in end of the portal header (§2.4): the notice bell, avatar and name, and the dropdown —
// enter the back office, switch department (switch mode only), log out after a confirm. Loaded only
// for a signed-in visitor: the anonymous portal does not download the message centre.
import { useState } from 'react';
import { App, Avatar, Dropdown } from 'antd';
import { DesktopOutlined, DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MessageBell } from '../../../shell/messages/Bell';
import { SwitchDialog } from '../../../shell/dialogs';
import { navigate } from '../../../shell/nav';
import { signOut } from '../../../shell/session';
import { useSession } from '../../../shell/store';
import { website } from '../../../website';

/** The avatar dropdown, or (in the phone drawer) the same actions as a list. */
export default function UserArea({ inDrawer = false, onAction }: { inDrawer?: boolean; onAction?: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const userInfo = useSession((s) => s.userInfo);
  const profile = useSession((s) => s.profile);
  const [switching, setSwitching] = useState(false);
  const name = profile?.realName || userInfo?.real_name || userInfo?.nick_name || userInfo?.user_name || userInfo?.account || '';
  const avatar = profile?.avatar || userInfo?.avatar;

  const logout = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('top.logoutConfirm'),
      onOk: async () => {
        await signOut();
        // back to the public portal rather than the sign-in form the shell goes to
        navigate('/portal/index', { replace: true });
      },
    });
  const items = [
    { key: 'admin', icon: <DesktopOutlined />, label: t('portal.header.backOffice') },
    ...(website.switchMode ? [{ key: 'switch', icon: <SwapOutlined />, label: t('top.switch') }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('top.logout'), danger: true },
  ];
  const act = (key: string) => {
    onAction?.();
    if (key === 'admin') navigate(website.firstPage.value);
    if (key === 'switch') setSwitching(true);
    if (key === 'logout') logout();
  };

  const who = (
    <span className="pt-user" role="button" data-testid="portal-user">
      <Avatar size={30} src={avatar || undefined} icon={<UserOutlined />} />
      <span className="pt-user-name">{name}</span>
      {!inDrawer && <DownOutlined style={{ fontSize: 10 }} />}
    </span>
  );
  return (
    <>
      {inDrawer ? (
        <div className="pt-drawer-user">
          {who}
          <div className="pt-drawer-actions">
            {items.filter((i) => 'key' in i).map((i) => (
              <button key={i.key} type="button" className={`pt-drawer-action${i.danger ? ' danger' : ''}`} onClick={() => act(i.key!)}>
                {i.icon} {i.label}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <span className="pt-user-area">
          <span className="pt-bell"><MessageBell /></span>
          <Dropdown placement="bottomRight" menu={{ items, onClick: ({ key }) => act(key) }}>{who}</Dropdown>
        </span>
      )}
      <SwitchDialog open={switching} onClose={() => setSwitching(false)} />
    </>
  );
}
