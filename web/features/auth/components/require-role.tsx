import { isStaffRole } from '#common/auth/staff-roles.ts';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '#common/auth/auth.contract.ts';
import { BrandSpinner } from '#web/components/layout/brand-spinner.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { useSession } from '#web/lib/session.ts';
import { useTranslation } from '#web/lib/translation.tsx';

// Only an admin without a second factor meets the set-up form: its code stays out of every visitor's first load.
const TwoFactorGate = lazy(() => import('./two-factor-gate.tsx').then((module) => ({ default: module.TwoFactorGate })));

type Refusal = 'denied' | 'unauthorized';

function RefusalToast({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation('auth');
  useEffect(() => {
    showRefusal(t(`session.${refusal}Title`), t(`session.${refusal}Description`));
  }, [refusal, t]);
  return null;
}

/** The browser's gate for an area; the server enforces the same on every API route. */
export function RequireRole({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  // A session that ends while the page is open (sign-out) leads home, not to a refusal.
  const [hadUser, setHadUser] = useState(false);
  const user = data?.user;
  const isSignedIn = Boolean(user);
  // The panel's offline page and notifications (ADR 059): registered by a signed-in person's
  // private page, so no visitor of the public pages loads a byte of it.
  useEffect(() => {
    if (isSignedIn) void import('#web/lib/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker()).catch(() => undefined);
  }, [isSignedIn]);
  if (user && !hadUser) setHadUser(true);
  if (isPending) return <BrandSpinner />;
  if (!user && hadUser) return <Navigate to="/" replace />;
  if (!user) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <>
        <RefusalToast refusal="denied" />
        <Navigate to={`/acceder?redirect=${redirect}`} replace />
      </>
    );
  }
  // A staff member without a second factor sets it up before the back office opens (the server refuses it until then).
  if (roles.some((role) => isStaffRole(role)) && user.isTwoFactorSetupRequired) {
    return (
      <Suspense fallback={<BrandSpinner />}>
        <TwoFactorGate />
      </Suspense>
    );
  }
  if (!roles.includes(user.role)) {
    return (
      <>
        <RefusalToast refusal="unauthorized" />
        <Navigate to="/panel" replace />
      </>
    );
  }
  return children;
}
