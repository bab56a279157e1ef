// The micro-app shell's sidebar (001 §2.2): the app's icon and name (its first pinyin letter when
// collapsed), the app's own menus, the management screens for its managers, the custom buttons
// the caller may use, and a tip when there is nothing to show.
import { useMemo, useState, type ReactNode } from 'react';
import { Menu, Tooltip, type MenuProps } from 'antd';
import {
  ApiOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BuildOutlined, ControlOutlined, DashboardOutlined, DatabaseOutlined, DeploymentUnitOutlined, FileExcelOutlined,
  FileSearchOutlined, FileTextOutlined, FormOutlined, RobotOutlined, HistoryOutlined, HomeOutlined, LinkOutlined, MenuOutlined, PrinterOutlined, SafetyOutlined,
  SettingOutlined, ThunderboltOutlined, ToolOutlined,
} from '@ant-design/icons';
import { pinyin } from 'pinyin-pro';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../shell/icons';
import { SHELL_GROUPS, builtChildren } from '../screens';
import { appIconUrl, type AppMenuNode } from '../api';
import { useMiniApp } from '../context';
import { buttonHref, childHref, menuChild } from './nav';

type Item = Required<MenuProps>['items'][number];

const GROUP_ICONS: Record<string, ReactNode> = {
  design: <BuildOutlined />, report: <FileTextOutlined />, automation: <RobotOutlined />, workshop: <DashboardOutlined />, config: <SettingOutlined />, logs: <FileSearchOutlined />,
};
const SCREEN_ICONS: Record<string, ReactNode> = {
  appConfigManage: <FormOutlined />, processDesign: <ApartmentOutlined />, processOps: <DeploymentUnitOutlined />,
  authManage: <SafetyOutlined />, diyOperationManage: <ControlOutlined />, printTemplateManage: <PrinterOutlined />, exportTemplateManage: <FileExcelOutlined />,
  appMenu: <MenuOutlined />, operateSettings: <AppstoreOutlined />, dataSourceManage: <ApiOutlined />, appSysConfig: <ToolOutlined />,
  operateRecordQuery: <HistoryOutlined />, auditLog: <AuditOutlined />,
};

/** The first letter of a name as the collapsed sidebar shows it: a Chinese character's pinyin initial, else the letter itself. */
export function firstLetter(name: string): string {
  const first = [...name.trim()][0] ?? '';
  if (!first) return '?';
  if (/[\u3400-\u9fff]/.test(first)) return pinyin(first, { pattern: 'first', toneType: 'none' }).slice(0, 1).toUpperCase() || first;
  return first.toUpperCase();
}

interface Entry {
  key: string;
  /** the address it opens */
  href: string;
  /** the tab it stands for (selection) */
  tab: string;
  label: ReactNode;
  icon?: ReactNode;
}

/** The sidebar's entries: the menu items and, by key, where each leads. */
export function useShellMenu(): { items: Item[]; entries: Map<string, Entry> } {
  const { t, i18n } = useTranslation();
  const app = useMiniApp();
  const perm = app.permission;
  return useMemo(() => {
    const entries = new Map<string, Entry>();
    const enc = app.encoded;
    const leaf = (key: string, tab: string, label: ReactNode, icon?: ReactNode, href = childHref(tab, enc)): Item => {
      entries.set(key, { key, href, tab, label, icon });
      return { key, label, icon, title: typeof label === 'string' ? label : undefined };
    };
    const screen = (child: string, icon: ReactNode) => leaf(`screen:${child}`, child, t(`miniApp.screen.${child}`), icon);
    const items: Item[] = [];
    if (!perm) return { items, entries };
    items.push(leaf('home', 'index', t('miniApp.shell.home'), <HomeOutlined />));
    const dataTarget = perm.tableName || !perm.manager ? 'dataManage' : 'appConfigManage';
    items.push(leaf('data', dataTarget, t('miniApp.screen.dataManage'), <DatabaseOutlined />));
    // the app's own menus: each route names a child of the shell
    const menus = (list: AppMenuNode[]): Item[] => list.map((m) => (m.children?.length
      ? { key: `menuGroup:${m.id}`, label: m.menuName, icon: menuIcon(m.menuIcon ?? undefined) ?? <MenuOutlined />, children: menus(m.children) }
      : leaf(`menu:${m.id}`, menuChild(m.menuRouter).split('?')[0], m.menuName, menuIcon(m.menuIcon ?? undefined) ?? <MenuOutlined />, childHref(menuChild(m.menuRouter), enc))));
    if (perm.appMenu.length) items.push({ type: 'group', key: 'appMenus', label: t('miniApp.shell.appMenus'), children: menus(perm.appMenu) });
    if (perm.manager) {
      for (const g of SHELL_GROUPS) {
        const children = builtChildren(g.children);
        if (children.length) items.push({ key: `g:${g.key}`, label: t(g.title), icon: GROUP_ICONS[g.key], children: children.map((c) => screen(c, SCREEN_ICONS[c] ?? <AppstoreOutlined />)) });
      }
    }
    if (perm.perDiyOperate.length) {
      items.push({ key: 'g:buttons', label: t('miniApp.shell.groupButtons'), icon: <ThunderboltOutlined />, children: perm.perDiyOperate.map((b) => {
        const href = buttonHref(b.btnName, b.btnUrl, enc);
        const tab = `urlPath?name=${encodeURIComponent(b.btnName)}&src=${encodeURIComponent(b.btnUrl)}`;
        return leaf(`button:${b.id}`, tab, b.btnName, menuIcon(b.btnIcon ?? undefined) ?? <LinkOutlined />, href);
      }) });
    }
    return { items, entries };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [perm, app.encoded, t, i18n.language]);
}

export function ShellSidebar({ collapsed, activeTab, onOpen }: { collapsed: boolean; activeTab: string; onOpen: (href: string) => void }) {
  const { t } = useTranslation();
  const app = useMiniApp();
  const { items, entries } = useShellMenu();
  const name = app.info?.appName || app.params.appName;
  const [openKeys, setOpenKeys] = useState<string[]>([...SHELL_GROUPS.map((g) => `g:${g.key}`), 'g:buttons']);
  // the entry of the open tab (a management screen's own entry before 数据管理, which may lead to the design)
  const matching = [...entries.values()].filter((e) => e.tab === activeTab);
  const selected = (matching.find((e) => e.key !== 'data') ?? matching[0]) ? [(matching.find((e) => e.key !== 'data') ?? matching[0]).key] : [];
  return (
    <div className="mini-sider-inner">
      <div className="mini-sider-head" title={name}>
        {collapsed ? (
          <Tooltip title={name} placement="right">
            <span className="mini-sider-letter" data-testid="mini-sider-letter">{firstLetter(name)}</span>
          </Tooltip>
        ) : (
          <>
            <img className="mini-sider-icon" src={appIconUrl(app.info?.appIcon)} alt="" />
            <span className="mini-sider-name" data-testid="mini-sider-name">{name}</span>
          </>
        )}
      </div>
      {items.length ? (
        <Menu
          // remounted when the sidebar folds: folded, the groups open as pop-ups of their own; unfolded, the groups the reader opened
          key={collapsed ? 'folded' : 'open'}
          className="mini-sider-menu"
          mode="inline"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={selected}
          {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
          onClick={({ key }) => {
            const e = entries.get(String(key));
            if (e) onOpen(e.href);
          }}
        />
      ) : (
        <div className="mini-sider-empty" data-testid="mini-sider-empty">{collapsed ? '' : t('miniApp.shell.menuEmpty')}</div>
      )}
    </div>
  );
}
