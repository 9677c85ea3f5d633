import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { SessionsSection } from '#web/features/auth/components/sessions-section.tsx';
import { SignOutButton } from '#web/features/auth/components/sign-out-button.tsx';
import { TwoFactorSection } from '#web/features/auth/components/two-factor-section.tsx';
import { NotificationsSection } from '#web/features/notifications/components/notifications-section.tsx';
import { useProfile } from '#web/features/profile/api/profile.queries.ts';
import { AccountDeletionSection } from '#web/features/profile/components/account-deletion-section.tsx';
import { DataExportSection } from '#web/features/profile/components/data-export-section.tsx';
import { ProfileForm } from '#web/features/profile/components/profile-form.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

export default function ProfilePage() {
  const { t } = useTranslation('portal');
  const profile = useProfile({ failureTitle: t('profile.loadError') });

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <PageMeta title={t('profile.title')} description={t('profile.subtitle')} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Button asChild variant="ghost" size="sm">
          <Link to="/panel">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            {t('profile.backToPanel')}
          </Link>
        </Button>
        <SignOutButton />
      </div>
      <h1 className="mt-6 text-3xl font-bold text-brand-900">{t('profile.title')}</h1>
      <p className="mt-2 text-slate-700">{t('profile.subtitle')}</p>
      <div className="mt-8 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <QueryState query={profile} loading={t('profile.loading')} failure={t('profile.loadError')} className="text-sm">
          {(loaded) => <ProfileForm profile={loaded} />}
        </QueryState>
      </div>
      <div className="mt-8 space-y-6">
        <NotificationsSection />
        <TwoFactorSection />
        <SessionsSection />
        <DataExportSection />
        <AccountDeletionSection />
      </div>
    </section>
  );
}
