import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { identificationInputSchema, identityDocumentKinds, identityDocumentRule, type IdentificationInput } from '#common/aml/aml.contract.ts';
import { acceptAttribute, fileProblem } from '#common/intake/uploads.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSubmitIdentification } from '../api/aml.queries.ts';

/** The identification form of one case: the document's details and scans, the origin of the funds and the purpose. */
export function IdentificationForm({ caseId }: { caseId: number }) {
  const { t } = useTranslation('aml');
  const submit = useSubmitIdentification(caseId, { failureTitle: t('form.failureTitle') });
  const [chosen, setChosen] = useState<File[]>([]);
  // A new key clears the native input after a submission.
  const [filesKey, setFilesKey] = useState(0);
  const form = useForm<IdentificationInput>({
    resolver: zodResolver(identificationInputSchema),
    defaultValues: { fullName: '', documentKind: 'passport', documentNumber: '', fundsOrigin: '', purpose: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((input) => {
    if (chosen.length === 0) return showRefusal(t('form.missingFile'));
    if (chosen.length > identityDocumentRule.maxFiles) return showRefusal(t(identityDocumentRule.messages.tooMany));
    const problem = chosen.map((file) => fileProblem(file, identityDocumentRule)).find(Boolean);
    if (problem) return showRefusal(t(problem));
    submit.mutate(
      { input, files: chosen },
      {
        onSuccess: () => {
          toast({ title: t('form.successTitle'), description: t('form.successDescription'), variant: 'success' });
          form.reset();
          setFilesKey((key) => key + 1);
          setChosen([]);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <FormField label={t('form.fullName')} error={errors.fullName?.message} isRequired>
        <Input autoComplete="name" {...form.register('fullName')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('form.documentKind')} error={errors.documentKind?.message} isRequired>
          <Select {...form.register('documentKind')}>
            {identityDocumentKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`form.kinds.${kind}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('form.documentNumber')} error={errors.documentNumber?.message} isRequired>
          <Input autoComplete="off" {...form.register('documentNumber')} />
        </FormField>
      </div>
      <FormField label={t('form.file')} hint={t('form.fileHint')} isRequired>
        <input
          key={filesKey}
          onChange={(event) => setChosen([...(event.target.files ?? [])])}
          type="file"
          multiple
          accept={acceptAttribute(identityDocumentRule)}
          className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
      </FormField>
      <FormField label={t('form.fundsOrigin')} hint={t('form.fundsOriginHint')} error={errors.fundsOrigin?.message} isRequired>
        <Textarea rows={3} {...form.register('fundsOrigin')} />
      </FormField>
      <FormField label={t('form.purpose')} hint={t('form.purposeHint')} error={errors.purpose?.message} isRequired>
        <Textarea rows={2} {...form.register('purpose')} />
      </FormField>
      <Button type="submit" isBusy={submit.isPending} busyLabel={t('form.busy')}>
        {t('form.submit')}
      </Button>
    </form>
  );
}
