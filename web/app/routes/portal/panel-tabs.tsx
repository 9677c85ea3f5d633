import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { expressConsultationType } from '#common/consultations/consultation-thread.contract.ts';
import type { ClientConsultation } from '#common/consultations/consultations.contract.ts';
import { formatLongDate } from '#common/long-date.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SimpleTable, type SimpleColumn } from '#web/components/ui/simple-table.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useCases } from '#web/features/cases/api/cases.queries.ts';
import { CaseAccordion } from '#web/features/cases/components/case-accordion.tsx';
import { CaseDeadlines } from '#web/features/deadlines/components/case-deadlines.tsx';
import { CaseAppointments } from '#web/features/official-appointments/components/case-appointments.tsx';
import { useMyConsultations } from '#web/features/consultations/api/consultations.queries.ts';
import { hasAppointment } from '#web/features/consultations/components/client-appointment.tsx';
import { ClientConsultationDetail, hasConsultationDetail } from '#web/features/consultations/components/client-consultation-detail.tsx';
import { ConsultationThread } from '#web/features/consultations/components/consultation-thread.tsx';
import { usePayments } from '#web/features/payments/api/payments.queries.ts';
import { PaymentTable } from '#web/features/payments/components/payment-table.tsx';
import { useMyQuotes } from '#web/features/quotes/api/quotes.queries.ts';
import { ClientQuotes } from '#web/features/quotes/components/client-quotes.tsx';
import { ClientEngagements } from '#web/features/engagements/components/client-engagements.tsx';
import { Badge, JustBoughtBadge } from '#web/components/ui/badge.tsx';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

type Section = 'cases' | 'consultations' | 'payments' | 'quotes';

/** The load-error toast of a tab's list (docs/product/messages.md): 'Error' — 'No se pudieron cargar tus expedientes.' */
function useTabFailure(section: Section): FeedbackMeta {
  const { t } = useTranslation('portal');
  return { failureTitle: t('panel.errorTitle'), failureText: t(`panel.${section}.loadError`) };
}

/**
 * One tab's list: a wait, the load error (in its toast and on the page), an empty state that
 * leads to the services, or the list itself.
 */
function TabState<T>({
  section,
  query,
  emptyLink,
  children,
}: {
  section: Section;
  query: UseQueryResult<T[]>;
  emptyLink: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('portal');
  return (
    <QueryState
      query={query}
      loading={t('panel.loading')}
      failure={t(`panel.${section}.loadError`)}
      empty={
        <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="mx-auto max-w-xl text-slate-700">{t(`panel.${section}.empty`)}</p>
          <Button asChild className="mt-6">
            <Link to={emptyLink}>{t(`panel.${section}.emptyAction`)}</Link>
          </Button>
        </div>
      }
    >
      {children}
    </QueryState>
  );
}

/** The service id of what the client has just paid for: its newest item is pointed at. */
type BoughtProps = { boughtServiceId?: string };

/** `openedDisplayId`: the case a mail's link named, opened and scrolled to. */
export function CasesTab({ boughtServiceId, openedDisplayId }: BoughtProps & { openedDisplayId?: string | undefined }) {
  return (
    <TabState section="cases" query={useCases(useTabFailure('cases'))} emptyLink="/servicios">
      {(cases) => (
        <>
          <CaseAppointments cases={cases} />
          <CaseDeadlines cases={cases} />
          <CaseAccordion cases={cases} highlightedId={cases.find((item) => item.serviceId === boughtServiceId)?.id} openedDisplayId={openedDisplayId} />
        </>
      )}
    </TabState>
  );
}

/** A pending consultation with its appointment set: booked and confirmed, its date the appointment's. */
const isBooked = (row: ClientConsultation) => row.status === 'pendiente' && hasAppointment(row);

function ConsultationTable({ consultations, boughtServiceId }: { consultations: ClientConsultation[] } & BoughtProps) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  // Newest first: the first of the service is the one just bought.
  const boughtId = consultations.find((row) => row.type === boughtServiceId)?.id;
  const columns: SimpleColumn<ClientConsultation>[] = [
    {
      header: t('panel.consultations.type'),
      cell: (row) => (
        <>
          {row.title ?? t('panel.consultations.expatriation')}
          {row.id === boughtId ? <JustBoughtBadge /> : null}
        </>
      ),
    },
    // A booked appointment shows its one date (the appointment's) and reads as booked, not as waiting.
    {
      header: t('panel.consultations.date'),
      cell: (row) => formatLongDate(isBooked(row) && row.scheduledAt ? row.scheduledAt : row.createdAt, language),
      className: 'text-slate-700',
    },
    {
      header: t('panel.consultations.status'),
      cell: (row) =>
        isBooked(row) ? (
          <Badge tone="green">{t('panel.consultations.statuses.booked')}</Badge>
        ) : (
          <Badge tone={row.status === 'completada' ? 'green' : 'yellow'}>{t(`panel.consultations.statuses.${row.status}`)}</Badge>
        ),
    },
  ];
  return (
    <SimpleTable
      columns={columns}
      rows={consultations}
      rowKey={(row) => row.id}
      highlightedKey={boughtId}
      detail={(row) =>
        hasConsultationDetail(row) || row.type === expressConsultationType ? (
          <div className="space-y-4">
            {hasConsultationDetail(row) ? <ClientConsultationDetail consultation={row} /> : null}
            {row.type === expressConsultationType ? <ConsultationThread consultationId={row.id} /> : null}
          </div>
        ) : null
      }
    />
  );
}

export function ConsultationsTab({ boughtServiceId }: BoughtProps) {
  return (
    <TabState section="consultations" query={useMyConsultations(useTabFailure('consultations'))} emptyLink="/servicios#consultas">
      {(consultations) => <ConsultationTable consultations={consultations} boughtServiceId={boughtServiceId} />}
    </TabState>
  );
}

export function PaymentsTab() {
  return (
    <TabState section="payments" query={usePayments(useTabFailure('payments'))} emptyLink="/servicios">
      {(payments) => (
        <>
          <PaymentTable payments={payments} />
          {/* The accepted engagement letters, with the withdrawal while its 14 days run. */}
          <ClientEngagements />
        </>
      )}
    </TabState>
  );
}

export function QuotesTab() {
  return (
    <TabState section="quotes" query={useMyQuotes(useTabFailure('quotes'))} emptyLink="/servicios#expedientes">
      {(quotes) => <ClientQuotes quotes={quotes} />}
    </TabState>
  );
}
