import { message } from 'antd';
import * as auth from '../api/auth';
import { getButtons, getMenuRoutes } from '../api/system';
import type { TokenAnswer } from '../api/types';
import { setUnauthorizedHandler } from '../api/request';
import { flattenButtons } from './menu';
import { navigate } from './nav';
import { casEnabled, casLoginUrl, useSite } from './site';
import { FIRST_TAG, useLock, useMenuSync, useSession } from './store';
import { website } from '../website';
import i18n from '../i18n';

/** After any token grant at sign-in: store it, clear tags and the lock, then load the user's data. */
export async function completeLogin(answer: TokenAnswer): Promise<void> {
  const s = useSession.getState();
  s.setToken(answer);
  s.setTags([FIRST_TAG]);
  useLock.getState().unlock();
  await loadUserData();
}

/** user-info, menu routes and button permissions for the current token. */
export async function loadUserData(): Promise<void> {
  try {
    const [profile, menu, buttons] = await Promise.all([auth.getUserInfo(), getMenuRoutes(), getButtons()]);
    const s = useSession.getState();
    s.setProfile(profile);
    s.setMenu(menu ?? []);
    s.setPermission(flattenButtons(buttons ?? []));
    useMenuSync.getState().set('fresh');
  } catch (e) {
    useMenuSync.getState().set('failed');
    throw e;
  }
}

let syncing: Promise<void> | undefined;
/**
 * Reloads the user's data once per page load for whoever asks first (the layout on mount, the screen
 * gate for a path the stored menu does not hold); later callers share the same request.
 */
export function syncUserData(): Promise<void> {
  if (useMenuSync.getState().status !== 'stale') return Promise.resolve();
  syncing ??= loadUserData().finally(() => {
    syncing = undefined;
  });
  return syncing;
}

function clearLocal(): void {
  useSession.getState().clearSession();
  useMenuSync.getState().set('stale');
  useLock.getState().unlock();
}

/** Where an unauthenticated user goes: the sign-on server when CAS is on, else /login. */
export function goToLogin(toUrl = website.firstPage.value): void {
  if (casEnabled()) {
    window.location.href = casLoginUrl(toUrl);
    return;
  }
  navigate('/login', { replace: true });
}

/** Log out: revoke on the server, forget token, menus, roles, tags and lock, then leave. */
export async function signOut(): Promise<void> {
  if (useSession.getState().token) {
    try {
      await auth.logout();
    } catch {
      // The session is cleared locally whatever the server says.
    }
  }
  clearLocal();
  const { cas } = useSite.getState();
  if (casEnabled() && cas.casServerLogoutUrl) {
    window.location.href = cas.casServerLogoutUrl;
    return;
  }
  navigate('/login', { replace: true });
}

/** A 401 from any call: the session is over. */
let handling401 = false;
setUnauthorizedHandler(() => {
  if (handling401) return;
  handling401 = true;
  clearLocal();
  setTimeout(() => {
    handling401 = false;
  }, 1000);
  goToLogin();
});

/** Department/role switch: refresh_token grant with the chosen ids, then reload menus and go home. */
export async function switchDeptRole(deptId: string, roleId: string): Promise<void> {
  const s = useSession.getState();
  const answer = await auth.refreshToken(s.refreshToken, s.tenantId, deptId, roleId);
  s.setToken(answer);
  s.setTags([FIRST_TAG]);
  await loadUserData();
  message.success(i18n.t('switch.done'));
  navigate(website.firstPage.value);
}

let refreshing = false;
/** Refreshes the token once its age reaches tokenTime; guarded so only one refresh runs at a time. */
export async function refreshIfDue(now = Date.now()): Promise<boolean> {
  const s = useSession.getState();
  if (refreshing || !s.token || !s.refreshToken) return false;
  if (now - s.loginTime < website.tokenTime * 1000) return false;
  refreshing = true;
  try {
    const answer = await auth.refreshToken(s.refreshToken, s.tenantId);
    useSession.getState().setToken(answer);
    return true;
  } catch {
    return false;
  } finally {
    refreshing = false;
  }
}

let timer: number | undefined;
export function startTokenRefresher(): void {
  if (timer !== undefined) return;
  timer = window.setInterval(() => void refreshIfDue(), website.tokenCheckInterval);
}
