import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { BrandSpinner } from '#web/components/layout/brand-spinner.tsx';
import { Toaster } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api.ts';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
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
