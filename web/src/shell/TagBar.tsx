import { useEffect } from 'react';
import { Dropdown, Modal, Tabs, message, type MenuProps, type TabsProps } from 'antd';
import { CloseCircleOutlined, CloseOutlined, DownOutlined, ClearOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { clearCache } from '../api/auth';
import { menuLabel } from '../i18n';
import { matchPage } from '../pages/registry';
import { findMenuForLocation } from './menu';
import { useScreenAccess } from './access';
import { FIRST_TAG, useSession, type Tag } from './store';
import { siteTitle } from './site';
import { website } from '../website';

/** Tab identity: the path, plus the query for iframe tabs (one tab per embedded page). */
export function tagValue(pathname: string, search: string): string {
  return pathname === '/myiframe/urlPath' ? `${pathname}${search}` : pathname;
}

export function tagText(tag: Tag, t: (k: string) => string): string {
  if (tag.i18n) return t(tag.label);
  return tag.code ? menuLabel({ code: tag.code, name: tag.label }) : tag.label;
}

/** The tag bar's tabs (shared with the micro-app shell's): closable cards, the active one, choosing and closing one by key. */
export function tagTabsProps(t: (k: string) => string, active: string, onSelect: (key: string) => void, onClose: (key: string) => void): TabsProps {
  return {
    className: 'tag-tabs',
    type: 'editable-card',
    hideAdd: true,
    size: 'small',
    // the close buttons and the overflow menu are read out in the reader's language (rc-tabs' own are English)
    locale: { removeAriaLabel: t('tags.close'), dropdownAriaLabel: t('tags.more') },
    activeKey: active,
    onChange: onSelect,
    onEdit: (key, action) => {
      if (action === 'remove' && typeof key === 'string') onClose(key);
    },
  };
}

/** The tab menu (a right click on a tab, the bar's dropdown): clear cache, close others, close all.
 * othersDisabled: close others greyed out (the micro-app shell's tabs, when there is nothing to close). */
export function tabMenuItems(t: (k: string) => string, othersDisabled?: boolean): NonNullable<MenuProps['items']> {
  return [
    { key: 'clearCache', icon: <ClearOutlined />, label: t('tags.clearCache') },
    { type: 'divider' },
    { key: 'closeOthers', icon: <MinusCircleOutlined />, label: t('tags.closeOthers'), ...(othersDisabled === undefined ? {} : { disabled: othersDisabled }) },
    { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('tags.closeAll') },
  ];
}

/** Runs a tab menu item on the tab `value`; clearing the cache asks first and says when it is done. */
export function runTabMenu(key: string, value: string, t: (k: string) => string, on: { clearCache: () => Promise<unknown>; closeOthers: (value: string) => void; closeAll: () => void }): void {
  if (key === 'clearCache') {
    Modal.confirm({
      title: t('common.tip'),
      content: t('tags.clearCacheConfirm'),
      onOk: async () => {
        await on.clearCache();
        message.success(t('tags.clearCacheDone'));
      },
    });
  }
  if (key === 'closeOthers') on.closeOthers(value);
  if (key === 'closeAll') on.closeAll();
}

/**
 * Adds a tab for each visited route and keeps the document title on the tab label: the menu name
 * (or the screen's own title), "无权访问" for a screen the user's menu does not grant — never the
 * raw path.
 */
export function useRouteTags(): void {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const menu = useSession((s) => s.menu);
  const entry = matchPage(location.pathname);
  const access = useScreenAccess(entry, location.pathname, location.search);
  const granting = access.state === 'allowed' ? access.trail.at(-1) : undefined;
  useEffect(() => {
    // a screen waits for the menu to answer before it is shown or refused; so does its tab
    if (entry && access.state === 'pending') return;
    const { pathname, search } = location;
    const trail = findMenuForLocation(menu, pathname, search);
    const value = tagValue(pathname, search);
    let tag: Tag;
    if (pathname === '/myiframe/urlPath') {
      const name = new URLSearchParams(search).get('name');
      const code = trail.length ? trail[trail.length - 1].code : undefined;
      tag = name ? { value, label: name, code, query: search } : { value, label: 'menu.iframe', i18n: true, query: search };
    } else if (value === website.firstPage.value) {
      tag = FIRST_TAG;
    } else if (entry && access.state === 'forbidden') {
      tag = { value, label: 'menu.forbidden', i18n: true, query: search };
    } else if (trail.length && trail[trail.length - 1].path === pathname) {
      tag = { value, label: trail[trail.length - 1].name, code: trail[trail.length - 1].code, query: search };
    } else if (entry?.tabLabel?.(pathname)) {
      tag = { value, label: entry.tabLabel(pathname)!, query: search };
    } else if (entry?.title) {
      tag = { value, label: entry.title, i18n: true, query: search };
    } else if (trail.length) {
      tag = { value, label: trail[trail.length - 1].name, code: trail[trail.length - 1].code, query: search };
    } else if (granting) {
      // a screen granted through another menu (registry `menu`) carries that menu's name
      tag = { value, label: granting.name, code: granting.code, query: search };
    } else {
      tag = { value, label: 'menu.notFound', i18n: true, query: search };
    }
    if (entry?.tab !== false) {
      const { tags: all, setTags } = useSession.getState();
      // one 无权访问 tab at most: a refused address replaces the previous one
      const isForbidden = (x: Tag) => x.i18n === true && x.label === 'menu.forbidden';
      const tags = isForbidden(tag) ? all.filter((x) => x.value === value || !isForbidden(x)) : all;
      const at = tags.findIndex((x) => x.value === value);
      if (at < 0) setTags([...tags, tag]);
      else if (tags !== all || tags[at].query !== tag.query || tags[at].label !== tag.label || tags[at].i18n !== tag.i18n) setTags(tags.map((x, i) => (i === at ? { ...x, ...tag } : x)));
    }
    document.title = `${tagText(tag, t)} - ${siteTitle(i18n.language)}`;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, menu, t, i18n.language, access.state, granting?.id]);
}

export function TagBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const tags = useSession((s) => s.tags);
  const setTags = useSession((s) => s.setTags);
  const active = tagValue(location.pathname, location.search);

  const open = (tag: Tag) => navigate(tag.value.includes('?') ? tag.value : `${tag.value}${tag.query ?? ''}`);
  const closable = (tag: Tag) => tags.length > 1 && tag.closable !== false && tag.value !== website.firstPage.value;

  const close = (value: string) => {
    const at = tags.findIndex((x) => x.value === value);
    if (at < 0 || !closable(tags[at])) return;
    const rest = tags.filter((x) => x.value !== value);
    setTags(rest);
    if (value === active) open(rest[Math.min(at, rest.length - 1)] ?? FIRST_TAG);
  };

  const closeOthers = (keep: string) => {
    setTags(tags.filter((x) => x.value === keep || !closable(x)));
    if (keep !== active) {
      const tag = tags.find((x) => x.value === keep);
      if (tag) open(tag);
    }
  };

  const closeAll = () => {
    setTags(tags.filter((x) => !closable(x)).length ? tags.filter((x) => !closable(x)) : [FIRST_TAG]);
    navigate(website.firstPage.value);
  };

  const menuFor = (value: string): MenuProps => ({
    items: tabMenuItems(t),
    onClick: ({ key }) => runTabMenu(key, value, t, { clearCache, closeOthers, closeAll }),
  });

  return (
    <div className="tag-bar">
      <Tabs
        {...tagTabsProps(t, active, (key) => {
          const tag = tags.find((x) => x.value === key);
          if (tag) open(tag);
        }, close)}
        items={tags.map((tag) => ({
          key: tag.value,
          closable: closable(tag),
          closeIcon: <CloseOutlined aria-label={t('tags.close')} />,
          label: (
            <Dropdown menu={menuFor(tag.value)} trigger={['contextMenu']}>
              <span className="tag-label" data-tag={tag.value}>
                {tagText(tag, t)}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown menu={menuFor(active)} placement="bottomRight">
              <span className="tag-actions" role="button" aria-label={t('tags.menu')}>
                <DownOutlined />
              </span>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
