import { useEffect, useState, type ReactNode } from 'react';
import { Avatar, Badge, Breadcrumb, ColorPicker, Dropdown, Modal, Tooltip } from 'antd';
import {
  BgColorsOutlined,
  BugOutlined,
  CompressOutlined,
  ExpandOutlined,
  GlobalOutlined,
  HomeOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  SkinOutlined,
  SwapOutlined,
  UserOutlined,
  DownOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languages, menuLabel } from '../i18n';
import { LockDialog, LogDialog, MenuSearch, SwitchDialog, ThemeDialog } from './dialogs';
import { findMenuForLocation } from './menu';
import { MessageBell } from './messages/Bell';
import { matchPage } from '../pages/registry';
import { signOut } from './session';
import { useLogs, useSession, type Language } from './store';
import { themeByName } from './themes';
import { website } from '../website';

const presetColours = ['#409EFF', '#1677FF', '#2F54EB', '#722ED1', '#EB2F96', '#F5222D', '#FA541C', '#FA8C16', '#13C2C2', '#52C41A', '#2C3E50'];

function Action({ title, children, onClick, label }: { title: string; children: ReactNode; onClick?: () => void; label?: string }) {
  return (
    <Tooltip title={title} placement="bottom">
      <span className="top-action" role="button" tabIndex={0} aria-label={label ?? title} onClick={onClick} onKeyDown={(e) => e.key === 'Enter' && onClick?.()}>
        {children}
      </span>
    </Tooltip>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const collapse = useSession((s) => s.collapse);
  const setCollapse = useSession((s) => s.setCollapse);
  const colour = useSession((s) => s.colour);
  const setColour = useSession((s) => s.setColour);
  const language = useSession((s) => s.language);
  const menu = useSession((s) => s.menu);
  const userInfo = useSession((s) => s.userInfo);
  const profile = useSession((s) => s.profile);
  const theme = themeByName(useSession((s) => s.theme));
  const logCount = useLogs((s) => s.logs.length);
  const [dialog, setDialog] = useState<'' | 'search' | 'lock' | 'theme' | 'switch' | 'logs'>('');
  const [fullscreen, setFullscreen] = useState(!!document.fullscreenElement);

  useEffect(() => {
    const onChange = () => setFullscreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.();
  };

  const confirmLogout = () =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('top.logoutConfirm'),
      onOk: () => signOut(),
    });

  const trail = findMenuForLocation(menu, location.pathname, location.search);
  const pageTitle = matchPage(location.pathname)?.title;
  const crumbs = trail.length
    ? trail.map((m) => ({ title: menuLabel(m) }))
    : pageTitle && location.pathname !== website.firstPage.value
      ? [{ title: t(pageTitle) }]
      : [];
  const name = profile?.realName || userInfo?.real_name || userInfo?.nick_name || userInfo?.user_name || userInfo?.account || '';
  const avatar = profile?.avatar || userInfo?.avatar;

  return (
    <div className="top-bar" style={{ background: theme.headerBg, color: theme.headerText }}>
      <div className="top-left">
        <Action title={t(collapse ? 'top.expand' : 'top.collapse')} onClick={() => setCollapse(!collapse)}>
          {collapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </Action>
        <Breadcrumb
          className="top-breadcrumb"
          items={[
            { title: <HomeOutlined />, onClick: () => navigate(website.firstPage.value), className: 'crumb-home' },
            ...crumbs,
          ]}
        />
      </div>
      <div className="top-right">
        <Action title={t('top.search')} onClick={() => setDialog('search')}>
          <SearchOutlined />
        </Action>
        <Tooltip title={t('top.colour')} placement="bottom">
          <span className="top-action" aria-label={t('top.colour')}>
            <ColorPicker
              size="small"
              value={colour}
              disabledAlpha
              presets={[{ label: t('top.colour'), colors: presetColours }]}
              onChangeComplete={(c) => setColour(c.toHexString().toUpperCase())}
            >
              <BgColorsOutlined />
            </ColorPicker>
          </span>
        </Tooltip>
        <Action title={t('top.lock')} onClick={() => setDialog('lock')}>
          <LockOutlined />
        </Action>
        <Action title={t('top.theme')} onClick={() => setDialog('theme')}>
          <SkinOutlined />
        </Action>
        <MessageBell />
        <Action title={t(fullscreen ? 'top.exitFullscreen' : 'top.fullscreen')} onClick={toggleFullscreen}>
          {fullscreen ? <CompressOutlined /> : <ExpandOutlined />}
        </Action>
        <Action title={t('top.logs')} onClick={() => setDialog('logs')}>
          <Badge count={logCount} overflowCount={website.logsMax} size="small">
            <BugOutlined />
          </Badge>
        </Action>
        <Dropdown
          menu={{
            selectable: true,
            selectedKeys: [language],
            items: languages.map((l) => ({ key: l.value, label: l.label })),
            onClick: ({ key }) => changeLanguage(key as Language),
          }}
          placement="bottomRight"
        >
          <span className="top-action" role="button" aria-label={t('top.language')}>
            <GlobalOutlined />
            <span className="top-lang">{language === 'en' ? 'EN' : '中'}</span>
          </span>
        </Dropdown>
        <Dropdown
          placement="bottomRight"
          menu={{
            items: [
              { key: 'home', icon: <HomeOutlined />, label: t('top.dashboard') },
              { key: 'info', icon: <UserOutlined />, label: t('top.info') },
              ...(website.switchMode ? [{ key: 'switch', icon: <SwapOutlined />, label: t('top.switch') }] : []),
              { type: 'divider' as const },
              { key: 'logout', icon: <LogoutOutlined />, label: t('top.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'home') navigate(website.firstPage.value);
              if (key === 'info') navigate('/info/index');
              if (key === 'switch') setDialog('switch');
              if (key === 'logout') confirmLogout();
            },
          }}
        >
          <span className="top-user" role="button" data-testid="user-menu">
            <Avatar size={30} src={avatar || undefined} icon={<UserOutlined />} />
            <span className="top-user-name">{name}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </span>
        </Dropdown>
      </div>
      <MenuSearch open={dialog === 'search'} onClose={() => setDialog('')} />
      <LockDialog open={dialog === 'lock'} onClose={() => setDialog('')} />
      <ThemeDialog open={dialog === 'theme'} onClose={() => setDialog('')} />
      <SwitchDialog open={dialog === 'switch'} onClose={() => setDialog('')} />
      <LogDialog open={dialog === 'logs'} onClose={() => setDialog('')} />
    </div>
  );
}
