import { useId, useState } from 'react';
import { Link } from 'react-router';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { formatAdminDateTime } from '#common/dates.ts';
import type { Language } from '#common/i18n/languages.ts';
import { formatLongDate } from '#common/long-date.ts';
import { sectionOf, todaySections, type TodayGroup, type TodayItem, type TodayList, type TodayScope, type TodaySection } from '#common/today/today.contract.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { SimpleTable } from '#web/components/ui/simple-table.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useToday } from '../api/today.queries.ts';

const sections = Object.keys(todaySections) as TodaySection[];

/** What an item is and when, in the reader's language: 'Plazo · Solicitud de la TIE · vence el 2 de diciembre de 2026'. */
function useItemLine() {
  const { t } = useTranslation(['today', 'reply-timers', 'deadlines']);
  const language: Language = useLanguage();
  return (item: TodayItem): string => {
    const detail = (() => {
      if (sectionOf(item.kind) === 'replies') return t(`reply-timers:promises.${item.detail}`);
      if (item.kind === 'deadline') return t(`deadlines:kinds.${item.detail}`);
      if (item.kind === 'call') return item.detail ? t(`meetingModes.${item.detail}`) : '';
      return item.detail;
    })();
    const when = (() => {
      if (item.kind === 'event') return item.time ? t('when.at', { time: item.time }) : t('when.allDay');
      if (item.day) return t(item.isOverdue ? 'when.dueWas' : 'when.due', { date: formatLongDate(`${item.day}T12:00:00Z`, language) });
      if (!item.at) return '';
      const at = formatAdminDateTime(item.at, language);
      if (sectionOf(item.kind) === 'replies') return t('when.replyBy', { date: at });
      if (item.kind === 'document') return t('when.received', { date: at });
      if (item.kind === 'newCase') return t('when.opened', { date: at });
      if (item.kind === 'quote') return t('when.requested', { date: at });
      return t('when.scheduled', { date: at });
    })();
    return [t(`kinds.${item.kind}`), item.caseId === null ? '' : caseDisplayId(item.caseId), detail, when].filter(Boolean).join(' · ');
  };
}

function Items({ items }: { items: TodayItem[] }) {
  const { t } = useTranslation('today');
  const line = useItemLine();
  return (
    <ul className="mt-2 divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item) => (
        <li key={`${item.kind}-${item.id}`}>
          <Link to={item.href} className="flex items-start justify-between gap-3 px-4 py-3 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
            <span>
              <span className="block font-medium text-slate-900">{item.title}</span>
              <span className="block text-sm text-slate-700">{line(item)}</span>
            </span>
            {item.isOverdue ? <Badge tone="red">{t('overdue')}</Badge> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A heading with how many items it holds, and the items or a sentence saying there are none. */
function Part({ title, items, empty, level = 3 }: { title: string; items: TodayItem[]; empty: string; level?: 3 | 4 }) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={id} className="mt-6">
      <Heading id={id} className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        {title} <Badge tone={items.length > 0 ? 'blue' : 'grey'}>{items.length}</Badge>
      </Heading>
      {items.length > 0 ? <Items items={items} /> : <p className="mt-2 text-sm text-slate-700">{empty}</p>}
    </section>
  );
}

function MyList({ list }: { list: TodayList }) {
  const { t } = useTranslation('today');
  const [mine, unassigned] = [list.groups.find((group) => group.assignee !== null), list.groups.find((group) => group.assignee === null)];
  const myItems = mine?.items ?? [];
  return (
    <>
      {myItems.length === 0 ? <p className="mt-6 text-slate-700">{t('empty.mine')}</p> : null}
      {sections.map((section) => {
        const items = myItems.filter((item) => sectionOf(item.kind) === section);
        return items.length > 0 ? <Part key={section} title={t(`sections.${section}`)} items={items} empty="" /> : null;
      })}
      <Part title={t('unassigned')} items={unassigned?.items ?? []} empty={t('empty.unassigned')} />
    </>
  );
}

function FirmList({ list }: { list: TodayList }) {
  const { t } = useTranslation('today');
  const nameOf = (group: Pick<TodayGroup, 'assignee'>) => group.assignee?.name ?? t('unassigned');
  return (
    <>
      <h3 className="mt-6 text-lg font-semibold text-brand-900">{t('loads.title')}</h3>
      <div className="mt-2">
        <SimpleTable
          caption={t('loads.title')}
          rows={list.loads}
          rowKey={(row) => row.assignee?.id ?? 'unassigned'}
          columns={[
            { header: t('loads.person'), cell: nameOf },
            ...sections.map((section) => ({ header: t(`sections.${section}`), cell: (row: TodayList['loads'][number]) => row.counts[section] })),
            { header: t('overdue'), cell: (row) => row.overdue },
            { header: t('loads.total'), cell: (row) => row.total },
          ]}
        />
      </div>
      {list.groups.map((group) => (
        <Part key={group.assignee?.id ?? 'unassigned'} title={nameOf(group)} items={group.items} empty={t(group.assignee ? 'empty.person' : 'empty.unassigned')} />
      ))}
    </>
  );
}

/**
 * The back office's first tab: what the signed-in person does now, each item one click from its
 * page, and the unassigned work their role may take; who may see the team switches to the whole
 * firm's list by person, with each person's load (ADR 044).
 */
export function TodayAdminTab() {
  const { t } = useTranslation('today');
  const mayViewFirm = useMayUse('GET /api/admin/staff');
  const [scope, setScope] = useState<TodayScope>('mine');
  const today = useToday(mayViewFirm ? scope : 'mine');
  const language = useLanguage();
  return (
    <div>
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <p className="text-slate-700">{today.data ? t('intro', { date: formatLongDate(`${today.data.today}T12:00:00Z`, language) }) : t('introToday')}</p>
        {mayViewFirm ? (
          <div role="group" aria-label={t('scope.label')} className="flex gap-2">
            {(['mine', 'firm'] as const).map((option) => (
              <Button key={option} size="sm" variant={scope === option ? 'primary' : 'outline'} aria-pressed={scope === option} onClick={() => setScope(option)}>
                {t(`scope.${option}`)}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      <QueryState query={today} loading={t('loading')} className="mt-6">
        {(list) => (list.scope === 'firm' ? <FirmList list={list} /> : <MyList list={list} />)}
      </QueryState>
    </div>
  );
}
