import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { EngagementAcceptance, EngagementLetterRequest } from '#common/engagements/engagements.contract.ts';
import { CheckoutTermsContext } from '#web/lib/checkout-terms.tsx';

// The letter's dialog (Markdown, the checkboxes) loads when a client hires, not with every page.
const EngagementTermsDialog = lazy(() => import('./engagement-terms-dialog.tsx').then((module) => ({ default: module.EngagementTermsDialog })));

type Pending = { request: EngagementLetterRequest; resolve: (acceptance: EngagementAcceptance | null) => void };

/** Gives every hire below it the engagement letter to read and accept before the checkout (web/lib/checkout-terms.tsx). */
export function EngagementTermsHost({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback(
    (request: EngagementLetterRequest) =>
      new Promise<EngagementAcceptance | null>((resolve) => {
        setPending({ request, resolve });
      }),
    [],
  );
  return (
    <CheckoutTermsContext value={ask}>
      {children}
      {pending ? (
        <Suspense fallback={null}>
          <EngagementTermsDialog
            request={pending.request}
            onAnswer={(acceptance) => {
              setPending(null);
              pending.resolve(acceptance);
            }}
          />
        </Suspense>
      ) : null}
    </CheckoutTermsContext>
  );
}
