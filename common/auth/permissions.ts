/**
 * Who on the firm's staff may use which back-office route: the one table the server checks on
 * every staff route (platform/sessions.ts, requireStaff), the per-row checks ask (a case, a thread,
 * an invoice), the web reads to hide what the server would refuse, and the authorization matrix
 * turns into its questions (docs/product/permissions.md, ADR 040).
 *
 * The owner may do everything, so a row names only the other roles; an empty row is the owner's alone.
 */
import { isStaffRole, type StaffRole } from './staff-roles.ts';

type NotOwner = Exclude<StaffRole, 'owner'>;

const everyone: NotOwner[] = ['lawyer', 'reception', 'translator', 'accounting'];
/** Reading cases: the lawyers work on them, reception asks for their documents, accounting reads them. */
const caseReaders: NotOwner[] = ['lawyer', 'reception', 'accounting'];
const lawyers: NotOwner[] = ['lawyer'];
/** A case's document requests: the lawyers, and reception who asks clients for them. */
const documentRequests: NotOwner[] = ['lawyer', 'reception'];
/** The front desk's work: chat, contact, the agenda. */
const frontDesk: NotOwner[] = ['lawyer', 'reception'];
const translators: NotOwner[] = ['translator'];
const accounting: NotOwner[] = ['accounting'];
const ownerOnly: NotOwner[] = [];

export const staffPermissions = {
  'GET /api/admin/setup-check': ownerOnly,

  'GET /api/admin/cases': caseReaders,
  'GET /api/admin/cases/unread': caseReaders,
  'GET /api/admin/cases/:id': caseReaders,
  'PUT /api/admin/cases/:id/seen': caseReaders,
  'POST /api/admin/cases/:id/documents': lawyers,
  // A translator only the documents flagged for a sworn translation (cases.service.ts, openCaseDocument).
  'GET /api/admin/cases/:id/documents/:documentId': [...caseReaders, 'translator'],
  'GET /api/admin/sworn-translation-documents': translators,
  'POST /api/admin/cases/:id/messages': lawyers,
  'PUT /api/admin/cases/:id/stage': lawyers,
  'PUT /api/admin/cases/:id/filing': lawyers,
  'GET /api/admin/cases/:id/requests': caseReaders,
  // The identification Ley 10/2010 asks for property work: the lawyers review it (aml.service.ts reads this row for the files too).
  'GET /api/admin/cases/:id/identification': lawyers,
  'GET /api/admin/cases/:id/identification/:identificationId/files/:fileId': lawyers,
  'POST /api/admin/cases/:id/identification/:identificationId/review': lawyers,
  // The staff's private notes: whoever may read the case (never a client route); on consultations and clients below.
  'GET /api/admin/cases/:id/notes': caseReaders,
  'POST /api/admin/cases/:id/notes': caseReaders,
  // Who handles a case: the lawyers and reception, who share out the work.
  'PUT /api/admin/cases/:id/assignee': documentRequests,
  'GET /api/admin/case-assignees': documentRequests,
  'POST /api/admin/cases/:id/requests': documentRequests,
  'POST /api/admin/cases/:id/procedures': documentRequests,
  'POST /api/admin/cases/:id/requests/:requestId/documents': documentRequests,
  'POST /api/admin/cases/:id/requests/:requestId/accept': lawyers,
  'POST /api/admin/cases/:id/requests/:requestId/reject': lawyers,
  'PUT /api/admin/cases/:id/requests/:requestId/due-date': documentRequests,
  'DELETE /api/admin/cases/:id/requests/:requestId': documentRequests,
  'GET /api/admin/cases/:id/deadlines': ['lawyer', 'accounting'],
  'GET /api/admin/cases/:id/deadlines/preview': lawyers,
  'POST /api/admin/cases/:id/deadlines': lawyers,
  'GET /api/admin/deadlines': lawyers,
  'POST /api/admin/deadlines/:id/done': lawyers,
  'POST /api/admin/deadlines/:id/opened': lawyers,
  'DELETE /api/admin/deadlines/:id': lawyers,
  // The administration's appointments (cita previa): reception books many of them, as the lawyers do.
  'GET /api/admin/cases/:id/official-appointments': caseReaders,
  'POST /api/admin/cases/:id/official-appointments': documentRequests,
  'PUT /api/admin/official-appointments/:id': documentRequests,
  'DELETE /api/admin/official-appointments/:id': documentRequests,
  // The filing pack (ADR 057): the lawyers, who file; the registry's limits are the owner's to set.
  'GET /api/admin/cases/:id/filing-packs': lawyers,
  'POST /api/admin/cases/:id/filing-packs': lawyers,
  'GET /api/admin/filing-packs/:id/files/:number': lawyers,
  'POST /api/admin/filing-packs/:id/filed': lawyers,
  'GET /api/admin/filing-limits': lawyers,
  'PUT /api/admin/filing-limits': ownerOnly,
  'GET /api/admin/holidays': everyone,
  'POST /api/admin/holidays': frontDesk,
  'DELETE /api/admin/holidays/:id': frontDesk,

  'GET /api/admin/consultations': frontDesk,
  'PATCH /api/admin/consultations/:id': lawyers,
  'DELETE /api/admin/consultations/:id': lawyers,
  'PUT /api/admin/consultations/:id/answer': frontDesk,
  'PUT /api/admin/consultations/:id/appointment': frontDesk,
  'PUT /api/admin/consultations/:id/video-link': frontDesk,
  'GET /api/admin/consultations/:id/messages': lawyers,
  'POST /api/admin/consultations/:id/messages': lawyers,
  'GET /api/admin/consultations/:id/attachments/:attachmentId': lawyers,
  'GET /api/admin/consultations/:id/notes': frontDesk,
  'POST /api/admin/consultations/:id/notes': frontDesk,
  // Who handles the work (assignees.service.ts): whoever works a list shares it out, to a person whose role does its work.
  'PUT /api/admin/consultations/:id/assignee': frontDesk,
  'GET /api/admin/assignees/:kind': ['lawyer', 'reception', 'translator'],

  'GET /api/admin/contact-requests': frontDesk,
  'PATCH /api/admin/contact-requests/:id': frontDesk,
  'DELETE /api/admin/contact-requests/:id': frontDesk,
  'PUT /api/admin/contact-requests/:id/assignee': frontDesk,

  'GET /api/admin/translation-requests': ['reception', 'translator'],
  'PATCH /api/admin/translation-requests/:id': ['reception', 'translator'],
  'DELETE /api/admin/translation-requests/:id': translators,
  'GET /api/admin/translation-requests/:id/documents': translators,
  'GET /api/admin/translation-requests/:id/documents/:documentId': translators,
  'POST /api/admin/translation-requests/:id/quotes': translators,
  'PUT /api/admin/translation-requests/:id/assignee': ['reception', 'translator'],
  'GET /api/admin/quotes': ['lawyer', 'translator', 'accounting'],
  'POST /api/admin/quotes/:id/send': lawyers,
  // A case quote is the lawyers' and a translation quote the translators' (the row's check, assignees.service.ts).
  'PUT /api/admin/quotes/:id/assignee': ['lawyer', 'translator'],

  'GET /api/admin/payments': accounting,
  'GET /api/admin/billing-records': accounting,
  'GET /api/admin/verifactu-events': accounting,
  'POST /api/admin/invoices/:id/cancellation': accounting,
  'GET /api/admin/payments/offers': accounting,
  'POST /api/admin/payments': accounting,
  'POST /api/admin/payments/:id/refunds': accounting,

  'GET /api/admin/clients': caseReaders,
  'GET /api/admin/clients/:id/notes': caseReaders,
  'POST /api/admin/clients/:id/notes': caseReaders,
  'PUT /api/admin/clients/:id/role': ownerOnly,
  'GET /api/admin/audit': ownerOnly,
  'GET /api/admin/failed-mails': ownerOnly,
  'POST /api/admin/failed-mails/:id/resend': ownerOnly,
  'GET /api/admin/reply-timers': everyone,
  /** Each kind of match only for the roles that may open its list (search.service.ts). */
  'GET /api/admin/search': everyone,
  /** Each kind of work only for the roles that may do it, and the firm's scope for the owner (today.service.ts). */
  'GET /api/admin/today': everyone,

  'GET /api/admin/chat/messages': frontDesk,
  'GET /api/admin/chat/messages/:id/conversation': frontDesk,
  'POST /api/admin/chat/messages/:id/replies': frontDesk,
  'DELETE /api/admin/chat/messages/:id': frontDesk,
  'PUT /api/admin/chat/conversations/:id/assignee': frontDesk,
  'GET /api/admin/chat/stream': frontDesk,

  'GET /api/admin/news': lawyers,
  'POST /api/admin/news': lawyers,
  'PUT /api/admin/news/:id': lawyers,
  'DELETE /api/admin/news/:id': lawyers,
  'GET /api/admin/sections': lawyers,
  'PUT /api/admin/sections/:id': lawyers,

  'GET /api/admin/agenda': frontDesk,
  'POST /api/admin/agenda/events': frontDesk,
  'PUT /api/admin/agenda/events/:id': frontDesk,
  'DELETE /api/admin/agenda/events/:id': frontDesk,
  'GET /api/admin/agenda/hours': frontDesk,
  'PUT /api/admin/agenda/hours': ['reception'],
  'GET /api/admin/agenda/days': frontDesk,
  'PUT /api/admin/agenda/days/:date': ['reception'],
  'DELETE /api/admin/agenda/days/:date': ['reception'],

  'GET /api/admin/procedures': documentRequests,
  'GET /api/admin/procedure-choices': documentRequests,
  'GET /api/admin/procedure-services': lawyers,
  'POST /api/admin/procedures': lawyers,
  'PUT /api/admin/procedures/:id': lawyers,
  'DELETE /api/admin/procedures/:id': lawyers,
  // The questionnaires (ADR 058): whoever reads the case reads the answers; reception fills the official forms from the
  // data sheet; the lawyers correct and review the answers and edit the procedures' questionnaires, like their checklists.
  'GET /api/admin/cases/:id/questionnaire': caseReaders,
  'PUT /api/admin/cases/:id/questionnaire': lawyers,
  'POST /api/admin/cases/:id/questionnaire/review': lawyers,
  'GET /api/admin/cases/:id/questionnaire/data-sheet': documentRequests,
  'GET /api/admin/procedures/:id/questionnaire': documentRequests,
  'PUT /api/admin/procedures/:id/questionnaire': lawyers,
  'GET /api/admin/staff': ownerOnly,
  'POST /api/admin/staff/invitations': ownerOnly,
  'DELETE /api/admin/staff/invitations/:id': ownerOnly,
  'PUT /api/admin/staff/:id/role': ownerOnly,
  'POST /api/admin/staff/:id/deactivate': ownerOnly,
  'GET /api/admin/services': ownerOnly,
  'PUT /api/admin/services/:id': ownerOnly,
  // The engagement letters: written by whoever sets the services and prices; a case's accepted letters read with the case.
  'GET /api/admin/engagements/templates/:serviceId': ownerOnly,
  'PUT /api/admin/engagements/templates/:serviceId': ownerOnly,
  'GET /api/admin/cases/:id/engagements': caseReaders,
} as const satisfies Record<string, readonly NotOwner[]>;

/** A staff route as the server registers it: its method and path. */
export type StaffRoute = keyof typeof staffPermissions;

export function isStaffRoute(route: string): route is StaffRoute {
  return Object.hasOwn(staffPermissions, route);
}

/** Whether an account acting in this role may use the route: never a client, always the owner. */
export function mayUse(role: string, route: StaffRoute): boolean {
  if (!isStaffRole(role)) return false;
  return role === 'owner' || (staffPermissions[route] as readonly string[]).includes(role);
}
