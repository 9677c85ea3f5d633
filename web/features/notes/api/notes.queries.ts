import { useQuery } from '@tanstack/react-query';
import type { Note, NoteInput, NoteSubject } from '#common/notes/notes.contract.ts';
import { adminKeys, useAdminMutation, type AdminWriteFeedback } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';

const notesResource = 'notes';
const notesPath = (subject: NoteSubject, id: number | string) => `/api/admin/${subject}/${encodeURIComponent(String(id))}/notes`;

/** The staff's private notes on a case, a consultation or a client. */
export function useNotes(subject: NoteSubject, id: number | string) {
  return useQuery({ queryKey: [...adminKeys.resource(notesResource), subject, String(id)], queryFn: () => api<Note[]>(notesPath(subject, id)) });
}

export function useAddNote(subject: NoteSubject, id: number | string, meta?: AdminWriteFeedback) {
  return useAdminMutation<NoteInput, Note>(notesResource, (input) => ({ path: notesPath(subject, id), method: 'POST', body: input }), meta);
}
