import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ClientLog, MenuVO, TokenAnswer, UserProfile } from '../api/types';
import { website } from '../website';

export interface Tag {
  /** Route path (plus query for iframe tabs), unique per tab. */
  value: string;
  /** Menu name, or an i18n key when `i18n` is set (shell pages). */
  label: string;
  i18n?: boolean;
  /** Menu code, so the label follows the language. */
  code?: string;
  query?: string;
  closable?: boolean;
}

export type Language = 'zh' | 'en';

interface SessionState {
  token: string;
  refreshToken: string;
  tenantId: string;
  /** Milliseconds since epoch of the last token grant; the refresher measures token age from it. */
  loginTime: number;
  expiresIn: number;
  userInfo: TokenAnswer | null;
  profile: UserProfile | null;
  permission: Record<string, true>;
  roles: string[];
  menu: MenuVO[];
  tags: Tag[];
  theme: string;
  colour: string;
  language: Language;
  collapse: boolean;
  setToken(answer: TokenAnswer): void;
  setProfile(profile: UserProfile): void;
  setMenu(menu: MenuVO[]): void;
  setPermission(codes: string[]): void;
  /** Forget everything tied to the signed-in user (token, menus, roles, tags). */
  clearSession(): void;
  setTags(tags: Tag[]): void;
  setTheme(theme: string): void;
  setColour(colour: string): void;
  setLanguage(language: Language): void;
  setCollapse(collapse: boolean): void;
}

const firstTag: Tag = { value: website.firstPage.value, label: 'menu.home', i18n: true, closable: false };

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: '',
      refreshToken: '',
      tenantId: website.tenantId,
      loginTime: 0,
      expiresIn: 0,
      userInfo: null,
      profile: null,
      permission: {},
      roles: [],
      menu: [],
      tags: [firstTag],
      theme: 'default',
      colour: website.defaultColor,
      language: 'zh',
      collapse: false,
      setToken: (answer) =>
        set({
          token: answer.access_token,
          refreshToken: answer.refresh_token,
          tenantId: answer.tenant_id || website.tenantId,
          loginTime: Date.now(),
          expiresIn: answer.expires_in,
          userInfo: answer,
        }),
      setProfile: (profile) => set({ profile, roles: profile.roles ?? [] }),
      setMenu: (menu) => set({ menu }),
      setPermission: (codes) => set({ permission: Object.fromEntries(codes.map((c) => [c, true as const])) }),
      clearSession: () =>
        set({
          token: '',
          refreshToken: '',
          loginTime: 0,
          expiresIn: 0,
          userInfo: null,
          profile: null,
          permission: {},
          roles: [],
          menu: [],
          tags: [firstTag],
        }),
      setTags: (tags) => set({ tags }),
      setTheme: (theme) => set({ theme }),
      setColour: (colour) => set({ colour }),
      setLanguage: (language) => set({ language }),
      setCollapse: (collapse) => set({ collapse }),
    }),
    { name: `${website.key}-session` },
  ),
);

export const FIRST_TAG = firstTag;

/**
 * Whether the menu in the session store is the server's answer for this page load: 'stale' after a
 * reload (the menu is the one stored last time), 'fresh' once menu/routes answered, 'failed' when
 * it could not be loaded. Not persisted: every page load starts stale. The screen gate
 * (shell/access.ts) waits for 'fresh' before refusing a path the stored menu does not hold.
 */
export type MenuSyncStatus = 'stale' | 'fresh' | 'failed';
export const useMenuSync = create<{ status: MenuSyncStatus; set(status: MenuSyncStatus): void }>()((set) => ({
  status: 'stale',
  set: (status) => set({ status }),
}));

interface LockState {
  isLock: boolean;
  lockPasswd: string;
  lock(passwd: string): void;
  unlock(): void;
}

/** The lock lives in session storage: closing the browser tab forgets it (spec 000 §4 Lock). */
export const useLock = create<LockState>()(
  persist(
    (set) => ({
      isLock: false,
      lockPasswd: '',
      lock: (lockPasswd) => set({ isLock: true, lockPasswd }),
      unlock: () => set({ isLock: false, lockPasswd: '' }),
    }),
    { name: `${website.key}-lock`, storage: createJSONStorage(() => sessionStorage) },
  ),
);

interface LogState {
  logs: ClientLog[];
  add(log: ClientLog): void;
  clear(): void;
}

/** Client error entries waiting to be uploaded with sendLogs. */
export const useLogs = create<LogState>()(
  persist(
    (set) => ({
      logs: [],
      // Keep the queue bounded so a render loop cannot fill local storage.
      add: (log) => set((s) => ({ logs: [log, ...s.logs].slice(0, 500) })),
      clear: () => set({ logs: [] }),
    }),
    { name: `${website.key}-logs` },
  ),
);
