import { useNavigate, useParams } from 'react-router';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { useSignIn } from '#web/features/auth/api/auth.queries.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { InvitationAcceptForm } from '#web/features/staff/components/invitation-accept.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

/**
 * Reached from the invitation the owner mailed: /equipo/invitacion/<secret>. Once the account is
 * made the person is signed in and sent to the back office, which sets up the second factor first.
 */
export default function StaffInvitationPage() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const signIn = useSignIn({ failureTitle: t('accept.title') });
  return (
    <>
      <PageMeta title={t('accept.title')} description={t('accept.subtitle')} />
      <AuthCard title={t('accept.title')} subtitle={t('accept.subtitle')}>
        <InvitationAcceptForm
          token={token}
          isContinuing={signIn.isPending}
          onAccepted={(credentials) => signIn.mutate(credentials, { onSuccess: () => void navigate('/admin', { replace: true }) })}
        />
      </AuthCard>
    </>
  );
}
