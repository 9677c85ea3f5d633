import { LogOut } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSignOut } from '../api/auth.queries.ts';

export function SignOutButton() {
  const { t } = useTranslation('auth');
  const signOut = useSignOut({ failureTitle: t('session.signOutFailedTitle') });
  return (
    <Button
      variant="outline"
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, { onSuccess: () => toast({ title: t('session.signedOut'), variant: 'success' }) })
      }
    >
      <LogOut className="h-4 w-4" aria-hidden />
      {t('session.signOut')}
    </Button>
  );
}
