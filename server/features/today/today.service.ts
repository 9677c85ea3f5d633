import { assignableWork } from '#common/assignees/assignable-work.ts';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { mayUse, type StaffRoute } from '#common/auth/permissions.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { firmDay, startOfFirmDay } from '#common/dates.ts';
import { addDays } from '#common/deadlines/deadline-rules.ts';
import type { Language } from '#common/i18n/languages.ts';
import { isOverdue } from '#common/reply-timers/promises.ts';
import type { ReplyTimerKind } from '#common/reply-timers/reply-timers.contract.ts';
import {
  sectionOf,
  todayDeadlineDays,
  todayLimitPerKind,
  todayNewCaseDays,
  todaySections,
  type TodayGroup,
  type TodayItem,
  type TodayKind,
  type TodayList,
  type TodayLoad,
  type TodayScope,
  type TodayWhose,
} from '#common/today/today.contract.ts';
import type { Db } from '#server/db/client.ts';
import { eventsOn } from '#server/features/agenda/agenda.service.ts';
import { staffAccounts } from '#server/features/auth/staff-accounts.service.ts';
import { documentsAwaitingReview } from '#server/features/cases/case-requests.service.ts';
import { newUnassignedCases } from '#server/features/cases/cases.service.ts';
import { scheduledConsultations } from '#server/features/consultations/consultations.admin.service.ts';
import { quotesAwaitingPrice } from '#server/features/quotes/quotes.service.ts';
import { deadlinesDueWithin } from '#server/features/deadlines/deadlines.service.ts';
import { openTimers } from '#server/features/reply-timers/reply-timers.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import type { Clock } from '#server/platform/worker/worker.ts';

/** `now` is the worker's clock, so that tests move 'today' instead of waiting for it. */
export type TodayDeps = { db: Db; openingHours: string; now: Clock };

type Staff = Pick<SessionUser, 'id' | 'role' | 'firstName' | 'lastName'>;

/** What a provider is asked: whose items, on which day of the firm, at which instant, in which language. */
type Ask = { whose: TodayWhose; today: string; now: Date; language: Language };

/**
 * One kind of work (or a few read together), answered by the feature that owns its records: this
 * feature owns no table. A provider answers every item `whose` covers, each with its assignee
 * (null: unassigned); the list keeps those of the kinds the asker's role may work on.
 */
type Provider = { kinds: readonly TodayKind[]; read: (deps: TodayDeps, ask: Ask) => Promise<TodayItem[]> };

/**
 * Each kind is shown to the roles that may do its work (common/auth/permissions.ts): answer the
 * request (the route its assignee must be able to use, common/assignees/assignable-work.ts), mark
 * the deadline done, accept the document, open the consultations or the agenda, take the case. A
 * role the table refuses that route never sees the kind, assigned or not.
 */
const workOf: Record<TodayKind, StaffRoute> = {
  contact: assignableWork['contact-requests'].work,
  translation: assignableWork['translation-requests'].work,
  consultation: assignableWork.consultations.work,
  chat: assignableWork.chat.work,
  quote: assignableWork['case-quotes'].work,
  deadline: 'POST /api/admin/deadlines/:id/done',
  document: 'POST /api/admin/cases/:id/requests/:requestId/accept',
  call: 'GET /api/admin/consultations',
  event: 'GET /api/admin/agenda',
  newCase: 'PUT /api/admin/cases/:id/assignee',
};

/** Who may read the whole firm's list and each person's load: whoever may see the team. */
const firmListRoute: StaffRoute = 'GET /api/admin/staff';

const tabOf: Record<ReplyTimerKind, string> = { contact: 'contacto', translation: 'traducciones', consultation: 'consultas', chat: 'chat' };
const tabLink = (tab: string, name?: string) => `/admin?${new URLSearchParams({ tab, ...(name ? { q: name } : {}) })}`;
const caseLink = (caseId: number) => `/admin/expedientes/${caseDisplayId(caseId)}`;

type ItemFields = Pick<TodayItem, 'kind' | 'id' | 'title' | 'detail' | 'href' | 'assigneeId'> & Partial<TodayItem>;
const item = (fields: ItemFields): TodayItem => ({ caseId: null, at: null, day: null, time: null, isOverdue: false, ...fields });

/** Requests waiting for the firm's first answer whose timer is overdue or falls due today. */
const replies: Provider = {
  kinds: todaySections.replies,
  async read(deps, { today }) {
    const timers = await openTimers(deps);
    return timers
      .filter((timer) => firmDay(timer.dueAt) <= today)
      .slice(0, todayLimitPerKind)
      .map((timer) =>
        item({
          kind: timer.kind,
          id: timer.id,
          title: timer.name,
          detail: timer.promise,
          at: timer.dueAt.toISOString(),
          isOverdue: isOverdue(timer),
          href: tabLink(tabOf[timer.kind], timer.kind === 'chat' ? undefined : timer.name),
          assigneeId: timer.assigneeId,
        }),
      );
  },
};

/** Case quotes asked for and not priced yet (a translation quote answers a request, listed among the replies). */
const quotes: Provider = {
  kinds: ['quote'],
  async read({ db }, { whose, language }) {
    const rows = await quotesAwaitingPrice({ db }, whose, language, todayLimitPerKind);
    return rows.map((row) =>
      item({
        kind: 'quote',
        id: row.id,
        title: row.clientName,
        detail: row.serviceTitle,
        at: row.requestedAt.toISOString(),
        href: tabLink('presupuestos', row.clientName),
        assigneeId: row.assigneeId,
      }),
    );
  },
};

const deadlines: Provider = {
  kinds: ['deadline'],
  async read({ db }, { whose, today }) {
    const rows = await deadlinesDueWithin({ db }, whose, today, todayDeadlineDays, todayLimitPerKind);
    return rows.map((row) =>
      item({
        kind: 'deadline',
        id: row.id,
        title: row.clientName,
        detail: row.kind,
        caseId: row.caseId,
        day: row.dueDate,
        isOverdue: row.dueDate < today,
        href: caseLink(row.caseId),
        assigneeId: row.assigneeId,
      }),
    );
  },
};

const documents: Provider = {
  kinds: ['document'],
  async read({ db }, { whose, language }) {
    const rows = await documentsAwaitingReview({ db }, whose, language, todayLimitPerKind);
    return rows.map((row) =>
      item({
        kind: 'document',
        id: row.id,
        title: row.clientName,
        detail: row.title,
        caseId: row.caseId,
        at: row.receivedAt.toISOString(),
        href: caseLink(row.caseId),
        assigneeId: row.assigneeId,
      }),
    );
  },
};

/** Today's calls and meetings of consultations (the agenda's). */
const calls: Provider = {
  kinds: ['call'],
  async read({ db }, { today }) {
    const rows = await scheduledConsultations({ db }, startOfFirmDay(today), startOfFirmDay(addDays(today, 1)));
    return rows.slice(0, todayLimitPerKind).map((row) =>
      item({
        kind: 'call',
        id: row.id,
        title: row.clientName,
        detail: row.meetingMode ?? '',
        at: row.scheduledAt.toISOString(),
        href: tabLink('consultas', row.clientName),
        assigneeId: row.assigneeId,
      }),
    );
  },
};

/** Each person's own agenda entries for today. */
const events: Provider = {
  kinds: ['event'],
  async read({ db }, { whose, today }) {
    const rows = await eventsOn({ db }, whose, today);
    return rows.slice(0, todayLimitPerKind).map((row) =>
      item({ kind: 'event', id: row.id, title: row.title, detail: '', day: row.date, time: row.time, href: tabLink('agenda'), assigneeId: row.adminId }),
    );
  },
};

/** Cases opened lately that nobody handles yet: someone takes them. */
const newCases: Provider = {
  kinds: ['newCase'],
  async read({ db }, { today, language }) {
    const rows = await newUnassignedCases({ db }, startOfFirmDay(addDays(today, -todayNewCaseDays)), language, todayLimitPerKind);
    return rows.map((row) =>
      item({
        kind: 'newCase',
        id: String(row.id),
        title: row.clientName,
        detail: row.serviceTitle,
        caseId: row.id,
        at: row.openedAt.toISOString(),
        href: caseLink(row.id),
        assigneeId: null,
      }),
    );
  },
};

/** In the order of the page's sections. */
const providers: Provider[] = [replies, quotes, deadlines, documents, calls, events, newCases];

function loadOf(group: TodayGroup): TodayLoad {
  const counts = Object.fromEntries(Object.keys(todaySections).map((section) => [section, 0])) as TodayLoad['counts'];
  for (const { kind } of group.items) counts[sectionOf(kind)] += 1;
  return { assignee: group.assignee, counts, overdue: group.items.filter((entry) => entry.isOverdue).length, total: group.items.length };
}

/**
 * The "Hoy" list of a staff member: their items and the unassigned ones their role may take, or,
 * for who may see the team, the whole firm's by person with each person's load.
 */
export async function todayList(deps: TodayDeps, staff: Staff, scope: TodayScope, language: Language): Promise<TodayList> {
  if (scope === 'firm' && !mayUse(staff.role, firmListRoute)) throw new AppError('forbidden');
  const now = deps.now();
  const today = firmDay(now);
  const whose: TodayWhose = scope === 'firm' ? 'firm' : { staffId: staff.id };
  const isShown = (kind: TodayKind) => mayUse(staff.role, workOf[kind]);
  const asked = providers.filter((provider) => provider.kinds.some(isShown));
  const items = (await Promise.all(asked.map((provider) => provider.read(deps, { whose, today, now, language }))))
    .flat()
    .filter((entry) => isShown(entry.kind) && (whose === 'firm' || entry.assigneeId === null || entry.assigneeId === whose.staffId));
  const unassigned: TodayGroup = { assignee: null, items: items.filter((entry) => entry.assigneeId === null) };

  if (whose !== 'firm') {
    const mine = { assignee: { id: staff.id, name: `${staff.firstName} ${staff.lastName}`.trim() }, items: items.filter((entry) => entry.assigneeId === staff.id) };
    return { scope, today, groups: [mine, unassigned], loads: [] };
  }
  // Everyone on the staff who is active or still holds work, by surname.
  const people = (await staffAccounts.list(deps.db)).filter((person) => person.deactivatedAt === null || items.some((entry) => entry.assigneeId === person.id));
  const groups: TodayGroup[] = [
    ...people.map((person) => ({
      assignee: { id: person.id, name: `${person.firstName} ${person.lastName}`.trim() },
      items: items.filter((entry) => entry.assigneeId === person.id),
    })),
    unassigned,
  ];
  return { scope, today, groups, loads: groups.map(loadOf) };
}
