import { MonitorSmartphone } from 'lucide-react';
import type { AccountSession } from '#common/auth/two-factor.contract.ts';
import { describeUserAgent } from '#common/auth/user-agent.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/two-factor.queries.ts';

function SessionItem({ session }: { session: AccountSession }) {
  const { t } = useTranslation('auth');
  const formatDate = useAdminDate();
  const end = useEndSession();
  const { browser, system } = describeUserAgent(session.userAgent);
  const device = browser && system ? t('sessions.device', { browser, system }) : (browser ?? system ?? t('sessions.unknownDevice'));
  const endIt = () =>
    end.mutate(session.id, { onSuccess: () => toast({ title: t('sessions.ended'), variant: 'success' }) });
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="space-y-0.5 text-sm text-slate-700">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {device}
          {session.isCurrent ? <Badge tone="green">{t('sessions.thisDevice')}</Badge> : null}
        </p>
        <p>{session.ipAddress ? t('sessions.address', { address: session.ipAddress }) : t('sessions.unknownAddress')}</p>
        <p>{t('sessions.since', { date: formatDate(session.createdAt) })}</p>
        <p>{t('sessions.lastActive', { date: formatDate(session.lastActiveAt) })}</p>
      </div>
      {session.isCurrent ? null : (
        <Button variant="outline" size="sm" onClick={endIt} disabled={end.isPending} aria-label={`${t('sessions.end')}: ${device}`}>
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );
}

/** 'Sesiones abiertas' on /perfil: where the account is signed in, and a way to end the others. */
export function SessionsSection() {
  const { t } = useTranslation('auth');
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  const endAllOthers = () =>
    endOthers.mutate(undefined, { onSuccess: () => toast({ title: t('sessions.endedOthers'), variant: 'success' }) });
  return (
    <section aria-labelledby="sessions-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center gap-3">
        <MonitorSmartphone className="h-5 w-5 text-brand-700" aria-hidden />
        <h2 id="sessions-title" className="text-lg font-semibold text-brand-900">
          {t('sessions.title')}
        </h2>
      </div>
      <p className="mt-2 text-sm text-slate-700">{t('sessions.description')}</p>
      <QueryState query={sessions} loading={t('sessions.loading')} failure={t('sessions.loadError')} className="mt-4 text-sm">
        {({ sessions: list }) => (
          <>
            <ul className="mt-2 divide-y divide-slate-200">
              {list.map((session) => (
                <SessionItem key={session.id} session={session} />
              ))}
            </ul>
            {list.some((session) => !session.isCurrent) ? (
              <Button variant="outline" className="mt-2" onClick={endAllOthers} disabled={endOthers.isPending}>
                {t('sessions.endOthers')}
              </Button>
            ) : (
              <p className="mt-2 text-sm text-slate-600">{t('sessions.onlyThis')}</p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
