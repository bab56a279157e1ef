import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

// react-query serves signed-in screens only (the top bar's dialogs, personal info), so its
// provider lives in the admin layout rather than in App: the login page does not download it.
// One client for the whole session, so its cache outlives a remount of the layout.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
