// The app a micro-app screen works on: decoded from its params, with what the server says the caller
// may do in it. The shell (/miniApp/home/*) and the data screen outside it (/webapp/myApp/{params})
// both provide it; every screen below reads it with useMiniApp().
import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getAppInfoById, queryAppPermissionInfo, type AppInfo, type AppPermissionInfo } from './api';
import type { AppParams } from './params';

export interface MiniAppState {
  params: AppParams;
  /** the params as they travel in addresses (encodeParams) */
  encoded: string;
  info: AppInfo | null;
  /** null while loading or when the caller has no access (error says which) */
  permission: AppPermissionInfo | null;
  loading: boolean;
  /** the server's refusal (403 no access, 400 no such app) */
  error: unknown;
  refresh(): void;
}

const Ctx = createContext<MiniAppState | null>(null);

export function MiniAppProvider({ params, encoded, children }: { params: AppParams; encoded: string; children: ReactNode }) {
  const info = useQuery({ queryKey: ['miniApp', 'info', params.appId], queryFn: () => getAppInfoById(params.appId), retry: false });
  const perm = useQuery({ queryKey: ['miniApp', 'permission', params.appId], queryFn: () => queryAppPermissionInfo(params.appId), retry: false });
  const state: MiniAppState = {
    params, encoded,
    info: info.data ?? null,
    permission: perm.data ?? null,
    loading: info.isLoading || perm.isLoading,
    error: perm.error ?? info.error,
    refresh: () => { void info.refetch(); void perm.refetch(); },
  };
  return <Ctx.Provider value={state}>{children}</Ctx.Provider>;
}

export function useMiniApp(): MiniAppState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useMiniApp outside MiniAppProvider');
  return v;
}
