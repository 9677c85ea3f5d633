import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { BrandSpinner } from '#web/components/layout/brand-spinner.tsx';
import { Toaster } from '#web/components/ui/toast.tsx';
import { EngagementTermsHost } from '#web/features/engagements/components/engagement-terms-host.tsx';
import { ApiError } from '#web/lib/api.ts';
import { failureCaches } from '#web/lib/failures.ts';
import { RenderedOnServerContext } from '#web/lib/rendered-on-server.ts';

/** One per page load in the browser, one per rendered page on the server. */
export function createQueryClient() {
  return new QueryClient({
    ...failureCaches(),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}

export function Providers({
  queryClient,
  isRenderedOnServer,
  children,
}: {
  queryClient: QueryClient;
  isRenderedOnServer: boolean;
  children: ReactNode;
}) {
  return (
    <RenderedOnServerContext value={isRenderedOnServer}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<BrandSpinner />}>
          {/* Every hire reads and accepts the engagement letter before its checkout (web/lib/checkout-terms.tsx). */}
          <EngagementTermsHost>{children}</EngagementTermsHost>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </RenderedOnServerContext>
  );
}
