import { useEffect } from 'react';
import type { MenuVO } from '../api/types';
import type { PageEntry } from '../pages/registry';
import { findMenuForLocation, findTrail, visibleMenu } from './menu';
import { syncUserData } from './session';
import { useMenuSync, useSession } from './store';

/**
 * Screens follow the menu (spec 000 §2.3: routes are built from the user's menu tree). A registered
 * screen opens only when the signed-in user holds a menu for it — the menu of the location itself
 * (exact path, or the longest leaf path it lies under, e.g. /workflow/design/form/design/1 under
 * /workflow/design/form), or one of the entry's `menu` paths (screens reached from another menu's
 * list). The few screens every signed-in user has are marked `everyone` in the registry
 * (pages/registry.ts lists them and says why). Anything else answers 'forbidden': the 403 page
 * shows and the screen's component is never mounted, so none of its calls are made.
 *
 * The menu kept in the session store may be older than the server's (it is stored across reloads),
 * so a path the stored menu does not hold waits ('pending') for this page load's menu/routes answer
 * before it is refused: a menu granted since the last visit opens. A path the stored menu holds
 * opens at once and is closed if the fresh menu no longer holds it — inside the layout; a screen in a
 * window of its own (no layout) waits for the fresh menu unless every user has it.
 */
export type Access =
  | { state: 'allowed'; /** the menu entries granting the screen, root first ([] for `everyone` screens) */ trail: MenuVO[] }
  | { state: 'pending' }
  | { state: 'forbidden' };

export function screenAccess(entry: PageEntry, pathname: string, search: string, menu: MenuVO[], roles: string[]): { allowed: boolean; trail: MenuVO[] } {
  const visible = visibleMenu(menu, roles);
  const own = findMenuForLocation(visible, pathname, search);
  if (own.length) return { allowed: true, trail: own };
  for (const path of entry.menu ?? []) {
    const granting = findTrail(visible, (m) => m.path === path && !m.children?.length);
    if (granting.length) return { allowed: true, trail: granting };
  }
  return { allowed: !!entry.everyone, trail: [] };
}

/**
 * The gate of a registered screen for the current user; starts this page load's menu reload when it has not run.
 * fresh: decide on this page load's menu only (a screen in a window of its own waits for it rather than
 * opening on the menu the browser stored, which may hold a grant taken back since, and loading its data).
 */
export function useScreenAccess(entry: PageEntry | undefined, pathname: string, search: string, fresh = false): Access {
  const menu = useSession((s) => s.menu);
  const roles = useSession((s) => s.roles);
  const status = useMenuSync((s) => s.status);
  const decided = entry ? screenAccess(entry, pathname, search, menu, roles) : { allowed: false, trail: [] };
  const stale = !!entry && status === 'stale';
  useEffect(() => {
    // the layout asks too; screens without it (new-window pages) rely on this call
    if (stale) syncUserData().catch(() => undefined);
  }, [stale]);
  if (stale && fresh && !entry.everyone) return { state: 'pending' };
  if (decided.allowed) return { state: 'allowed', trail: decided.trail };
  return stale ? { state: 'pending' } : { state: 'forbidden' };
}
