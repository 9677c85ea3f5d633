import { zodResolver } from '@hookform/resolvers/zod';
import { NotebookPen } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { StaffRoute } from '#common/auth/permissions.ts';
import { noteInputSchema, type NoteInput, type NoteSubject } from '#common/notes/notes.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useAddNote, useNotes } from '../api/notes.queries.ts';

const writeRoute = {
  cases: 'POST /api/admin/cases/:id/notes',
  consultations: 'POST /api/admin/consultations/:id/notes',
  clients: 'POST /api/admin/clients/:id/notes',
} satisfies Record<NoteSubject, StaffRoute>;

type NotesProps = { subject: NoteSubject; id: number | string };

function NotesList({ subject, id }: NotesProps) {
  const { t } = useTranslation(['notes', 'admin']);
  const date = useAdminDate();
  const notes = useNotes(subject, id);
  return (
    <QueryState query={notes} loading={t('admin:table.loading')} empty={<p className="text-sm text-slate-700">{t('empty')}</p>} className="text-sm">
      {(loaded) => (
        <ol className="space-y-2">
          {loaded.map((note) => (
            <li key={note.id} className="rounded-md bg-white p-3">
              <p className="text-xs font-semibold text-slate-700">
                {note.authorName ?? t('unknownAuthor')} · {date(note.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-line text-sm text-slate-900">{note.body}</p>
              {note.mentioned.length > 0 ? <p className="mt-1 text-xs text-slate-700">{t('mentioned', { names: note.mentioned.join(', ') })}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}

function NoteForm({ subject, id }: NotesProps) {
  const { t } = useTranslation('notes');
  const add = useAddNote(subject, id, { failureTitle: t('error'), successTitle: t('saved') });
  const form = useForm<NoteInput>({ resolver: zodResolver(noteInputSchema), defaultValues: { body: '' } });
  const onSubmit = form.handleSubmit((input) => add.mutate(input, { onSuccess: () => form.reset() }));
  return (
    <form className="space-y-2" noValidate onSubmit={onSubmit}>
      <FormField label={t('label')} error={form.formState.errors.body?.message}>
        <Textarea rows={3} {...form.register('body')} />
      </FormField>
      <Button type="submit" disabled={add.isPending}>
        {t('submit')}
      </Button>
    </form>
  );
}

/** "Notas internas" on a case page: the staff's private notes, never shown to the client; `@Name` mails a colleague. */
export function StaffNotes({ subject, id }: NotesProps) {
  const { t } = useTranslation('notes');
  const mayWrite = useMayUse(writeRoute[subject]);
  const headingId = `notes-${subject}-${id}`;
  return (
    <section className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-brand-900">
        {t('title')}
      </h3>
      <p className="text-sm text-slate-700">{t('hint')}</p>
      <NotesList subject={subject} id={id} />
      {mayWrite ? <NoteForm subject={subject} id={id} /> : null}
    </section>
  );
}

/** The same notes from a row of the Consultas or Clientes tab, in a dialog named after the person. */
export function StaffNotesDialog({ subject, id, name }: NotesProps & { name: string }) {
  const { t } = useTranslation('notes');
  const mayWrite = useMayUse(writeRoute[subject]);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('openLabel', { name })} title={t('openLabel', { name })}>
          <NotebookPen className="h-4 w-4" aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent title={t('openLabel', { name })} description={t('hint')} width="lg">
        <div className="space-y-3">
          <NotesList subject={subject} id={id} />
          {mayWrite ? <NoteForm subject={subject} id={id} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
