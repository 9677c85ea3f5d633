import { mayUse, type StaffRoute } from '#common/auth/permissions.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { mentionedMembers, type Note, type NoteInput, type NoteSubject } from '#common/notes/notes.contract.ts';
import { searchLinks } from '#common/search/search.contract.ts';
import type { Db } from '#server/db/client.ts';
import { accountProfile } from '#server/features/auth/accounts.service.ts';
import { staffAccounts } from '#server/features/auth/staff-accounts.service.ts';
import { findAnyCase } from '#server/features/cases/cases.service.ts';
import { namesOfConsultations } from '#server/features/consultations/consultations.admin.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { NoteMails } from './notes.mails.ts';
import { insertNote, listNotes, type NoteOwner } from './notes.repository.ts';

export type NotesDeps = { db: Db; mails: NoteMails };

/** A note's subject as its mail names it, and the back-office page that shows it. */
export type SubjectInfo = { kind: NoteSubject; name: string; path: string };

type Member = Awaited<ReturnType<typeof staffAccounts.list>>[number];
type NoteRow = { id: string; body: string; authorId: string | null; createdAt: Date };

/**
 * Per kind of subject: the route whose readers may read and be named in its notes (the permission
 * table), the table the audit log names, the note's owner column, and the subject as its owner
 * feature finds it (undefined: gone).
 */
const subjects = {
  cases: {
    readRoute: 'GET /api/admin/cases/:id',
    auditTable: 'cases',
    owner: (id: string): NoteOwner => ({ caseId: Number(id) }),
    find: async (db: Db, id: string) => {
      const row = await findAnyCase({ db }, Number(id));
      return row && { name: caseDisplayId(row.id), path: `/admin/expedientes/${caseDisplayId(row.id)}` };
    },
  },
  consultations: {
    readRoute: 'GET /api/admin/consultations',
    auditTable: 'consultations',
    owner: (id: string): NoteOwner => ({ consultationId: id }),
    find: async (db: Db, id: string) => {
      const name = (await namesOfConsultations({ db }, [id])).get(id);
      return name === undefined ? undefined : { name, path: '/admin?tab=consultas' };
    },
  },
  clients: {
    readRoute: 'GET /api/admin/clients',
    auditTable: 'users',
    owner: (id: string): NoteOwner => ({ clientId: id }),
    find: async (db: Db, id: string) => {
      const client = await accountProfile({ db }, id);
      return client && { name: `${client.firstName} ${client.lastName}`.trim() || client.email, path: searchLinks.client(client.email) };
    },
  },
} satisfies Record<NoteSubject, { readRoute: StaffRoute; auditTable: string; owner: (id: string) => NoteOwner; find: (db: Db, id: string) => Promise<{ name: string; path: string } | undefined> }>;

/** The staff members a note may name: active, and allowed to read its subject. */
const readers = (kind: NoteSubject, members: Member[]) => members.filter((member) => member.deactivatedAt === null && mayUse(member.role, subjects[kind].readRoute));

const fullName = (member: Pick<Member, 'firstName' | 'lastName'>) => `${member.firstName} ${member.lastName}`.trim();

function shaped(kind: NoteSubject, row: NoteRow, members: Member[]): Note {
  const author = members.find((member) => member.id === row.authorId);
  return {
    id: row.id,
    body: row.body,
    authorName: author ? fullName(author) : null,
    mentioned: mentionedMembers(row.body, readers(kind, members)).map(fullName),
    createdAt: row.createdAt.toISOString(),
  };
}

async function existingSubject(db: Db, kind: NoteSubject, id: string): Promise<SubjectInfo> {
  const found = await subjects[kind].find(db, id);
  if (!found) throw new AppError('notFound');
  return { kind, ...found };
}

/** The private notes on a case, a consultation or a client, for the staff whose role may read them (the route's row). */
export async function notesAbout({ db }: Pick<NotesDeps, 'db'>, kind: NoteSubject, id: string): Promise<Note[]> {
  await existingSubject(db, kind, id);
  const [rows, members] = await Promise.all([listNotes(db, subjects[kind].owner(id)), staffAccounts.list(db)]);
  return rows.map((row) => shaped(kind, row, members));
}

/**
 * Keeps a private note with its audit row (which names the note, never its text) and mails each
 * staff member it names with `@` (once each, never the author), in one transaction.
 */
export async function addNote({ db, mails }: NotesDeps, staff: Actor, kind: NoteSubject, id: string, input: NoteInput): Promise<Note> {
  const subject = await existingSubject(db, kind, id);
  const members = await staffAccounts.list(db);
  const mentioned = mentionedMembers(input.body, readers(kind, members)).filter((member) => member.id !== staff.id);
  const row = await db.transaction(async (tx) => {
    const [note] = await insertNote(tx, { ...subjects[kind].owner(id), authorId: staff.id, body: input.body });
    if (!note) throw new Error('The note was not stored');
    await recordAudit(
      { db: tx },
      { actor: staff, action: 'NOTE_CREATE', targetTable: subjects[kind].auditTable, targetId: id, details: { noteId: note.id, mentioned: mentioned.map((member) => member.id) } },
    );
    for (const member of mentioned) await mails.mention(tx, member, { subject, author: fullName(staff) });
    return note;
  });
  return shaped(kind, row, members);
}
