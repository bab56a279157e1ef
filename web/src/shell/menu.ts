import type { ButtonNode, MenuVO } from '../api/types';

/** Menu paths that contain html or start with http are shown in the iframe route (spec 000 §2.1). */
export function isIframePath(path: string): boolean {
  return /^https?:\/\//i.test(path) || path.includes('html');
}

export function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

export function iframeRoute(name: string, src: string): string {
  return `/myiframe/urlPath?name=${encodeURIComponent(name)}&src=${encodeURIComponent(src)}`;
}

export type MenuTarget = { kind: 'window'; url: string } | { kind: 'route'; to: string };

/** Where choosing a menu entry goes: a new window (open mode 2 + external), the iframe route, or the path. */
export function menuTarget(menu: MenuVO): MenuTarget {
  if (menu.isOpen === 2 && isExternal(menu.path)) return { kind: 'window', url: menu.path };
  if (isIframePath(menu.path)) return { kind: 'route', to: iframeRoute(menu.name, menu.path) };
  return { kind: 'route', to: menu.path };
}

/** A leaf shows only when its meta roles are empty or include one of the user's roles. */
export function visibleMenu(menu: MenuVO[], roles: string[]): MenuVO[] {
  const out: MenuVO[] = [];
  for (const m of menu) {
    if (m.children?.length) {
      const children = visibleMenu(m.children, roles);
      if (children.length) out.push({ ...m, children });
      continue;
    }
    const need = m.meta?.roles ?? [];
    if (need.length === 0 || need.some((r) => roles.includes(r))) out.push(m);
  }
  return out;
}

export function leaves(menu: MenuVO[]): MenuVO[] {
  const out: MenuVO[] = [];
  const walk = (list: MenuVO[]) => {
    for (const m of list) {
      if (m.children?.length) walk(m.children);
      else out.push(m);
    }
  };
  walk(menu);
  return out;
}

/** Path of ids from the root to the entry whose path matches, for open keys and active state. */
export function findTrail(menu: MenuVO[], match: (m: MenuVO) => boolean): MenuVO[] {
  for (const m of menu) {
    if (match(m)) return [m];
    if (m.children?.length) {
      const sub = findTrail(m.children, match);
      if (sub.length) return [m, ...sub];
    }
  }
  return [];
}

/** The menu entry for a location: exact path, iframe src, or the longest group path containing it. */
export function findMenuForLocation(menu: MenuVO[], pathname: string, search: string): MenuVO[] {
  if (pathname === '/myiframe/urlPath') {
    const src = new URLSearchParams(search).get('src') ?? '';
    return findTrail(menu, (m) => m.path === src);
  }
  const exact = findTrail(menu, (m) => m.path === pathname);
  if (exact.length) return exact;
  let best: MenuVO[] = [];
  for (const leaf of leaves(menu)) {
    if (leaf.path && leaf.path !== '/' && pathname.startsWith(`${leaf.path}/`) && leaf.path.length > (best.at(-1)?.path.length ?? 0)) {
      best = findTrail(menu, (m) => m.id === leaf.id);
    }
  }
  return best;
}

/** Flattens the button tree of /menu/buttons into permission codes. */
export function flattenButtons(tree: ButtonNode[]): string[] {
  const codes: string[] = [];
  const walk = (list: ButtonNode[]) => {
    for (const n of list) {
      if (n.code) codes.push(n.code);
      if (n.children?.length) walk(n.children);
    }
  };
  walk(tree);
  return codes;
}
