import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import type { ReplyTimerKind } from '#common/reply-timers/reply-timers.contract.ts';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { ClientsAdminTab } from '#web/features/admin/components/clients-admin-tab.tsx';
import { AgendaAdminTab } from '#web/features/agenda/components/agenda-admin-tab.tsx';
import { AuditAdminTab } from '#web/features/audit/components/audit-admin-tab.tsx';
import { useSessionUser } from '#web/lib/session.ts';
import { SignOutButton } from '#web/features/auth/components/sign-out-button.tsx';
import { AdminChatTab } from '#web/features/chat/components/admin-chat-tab.tsx';
import { CasesAdminTab } from '#web/features/cases/components/cases-admin-tab.tsx';
import { CasesUnreadCount } from '#web/features/cases/components/cases-unread-count.tsx';
import { ConsultationsAdminTab } from '#web/features/consultations/components/consultations-admin-tab.tsx';
import { ContactAdminTab } from '#web/features/contact/components/contact-admin-tab.tsx';
import { DeadlinesAdminTab } from '#web/features/deadlines/components/deadlines-admin-tab.tsx';
import { FailedMailsAdminTab } from '#web/features/mail/components/failed-mails-admin-tab.tsx';
import { FailedMailsCount } from '#web/features/mail/components/failed-mails-count.tsx';
import { NewsAdminTab } from '#web/features/news/components/news-admin-tab.tsx';
import { PaymentsAdminTab } from '#web/features/payments/components/payments-admin-tab.tsx';
import { ProceduresAdminTab } from '#web/features/procedures/components/procedures-admin-tab.tsx';
import { QuotesAdminTab } from '#web/features/quotes/components/quotes-admin-tab.tsx';
import { TranslationQuoteDialog } from '#web/features/quotes/components/translation-quote-dialog.tsx';
import { OverdueCount } from '#web/features/reply-timers/components/overdue-count.tsx';
import { useReplyTimersAfterWrites } from '#web/features/reply-timers/api/reply-timers.queries.ts';
import { ReplyTimerBadge } from '#web/features/reply-timers/components/reply-timer-badge.tsx';
import { SectionsAdminTab } from '#web/features/sections/components/sections-admin-tab.tsx';
import { ServicesAdminTab } from '#web/features/services/components/services-admin-tab.tsx';
import { SetupCheckBanner } from '#web/features/setup/components/setup-check-banner.tsx';
import { TranslationsAdminTab } from '#web/features/translations/components/translations-admin-tab.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

/** A row's reply timer, and the tab's count of overdue requests, for the tabs of requests the site promises to answer in time. */
const replyTimer = (kind: ReplyTimerKind) => (id: string) => <ReplyTimerBadge kind={kind} id={id} />;
const overdueCount = (kind: ReplyTimerKind) => () => <OverdueCount kind={kind} />;

/**
 * The firm's back office: one tab per kind of record, the open tab kept in the address (?tab=);
 * a tab with a `Count` shows beside its name what needs the firm's attention.
 */
const tabs = [
  { id: 'expedientes', key: 'cases', Panel: CasesAdminTab, Count: CasesUnreadCount },
  { id: 'plazos', key: 'deadlines', Panel: DeadlinesAdminTab },
  { id: 'tramites', key: 'procedures', Panel: ProceduresAdminTab },
  { id: 'servicios', key: 'services', Panel: ServicesAdminTab },
  {
    id: 'consultas',
    key: 'consultations',
    Panel: () => <ConsultationsAdminTab replyTimer={replyTimer('consultation')} />,
    Count: overdueCount('consultation'),
  },
  { id: 'pagos', key: 'payments', Panel: PaymentsAdminTab },
  { id: 'presupuestos', key: 'quotes', Panel: QuotesAdminTab },
  { id: 'chat', key: 'chat', Panel: () => <AdminChatTab replyTimer={replyTimer('chat')} />, Count: overdueCount('chat') },
  { id: 'contacto', key: 'contact', Panel: () => <ContactAdminTab replyTimer={replyTimer('contact')} />, Count: overdueCount('contact') },
  {
    id: 'traducciones',
    key: 'translations',
    Panel: () => <TranslationsAdminTab replyTimer={replyTimer('translation')} quoteAction={(request) => <TranslationQuoteDialog request={request} />} />,
    Count: overdueCount('translation'),
  },
  { id: 'agenda', key: 'agenda', Panel: AgendaAdminTab },
  { id: 'noticias', key: 'news', Panel: NewsAdminTab },
  { id: 'paginas', key: 'sections', Panel: SectionsAdminTab },
  { id: 'clientes', key: 'clients', Panel: ClientsAdminTab },
  { id: 'auditoria', key: 'audit', Panel: AuditAdminTab },
  { id: 'correos', key: 'mail', Panel: FailedMailsAdminTab, Count: FailedMailsCount },
] as const;

export default function AdminPage() {
  const { t } = useTranslation('admin');
  const user = useSessionUser();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const active = tabs.some((tab) => tab.id === requested) ? (requested as string) : tabs[0].id;
  useReplyTimersAfterWrites();

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 md:py-14">
      <PageMeta title={t('title')} description={t('intro')} />
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
          <p className="mt-2 text-slate-700">{t('greeting', { name: user?.firstName ?? '' })}</p>
        </div>
        <SignOutButton />
      </div>
      <SetupCheckBanner />
      <Tabs.Root value={active} onValueChange={(tab) => setSearch({ tab }, { replace: true })} className="mt-8">
        <Tabs.List aria-label={t('tabsLabel')} className="flex flex-wrap gap-1 border-b border-slate-200">
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.id}
              value={tab.id}
              className="-mb-px rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-700 hover:text-brand-800 data-[state=active]:border-brand-800 data-[state=active]:text-brand-900"
            >
              {t(`tabs.${tab.key}`)}
              {'Count' in tab ? <tab.Count /> : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ id, key, Panel }) => (
          <Tabs.Content key={id} value={id} className="pt-6 focus-visible:outline-none">
            <h2 className="sr-only">{t(`tabs.${key}`)}</h2>
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
