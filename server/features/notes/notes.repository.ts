import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { staffNotes } from '#server/db/schema/notes.ts';

/** What a note is about: exactly one case, consultation or client (the table's check). */
export type NoteOwner = { caseId: number } | { consultationId: string } | { clientId: string };

const noteColumns = { id: staffNotes.id, body: staffNotes.body, authorId: staffNotes.authorId, createdAt: staffNotes.createdAt };

function ownedBy(owner: NoteOwner) {
  if ('caseId' in owner) return eq(staffNotes.caseId, owner.caseId);
  if ('consultationId' in owner) return eq(staffNotes.consultationId, owner.consultationId);
  return eq(staffNotes.clientId, owner.clientId);
}

export function insertNote(db: Db | Tx, note: NoteOwner & { authorId: string; body: string }) {
  return db.insert(staffNotes).values(note).returning(noteColumns);
}

/** The notes on one case, consultation or client, oldest first. */
export function listNotes(db: Db, owner: NoteOwner) {
  return db.select(noteColumns).from(staffNotes).where(ownedBy(owner)).orderBy(asc(staffNotes.createdAt), asc(staffNotes.id));
}

/** Erases every note on these cases and consultations, and on the client. */
export async function eraseNotesAbout(db: Db, about: { caseIds: number[]; consultationIds: string[]; clientId: string }): Promise<void> {
  await db
    .delete(staffNotes)
    .where(or(inArray(staffNotes.caseId, about.caseIds), inArray(staffNotes.consultationId, about.consultationIds), eq(staffNotes.clientId, about.clientId)));
}
