import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import type { Procedure } from '#common/procedures/procedures.contract.ts';
import { questionnaireDefinitionSchema } from '#common/questionnaires/questionnaires.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useProcedureQuestionnaire, useSaveProcedureQuestionnaire } from '../api/procedures.admin.queries.ts';

/** Where a definition's first problem is (`sections.0.fields.2.formBox`), or null when it is valid. */
function problemsOf(text: string): { problem: string | null; value?: unknown } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'questionnaires:editor.notJson' };
  }
  const parsed = questionnaireDefinitionSchema.safeParse(value);
  if (parsed.success) return { problem: null, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { problem: issue?.path.join('.') ?? '' };
}

function Editor({ procedure, initial, onDone }: { procedure: Procedure; initial: string; onDone: () => void }) {
  const { t } = useTranslation(['questionnaires', 'procedures']);
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>();
  const save = useSaveProcedureQuestionnaire(procedure.id, { failureTitle: t('editor.saveFailed') });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = problemsOf(text);
        if (checked.problem !== null) return setProblem(checked.problem.startsWith('questionnaires:') ? checked.problem : t('editor.invalid', { where: checked.problem }));
        setProblem(undefined);
        save.mutate(questionnaireDefinitionSchema.parse(checked.value), {
          onSuccess: () => {
            toast({ title: t('editor.saved'), variant: 'success' });
            onDone();
          },
        });
      }}
    >
      <FormField label={t('editor.definition')} hint={t('editor.hint')} error={problem}>
        <Textarea rows={18} spellCheck={false} className="font-mono text-xs" value={text} onChange={(event) => setText(event.target.value)} />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('editor.save')}
        </Button>
      </div>
    </form>
  );
}

/** A procedure's questionnaire, edited as its definition (JSON) checked with the contract's schema before it is sent. */
export function ProcedureQuestionnaireDialog({ procedure }: { procedure: Procedure }) {
  const { t } = useTranslation('questionnaires');
  const language = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const query = useProcedureQuestionnaire(procedure.id, isOpen);
  const label = t('editor.open', { title: procedure.title[language] });
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Tooltip label={label}>
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={label}>
          <ClipboardList className="h-4 w-4" aria-hidden />
        </Button>
      </Tooltip>
      <DialogContent title={label} width="2xl">
        {query.data === undefined ? (
          <p role="status" className="text-sm text-slate-700">
            {t('editor.loading')}
          </p>
        ) : (
          <Editor procedure={procedure} initial={query.data ? JSON.stringify(query.data, null, 2) : ''} onDone={() => setOpen(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
