import { auditFields, type AuditEntry, type AuditField, type AuditTargetKind, type AuditTermGroup, type AuditValue } from '#common/audit/audit.contract.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';

type Details = Record<string, unknown>;

/** The kind of record each audited table holds; a table not listed reads as 'record'. */
const targetKinds: Record<string, AuditTargetKind> = {
  users: 'account',
  cases: 'case',
  case_document_requests: 'documentRequest',
  case_deadlines: 'deadline',
  consultations: 'consultation',
  contact_form_submissions: 'contactMessage',
  translation_requests: 'translationRequest',
  general_chat_messages: 'chatMessage',
  chat_conversations: 'chatConversation',
  mail_outbox: 'mail',
  news: 'news',
  procedures: 'procedure',
  holidays: 'holiday',
  agenda_settings: 'firmHours',
  agenda_day_overrides: 'dayHours',
  services: 'service',
  quotes: 'quote',
  payments: 'payment',
};

export function auditTargetKind(targetTable: string): AuditTargetKind {
  return targetKinds[targetTable] ?? 'record';
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Whose or which record an entry names: the case's number, or a name or title the entry kept; for
 * accounts and consultations the caller passes the name read from the database (`knownName`).
 */
export function auditTargetName(kind: AuditTargetKind, targetId: string, details: Details, knownName: string | null): string | null {
  const caseId = typeof details.caseId === 'number' ? caseDisplayId(details.caseId) : null;
  switch (kind) {
    case 'case':
      return /^\d+$/.test(targetId) ? caseDisplayId(Number(targetId)) : null;
    case 'documentRequest':
    case 'deadline':
      return caseId;
    case 'dayHours':
      return text(details.date) ?? targetId;
    case 'account':
    case 'consultation':
      return knownName ?? text(details.name);
    case 'chatMessage':
      return text(details.senderName);
    case 'mail':
      return text(details.recipient);
    case 'news':
    case 'procedure':
    case 'service':
      return text(details.title);
    default:
      return text(details.name);
  }
}

type ValueKind = 'text' | 'instant' | 'day' | 'number' | 'money' | 'yesNo' | 'case' | { term: AuditTermGroup };

/** How each field's value is written; a key not listed here (an id, a raw object) is never shown. */
const fieldKinds: Record<AuditField, ValueKind> = {
  status: { term: 'consultationStatus' },
  stage: { term: 'caseStage' },
  role: { term: 'role' },
  scheduledAt: 'instant',
  meetingMode: { term: 'meetingMode' },
  videoUrl: 'text',
  note: 'text',
  firmNote: 'text',
  reason: 'text',
  caseId: 'case',
  consultationType: { term: 'consultationType' },
  kind: { term: 'deadlineKind' },
  scope: { term: 'holidayScope' },
  name: 'text',
  email: 'text',
  title: 'text',
  recipient: 'text',
  subject: 'text',
  fileNumber: 'text',
  filedOn: 'day',
  office: 'text',
  date: 'day',
  startDate: 'day',
  dueDate: 'day',
  opensOn: 'day',
  doneAt: 'instant',
  items: 'number',
  attachments: 'number',
  documents: 'number',
  weeklyHours: 'text',
  minimumNoticeHours: 'number',
  expressFollowUps: 'number',
  governmentFee: 'text',
  excludedCosts: 'text',
  relatives: 'text',
  duration: 'text',
  hours: 'text',
  isDayOff: 'yesNo',
  isActive: 'yesNo',
  price: 'money',
  amount: 'money',
  method: { term: 'paymentMethod' },
  paidOn: 'day',
  reference: 'text',
  outcome: { term: 'refundOutcome' },
  invoice: 'text',
  isFromPrice: 'yesNo',
  isOffered: 'yesNo',
  sortOrder: 'number',
  version: 'number',
  isEarlyStartRequested: 'yesNo',
};

/** Keys kept under another name than the field they show. */
const aliases: Record<string, AuditField> = { senderName: 'name', senderEmail: 'email' };

/** The field an entry's scalar `from`/`to` pair changes, by action. */
const changedFields: Partial<Record<string, AuditField>> = {
  STATUS_CHANGE: 'status',
  STAGE_CHANGE: 'stage',
  ROLE_CHANGE: 'role',
  STAFF_INVITE: 'role',
  STAFF_INVITE_REVOKE: 'role',
  STAFF_INVITE_ACCEPT: 'role',
  STAFF_DEACTIVATE: 'isActive',
  CONSULTATION_SCHEDULE: 'scheduledAt',
  CONSULTATION_RESCHEDULE: 'scheduledAt',
  CONSULTATION_VIDEO_LINK: 'videoUrl',
};

function fieldOf(key: string): AuditField | null {
  if (key in fieldKinds) return key as AuditField;
  return aliases[key] ?? null;
}

function valueOf(field: AuditField, raw: unknown): AuditValue | null {
  if (raw === null || raw === undefined || raw === '') return { kind: 'none' };
  const kind = fieldKinds[field];
  if (typeof kind === 'object') return typeof raw === 'string' ? { kind: 'term', group: kind.term, term: raw } : null;
  switch (kind) {
    case 'text':
      return typeof raw === 'string' ? { kind: 'text', text: raw } : null;
    case 'instant':
      return typeof raw === 'string' && !Number.isNaN(Date.parse(raw)) ? { kind: 'instant', at: new Date(raw).toISOString() } : null;
    case 'day':
      return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? { kind: 'day', date: raw } : null;
    case 'number':
      return typeof raw === 'number' ? { kind: 'number', number: raw } : null;
    case 'money':
      return isRecord(raw) && Number.isInteger(raw.cents) && typeof raw.currency === 'string'
        ? { kind: 'money', cents: raw.cents as number, currency: raw.currency }
        : null;
    case 'yesNo':
      return typeof raw === 'boolean' ? { kind: 'yesNo', isYes: raw } : null;
    case 'case':
      return typeof raw === 'number' ? { kind: 'case', caseId: raw } : null;
  }
}

function isRecord(value: unknown): value is Details {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An entry's details as labelled, typed fields: a scalar `from`/`to` pair becomes the field the
 * action changes with its value before; `from`/`to` records become each of their fields before and
 * after. Ids and anything without a label are left out, so nothing raw reaches the screen.
 */
export function auditDetails(action: string, details: Details | null): AuditEntry['details'] {
  if (!details) return [];
  const entries: AuditEntry['details'] = [];
  const add = (key: string, raw: unknown, before?: { raw: unknown }) => {
    const field = fieldOf(key);
    if (!field) return;
    const value = valueOf(field, raw);
    if (!value) return;
    const previous = before ? valueOf(field, before.raw) : undefined;
    if (value.kind === 'none' && (!previous || previous.kind === 'none')) return;
    entries.push(previous ? { field, value, previous } : { field, value });
  };

  const { from, to, ...rest } = details;
  if (isRecord(from) || isRecord(to)) {
    const before = isRecord(from) ? from : {};
    const after = isRecord(to) ? to : {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      add(key, after[key], isRecord(from) ? { raw: before[key] } : undefined);
    }
  } else if (from !== undefined || to !== undefined) {
    const field = changedFields[action];
    if (field) add(field, to, { raw: from });
  }
  for (const [key, raw] of Object.entries(rest)) add(key, raw);
  return entries.sort((a, b) => auditFields.indexOf(a.field) - auditFields.indexOf(b.field));
}
