import { z } from 'zod';
import { requiredTextSchema } from '#common/intake/fields.ts';

/**
 * The staff's private notes (the back office's "Notas internas") on a case, a consultation or a
 * client: the firm's work product, never shown or sent to the client nor put in their data export.
 * `@Name` in a note (a staff member's first name) mails that person.
 */
export type NoteSubject = 'cases' | 'consultations' | 'clients';

export const noteInputSchema = z.object({ body: requiredTextSchema(4000) });
export type NoteInput = z.infer<typeof noteInputSchema>;

export const noteSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  /** The staff member who wrote it; null once their account is gone. */
  authorName: z.string().nullable(),
  /** The staff members the note named with `@`, each mailed once. */
  mentioned: z.array(z.string()),
  createdAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const notesSchema = z.array(noteSchema);

/**
 * The staff members a note names: `@` followed by their first name (any case), not followed by
 * another letter or digit.
 */
export function mentionedMembers<Member extends { firstName: string }>(body: string, members: Member[]): Member[] {
  const lower = body.toLocaleLowerCase();
  return members.filter((member) => {
    const name = member.firstName.trim().toLocaleLowerCase();
    if (!name) return false;
    const token = `@${name}`;
    for (let at = lower.indexOf(token); at !== -1; at = lower.indexOf(token, at + 1)) {
      const next = lower.charAt(at + token.length);
      if (!/[\p{L}\p{N}]/u.test(next)) return true;
    }
    return false;
  });
}
