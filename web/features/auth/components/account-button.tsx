import { isStaffRole } from '#common/auth/staff-roles.ts';
import { LayoutDashboard, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useSessionUser } from '#web/lib/session.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** Client access when signed out, the panel for a client, the back office for the staff. */
export function AccountButton({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const target = !user
    ? { to: '/acceder', label: t('nav.clientAccess'), Icon: UserRound }
    : isStaffRole(user.role)
      ? { to: '/admin', label: t('nav.admin'), Icon: ShieldCheck }
      : { to: '/panel', label: t('nav.myPanel'), Icon: LayoutDashboard };
  return (
    <Button asChild variant="accent" size="sm">
      <Link to={target.to} onClick={onNavigate}>
        <target.Icon className="h-4 w-4" aria-hidden />
        {target.label}
      </Link>
    </Button>
  );
}
