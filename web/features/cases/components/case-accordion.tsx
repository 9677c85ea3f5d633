import { ChevronDown } from 'lucide-react';
import { useEffect } from 'react';
import { Accordion, Tabs } from 'radix-ui';
import type { ClientCase } from '#common/cases/cases.contract.ts';
import { formatLongDate } from '#common/long-date.ts';
import { Badge, JustBoughtBadge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useCasesLive, useMarkCaseSeen } from '../api/cases.queries.ts';
import { caseStageTone } from '../case-stage-tone.ts';
import { CaseDocuments } from './case-documents.tsx';
import { CaseFamilyMembers } from './case-family-members.tsx';
import { CaseRequests } from './case-requests.tsx';
import { CaseMessages } from './case-messages.tsx';
import { CaseQuestionnaire } from './case-questionnaire.tsx';
import { CaseTimeline } from './case-timeline.tsx';
import { OfficialStatus } from './official-status.tsx';

const caseAnchor = (displayId: string) => `expediente-${displayId}`;

const tabTriggerClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm';

/** The filing data once the firm records it: what the client needs to follow the file at the administration. */
function CaseFiling({ filing, serviceId }: { filing: ClientCase['filing']; serviceId: string | null }) {
  const { t } = useTranslation('cases');
  const language = useLanguage();
  const fields = [
    ['fileNumber', filing.fileNumber],
    ['filedOn', filing.filedOn ? formatLongDate(filing.filedOn, language) : null],
    ['office', filing.office],
  ] as const;
  if (fields.every(([, value]) => !value)) return null;
  return (
    <>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {fields.map(([key, value]) =>
          value ? (
            <div key={key}>
              <dt className="text-slate-600">{t(`filing.${key}`)}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <OfficialStatus serviceId={serviceId} fileNumber={filing.fileNumber} />
    </>
  );
}

/** Shown only while the case is open: what is new in it is then seen, also when it arrives live. */
function CaseBody({ caseItem }: { caseItem: ClientCase }) {
  const { t } = useTranslation('cases');
  const language = useLanguage();
  // A mark nobody asked for: if it fails, the case only stays marked new.
  const { mutate: markSeen } = useMarkCaseSeen(caseItem.id, { isFailureInline: true });
  useEffect(() => {
    if (caseItem.unread > 0) markSeen();
  }, [caseItem.unread, markSeen]);
  return (
    <div className="space-y-6 px-4 pb-6">
      <p className="text-sm text-slate-700">{caseItem.handler ? t('handler', { name: caseItem.handler.name }) : t('handlerPending')}</p>
      <CaseFamilyMembers members={caseItem.familyMembers} />
      <CaseRequests caseId={caseItem.id} displayId={caseItem.displayId} familyMembers={caseItem.familyMembers} />
      <CaseQuestionnaire caseId={caseItem.id} />
      <section aria-label={t('history')}>
        <h3 className="text-sm font-semibold text-slate-900">{t('history')}</h3>
        <CaseTimeline history={caseItem.history} formatDate={(value) => formatLongDate(value, language)} />
        <CaseFiling filing={caseItem.filing} serviceId={caseItem.serviceId} />
      </section>
      <Tabs.Root defaultValue="documents">
        <Tabs.List aria-label={caseItem.displayId} className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="documents" className={tabTriggerClass}>
            {t('tabs.documents')}
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={tabTriggerClass}>
            {t('tabs.messages')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="documents" className="pt-4">
          <CaseDocuments caseItem={caseItem} />
        </Tabs.Content>
        <Tabs.Content value="messages" className="pt-4">
          <CaseMessages caseItem={caseItem} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/** Which items open first: the only case, the one just bought, the one a mail's link named. */
function openedFirst(cases: ClientCase[], highlightedId: number | undefined, openedDisplayId: string | undefined): string[] {
  if (cases.length === 1) return [String(cases[0]?.id)];
  const opened = cases.filter((item) => item.id === highlightedId || item.displayId === openedDisplayId);
  return opened.map((item) => String(item.id));
}

/**
 * The client's cases, one accordion item each: EXP id, service, stage, then timeline, documents
 * and thread, kept current live. The case just bought (`highlightedId`) is marked and opened; the
 * case a mail's link named (`openedDisplayId`) is opened and scrolled to.
 */
export function CaseAccordion({ cases, highlightedId, openedDisplayId }: { cases: ClientCase[]; highlightedId?: number | undefined; openedDisplayId?: string | undefined }) {
  const { t } = useTranslation('cases');
  const language = useLanguage();
  useCasesLive();
  useEffect(() => {
    if (openedDisplayId) document.getElementById(caseAnchor(openedDisplayId))?.scrollIntoView({ block: 'start' });
  }, [openedDisplayId]);
  return (
    <Accordion.Root type="multiple" defaultValue={openedFirst(cases, highlightedId, openedDisplayId)} className="space-y-4">
      {cases.map((caseItem) => (
        <Accordion.Item
          key={caseItem.id}
          id={caseAnchor(caseItem.displayId)}
          value={String(caseItem.id)}
          className={cn('rounded-xl bg-white shadow-sm', caseItem.id === highlightedId ? 'ring-2 ring-accent-400' : 'ring-1 ring-slate-200')}
        >
          <Accordion.Header asChild>
            <h2>
              <Accordion.Trigger className="group flex w-full flex-wrap items-center justify-between gap-3 p-4 text-left">
                <span className="flex flex-col">
                  <span className="text-sm font-semibold text-brand-800">
                    {caseItem.displayId}
                    {caseItem.id === highlightedId ? <JustBoughtBadge /> : null}
                  </span>
                  <span className="text-lg font-semibold text-slate-900">{caseItem.serviceTitle ?? t('unknownService')}</span>
                  <span className="text-xs text-slate-600">{t('openedOn', { date: formatLongDate(caseItem.createdAt, language) })}</span>
                </span>
                <span className="flex items-center gap-3">
                  {caseItem.unread > 0 ? <Badge tone="blue">{t('unread', { n: caseItem.unread })}</Badge> : null}
                  <span className="sr-only">{t('status')}:</span>
                  <Badge tone={caseStageTone(caseItem.stage)}>{t(`stages.names.${caseItem.stage}`)}</Badge>
                  <ChevronDown className="h-5 w-5 text-slate-600 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
                </span>
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content>
            <CaseBody caseItem={caseItem} />
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
