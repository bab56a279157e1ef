// How the portal opens what its rows point at (top menus, slides, shortcuts, links): an address of
// this site (/portal/...) is a route, an http(s) address leaves it; openWay (§4) 1 this page, 2
// replacing this page, 3 a new window.
import i18n from '../../../i18n';
import { navigate } from '../../../shell/nav';
import type { TopMenu } from '../types';

export const isExternal = (address: string) => /^https?:\/\//i.test(address);

/** The href of a route of this (hash-routed) site, for a new window or a plain link. */
export const siteHref = (route: string) => `${window.location.pathname}${window.location.search}#${route.replace(/^#/, '')}`;

/** Opens an address of a row per its openWay. */
export function openAddress(address: string | null | undefined, openWay: number | string | null | undefined = 1): void {
  const to = (address ?? '').trim();
  if (!to) return;
  const way = Number(openWay) || 1;
  if (isExternal(to)) {
    if (way === 3) window.open(to, '_blank', 'noopener');
    else if (way === 2) window.location.replace(to);
    else window.location.href = to;
    return;
  }
  const route = to.replace(/^#/, '');
  if (way === 3) window.open(siteHref(route), '_blank');
  else navigate(route, way === 2 ? { replace: true } : undefined);
}

/** A row's name in the reader's language (the English name when there is one). */
export function localName(zh: string | null | undefined, en?: string | null, language = i18n.language): string {
  return (language === 'en' && en?.trim() ? en : zh) ?? '';
}

/** The entries a visitor can open: top-level entries without children, and every sub-entry. */
export function leafMenus(menus: TopMenu[]): TopMenu[] {
  const out: TopMenu[] = [];
  const walk = (list: TopMenu[]) => {
    for (const m of list) {
      if (m.children?.length) walk(m.children);
      else if (m.jumpAddress) out.push(m);
    }
  };
  walk(menus);
  return out;
}

/** Path and query of an address of this site ('/portal/hall?x=1' → ['/portal/hall', 'x=1']). */
function splitRoute(address: string): [string, URLSearchParams] {
  const [path, query = ''] = address.replace(/^#/, '').split('?');
  return [path.replace(/\/+$/, '') || '/', new URLSearchParams(query)];
}

/**
 * Whether a menu's jump address is the page shown (§2.4: the active item by its jump address): the
 * same path, and every query value the address names equal to the page's. Parents are active when
 * one of their children is.
 */
export function isActive(m: TopMenu, pathname: string, search: string): boolean {
  if (m.children?.some((c) => isActive(c, pathname, search))) return true;
  const to = (m.jumpAddress ?? '').trim();
  if (!to || isExternal(to)) return false;
  const [path, query] = splitRoute(to);
  const [here, hereQuery] = splitRoute(`${pathname}${search}`);
  if (path !== here) return false;
  for (const [k, v] of query) if (hereQuery.get(k) !== v) return false;
  return true;
}
