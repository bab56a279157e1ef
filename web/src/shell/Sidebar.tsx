import { useEffect, useMemo, useState } from 'react';
import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuVO } from '../api/types';
import { menuLabel } from '../i18n';
import { findMenuForLocation, menuTarget, visibleMenu } from './menu';
import { menuIcon } from './icons';
import { useSession } from './store';
import { themeByName } from './themes';
import { siteTitle, useSite } from './site';
import { screenSize } from '../website';

type Item = Required<MenuProps>['items'][number];

function toItems(list: MenuVO[]): Item[] {
  return list.map((m) =>
    m.children?.length
      ? { key: m.id, label: menuLabel(m), icon: menuIcon(m.source), children: toItems(m.children) }
      : { key: m.id, label: menuLabel(m), icon: menuIcon(m.source), title: menuLabel(m) },
  );
}

function byId(list: MenuVO[], id: string): MenuVO | undefined {
  for (const m of list) {
    if (m.id === id) return m;
    const found = m.children?.length ? byId(m.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

export function Sidebar() {
  const { i18n } = useTranslation();
  const menu = useSession((s) => s.menu);
  const roles = useSession((s) => s.roles);
  const collapse = useSession((s) => s.collapse);
  const setCollapse = useSession((s) => s.setCollapse);
  const theme = themeByName(useSession((s) => s.theme));
  const sys = useSite((s) => s.sys);
  const location = useLocation();
  const navigate = useNavigate();

  const visible = useMemo(() => visibleMenu(menu, roles), [menu, roles]);
  const items = useMemo(() => toItems(visible), [visible, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const trail = findMenuForLocation(visible, location.pathname, location.search);
  const selected = trail.length ? [trail[trail.length - 1].id] : [];
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1).map((m) => m.id));

  // Opening by path: when the route changes, its group opens (without closing others the user opened).
  const trailKey = trail.map((m) => m.id).join('/');
  useEffect(() => {
    const groups = trail.slice(0, -1).map((m) => m.id);
    if (groups.length) setOpenKeys((keys) => Array.from(new Set([...keys, ...groups])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trailKey]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const m = byId(visible, key);
    if (!m) return;
    const target = menuTarget(m);
    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
    else navigate(target.to);
    if (screenSize() === 0) setCollapse(true);
  };

  const title = siteTitle(i18n.language);
  return (
    <div className="sider-inner">
      <div className="sider-logo" style={{ background: theme.logoBg, color: theme.logoText }} title={title}>
        {sys.sysLogo ? <img src={sys.sysLogo} alt="" /> : <span className="logo-mark">{title.slice(0, 1)}</span>}
        {!collapse && <span className={`logo-text${title.length > 12 ? " long" : ""}`}>{title}</span>}
      </div>
      <ConfigProvider
        theme={{
          components: {
            Menu: {
              itemBg: 'transparent',
              subMenuItemBg: theme.siderSubBg,
              itemColor: theme.siderText,
              itemHoverColor: theme.siderActiveText,
              itemSelectedBg: theme.siderActiveBg,
              itemSelectedColor: theme.siderActiveText,
              darkItemBg: 'transparent',
              darkSubMenuItemBg: theme.siderSubBg,
              darkItemColor: theme.siderText,
              darkItemHoverColor: theme.siderActiveText,
              darkItemSelectedBg: theme.siderActiveBg,
              darkItemSelectedColor: theme.siderActiveText,
              darkPopupBg: theme.dark ? '#1f2229' : '#fff',
              itemBorderRadius: 6,
              itemMarginInline: 8,
              iconSize: 15,
              collapsedIconSize: 17,
            },
          },
        }}
      >
        <Menu
          className="sider-menu"
          mode="inline"
          theme={theme.dark ? 'dark' : 'light'}
          inlineCollapsed={collapse}
          items={items}
          selectedKeys={selected}
          openKeys={collapse ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys as string[])}
          onClick={onClick}
        />
      </ConfigProvider>
    </div>
  );
}
