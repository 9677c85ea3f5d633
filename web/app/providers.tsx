import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { BrandSpinner } from '#web/components/layout/brand-spinner.tsx';
import { Toaster } from '#web/components/ui/toast.tsx';
import { replyTimersKey } from '#web/features/reply-timers/api/reply-timers.queries.ts';
import { ApiError } from '#web/lib/api.ts';

function createQueryClient() {
  const client: QueryClient = new QueryClient({
    // Any write may stop a reply timer (a chat reply, a call set, a request marked answered): they are read again.
    mutationCache: new MutationCache({
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: replyTimersKey });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
  return client;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BrandSpinner />}>
        {children}
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
