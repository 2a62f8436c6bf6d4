import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/client/lib/api';

/**
 * The buyer's pages' query cache (confirmation, order page): one per tab, so the order page opened
 * from the confirmation shows the order it already has. Answers the server refused (4xx: no such
 * order, wrong token) are final; a failed network or 5xx is tried once more before the page says so.
 * Kept out of the shell every page loads: only these pages' chunks carry TanStack Query.
 */
const buyerQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
      refetchOnWindowFocus: false,
    },
  },
});

export function BuyerQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={buyerQueryClient}>{children}</QueryClientProvider>;
}
