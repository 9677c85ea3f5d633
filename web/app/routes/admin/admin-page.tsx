import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { mayUse } from '#common/auth/permissions.ts';
import type { ReplyTimerKind } from '#common/reply-timers/reply-timers.contract.ts';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { AdminNavigation } from './admin-navigation.tsx';
import { ClientsAdminTab } from '#web/features/admin/components/clients-admin-tab.tsx';
import { AgendaAdminTab } from '#web/features/agenda/components/agenda-admin-tab.tsx';
import { AuditAdminTab } from '#web/features/audit/components/audit-admin-tab.tsx';
import { useSessionUser } from '#web/lib/session.ts';
import { SignOutButton } from '#web/features/auth/components/sign-out-button.tsx';
import { AdminChatTab } from '#web/features/chat/components/admin-chat-tab.tsx';
import { CasesAdminTab } from '#web/features/cases/components/cases-admin-tab.tsx';
import { CasesUnreadCount } from '#web/features/cases/components/cases-unread-count.tsx';
import { SwornTranslationsAdminTab } from '#web/features/cases/components/sworn-translations-admin-tab.tsx';
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
import { SearchPalette } from '#web/features/search/components/search-palette.tsx';
import { SectionsAdminTab } from '#web/features/sections/components/sections-admin-tab.tsx';
import { ServicesAdminTab } from '#web/features/services/components/services-admin-tab.tsx';
import { EngagementLetterDialog } from '#web/features/engagements/components/engagement-letter-dialog.tsx';
import { SetupCheckBanner } from '#web/features/setup/components/setup-check-banner.tsx';
import { TeamAdminTab } from '#web/features/staff/components/team-admin-tab.tsx';
import { TodayAdminTab } from '#web/features/today/components/today-admin-tab.tsx';
import { TranslationsAdminTab } from '#web/features/translations/components/translations-admin-tab.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { StaffNotesDialog } from '#web/features/notes/components/staff-notes.tsx';

/** A row's reply timer, and the tab's count of overdue requests, for the tabs of requests the site promises to answer in time. */
const replyTimer = (kind: ReplyTimerKind) => (id: string) => <ReplyTimerBadge kind={kind} id={id} />;
const overdueCount = (kind: ReplyTimerKind) => () => <OverdueCount kind={kind} />;

/**
 * The firm's back office: one tab per kind of record, the open tab kept in the address (?tab=),
 * the tabs grouped by the work in the menu (admin-navigation.tsx);
 * a tab with a `Count` shows beside its name what needs the firm's attention. Each tab names the
 * route that lists it: a role the permission table refuses that route does not see the tab (the
 * server stays the gate).
 */
const tabs = [
  // First: /admin without a tab opens on each person's list.
  { id: 'hoy', group: 'today', route: 'GET /api/admin/today', key: 'today', Panel: TodayAdminTab },
  { id: 'expedientes', group: 'casework', route: 'GET /api/admin/cases', key: 'cases', Panel: CasesAdminTab, Count: CasesUnreadCount },
  { id: 'plazos', group: 'casework', route: 'GET /api/admin/deadlines', key: 'deadlines', Panel: DeadlinesAdminTab },
  { id: 'tramites', group: 'web', route: 'GET /api/admin/procedures', key: 'procedures', Panel: ProceduresAdminTab },
  {
    id: 'servicios',
    group: 'web',
    route: 'GET /api/admin/services',
    key: 'services',
    Panel: () => <ServicesAdminTab letter={(service) => <EngagementLetterDialog serviceId={service.id} title={service.title} />} />,
  },
  {
    id: 'consultas',
    group: 'consultations',
    route: 'GET /api/admin/consultations',
    key: 'consultations',
    Panel: () => (
      <ConsultationsAdminTab
        replyTimer={replyTimer('consultation')}
        notes={(row) => <StaffNotesDialog subject="consultations" id={row.id} name={row.client.name || row.client.email} />}
      />
    ),
    Count: overdueCount('consultation'),
  },
  { id: 'pagos', group: 'billing', route: 'GET /api/admin/payments', key: 'payments', Panel: PaymentsAdminTab },
  { id: 'presupuestos', group: 'translations', route: 'GET /api/admin/quotes', key: 'quotes', Panel: QuotesAdminTab },
  { id: 'chat', group: 'messages', route: 'GET /api/admin/chat/messages', key: 'chat', Panel: () => <AdminChatTab replyTimer={replyTimer('chat')} />, Count: overdueCount('chat') },
  { id: 'contacto', group: 'messages', route: 'GET /api/admin/contact-requests', key: 'contact', Panel: () => <ContactAdminTab replyTimer={replyTimer('contact')} />, Count: overdueCount('contact') },
  {
    id: 'traducciones',
    group: 'translations',
    route: 'GET /api/admin/translation-requests',
    key: 'translations',
    Panel: () => <TranslationsAdminTab replyTimer={replyTimer('translation')} quoteAction={(request) => <TranslationQuoteDialog request={request} />} />,
    Count: overdueCount('translation'),
  },
  { id: 'traduccion-jurada', group: 'casework', route: 'GET /api/admin/sworn-translation-documents', key: 'swornTranslations', Panel: SwornTranslationsAdminTab },
  { id: 'agenda', group: 'consultations', route: 'GET /api/admin/agenda', key: 'agenda', Panel: AgendaAdminTab },
  { id: 'noticias', group: 'web', route: 'GET /api/admin/news', key: 'news', Panel: NewsAdminTab },
  { id: 'paginas', group: 'web', route: 'GET /api/admin/sections', key: 'sections', Panel: SectionsAdminTab },
  { id: 'clientes', group: 'casework', route: 'GET /api/admin/clients', key: 'clients', Panel: () => <ClientsAdminTab notes={(row) => <StaffNotesDialog subject="clients" id={row.id} name={`${row.firstName} ${row.lastName}`.trim() || row.email} />} /> },
  { id: 'auditoria', group: 'settings', route: 'GET /api/admin/audit', key: 'audit', Panel: AuditAdminTab },
  { id: 'equipo', group: 'settings', route: 'GET /api/admin/staff', key: 'team', Panel: TeamAdminTab },
  { id: 'correos', group: 'settings', route: 'GET /api/admin/failed-mails', key: 'mail', Panel: FailedMailsAdminTab, Count: FailedMailsCount },
] as const;

export default function AdminPage() {
  const { t } = useTranslation('admin');
  const user = useSessionUser();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const role = user?.role ?? 'user';
  const shown = tabs.filter((tab) => mayUse(role, tab.route));
  const active = shown.some((tab) => tab.id === requested) ? (requested as string) : (shown[0]?.id ?? '');
  useReplyTimersAfterWrites();

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 md:py-14">
      <PageMeta title={t('title')} description={t('intro')} />
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
          <p className="mt-2 text-slate-700">{t('greeting', { name: user?.firstName ?? '' })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SearchPalette />
          <SignOutButton />
        </div>
      </div>
      {mayUse(role, 'GET /api/admin/setup-check') ? <SetupCheckBanner /> : null}
      <Tabs.Root
        value={active}
        onValueChange={(tab) => setSearch({ tab }, { replace: true })}
        orientation="vertical"
        className="mt-8 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8"
      >
        <AdminNavigation tabs={shown} active={active} />
        {/* Keyed by the searched term too: a search's link to the open tab shows its new term. */}
        {shown.map(({ id, key, Panel }) => (
          <Tabs.Content key={`${id}-${search.get('q') ?? ''}`} value={id} className="min-w-0 pt-6 focus-visible:outline-none lg:pt-0">
            <h2 className="sr-only">{t(`tabs.${key}`)}</h2>
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
