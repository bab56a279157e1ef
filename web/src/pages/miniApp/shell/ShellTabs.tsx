// The tab bar of the micro-app shell (001 §2.2): the opened child screens as tabs, closable when
// more than one is open (the welcome tab stays); a right-click menu (clear cache, close others,
// close all) and a dropdown (search the tabs, close others, close all, clear cache). Closing all
// returns to the welcome tab; clearing the cache asks first and says when it is done. The same
// look and words as the back office's tag bar (shell/TagBar.tsx).
import { useState } from 'react';
import { Dropdown, Input, Tabs, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { runTabMenu, tabMenuItems, tagTabsProps } from '../../../shell/TagBar';

export interface ShellTab {
  /** identity: the child path (nav.ts tabKeyOf) */
  key: string;
  /** where it leads */
  href: string;
  /** an i18n key (i18n) or a name (a custom button's, an app menu's) */
  title: string;
  i18n?: boolean;
}

export const WELCOME = 'index';

export function tabTitle(tab: ShellTab, t: (k: string) => string): string {
  return tab.i18n ? t(tab.title) : tab.title;
}

export function ShellTabs({ tabs, active, onOpen, onChange, onClearCache }: {
  tabs: ShellTab[];
  active: string;
  onOpen: (tab: ShellTab) => void;
  /** the tabs left after a close; leave: the tab to open next (the closed one was showing) */
  onChange: (tabs: ShellTab[], open?: ShellTab) => void;
  onClearCache: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const closable = (tab: ShellTab) => tabs.length > 1 && tab.key !== WELCOME;
  const welcome = tabs.find((x) => x.key === WELCOME) ?? tabs[0];

  const close = (key: string) => {
    const at = tabs.findIndex((x) => x.key === key);
    if (at < 0 || !closable(tabs[at])) return;
    const rest = tabs.filter((x) => x.key !== key);
    onChange(rest, key === active ? rest[Math.min(at, rest.length - 1)] : undefined);
  };
  const closeOthers = (keep: string) => {
    const rest = tabs.filter((x) => x.key === keep || !closable(x));
    onChange(rest, keep !== active ? tabs.find((x) => x.key === keep) : undefined);
  };
  const closeAll = () => onChange(tabs.filter((x) => x.key === WELCOME), welcome);
  const actions = (value: string): MenuProps['items'] => tabMenuItems(t, !tabs.some((x) => x.key !== value && closable(x)));
  const run = (key: string, value: string) => runTabMenu(key, value, t, { clearCache: onClearCache, closeOthers, closeAll });
  const found = tabs.filter((x) => tabTitle(x, t).toLowerCase().includes(search.trim().toLowerCase()));

  return (
    <div className="tag-bar mini-tag-bar">
      <Tabs
        {...tagTabsProps(t, active, (key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) onOpen(tab);
        }, close)}
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: closable(tab),
          closeIcon: <CloseOutlined aria-label={t('tags.close')} />,
          label: (
            <Dropdown menu={{ items: actions(tab.key), onClick: ({ key }) => run(key, tab.key) }} trigger={['contextMenu']}>
              <span className="tag-label" data-tag={tab.key}>{tabTitle(tab, t)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown
              open={menuOpen}
              onOpenChange={(o) => { setMenuOpen(o); if (!o) setSearch(''); }}
              trigger={['click']}
              placement="bottomRight"
              menu={{ items: actions(active), onClick: ({ key }) => { setMenuOpen(false); run(key, active); } }}
              popupRender={(menu) => (
                <div className="mini-tab-menu">
                  <div className="mini-tab-search">
                    <Input
                      size="small"
                      allowClear
                      prefix={<SearchOutlined />}
                      placeholder={t('miniApp.shell.searchTabs')}
                      value={search}
                      onChange={(e) => setSearch(e.target.value)}
                      onKeyDown={(e) => e.stopPropagation()}
                    />
                    <ul className="mini-tab-found">
                      {found.map((tab) => (
                        <li key={tab.key} className={tab.key === active ? 'active' : ''} onClick={() => { setMenuOpen(false); setSearch(''); onOpen(tab); }}>
                          {tabTitle(tab, t)}
                        </li>
                      ))}
                      {!found.length && <li className="none">{t('miniApp.shell.noTabFound')}</li>}
                    </ul>
                  </div>
                  {menu}
                </div>
              )}
            >
              <span className="tag-actions" role="button" aria-label={t('tags.menu')} data-testid="mini-tab-actions">
                <DownOutlined />
              </span>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
