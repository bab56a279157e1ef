import type { ReactNode } from 'react';
import { useSession } from '../shell/store';

/** The only permission check for buttons: true when the button code is in the user's map. */
export function usePermission(code: string | undefined): boolean {
  const granted = useSession((s) => (code ? s.permission[code] === true : true));
  return granted;
}

/** Renders its children only when the user holds the permission code. */
export function Permitted({ code, children, fallback = null }: { code?: string; children: ReactNode; fallback?: ReactNode }) {
  return usePermission(code) ? <>{children}</> : <>{fallback}</>;
}
