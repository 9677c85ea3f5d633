import { zodResolver } from '@hookform/resolvers/zod';
import { FileSignature } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  engagementTemplateInputSchema,
  letterPlaceholders,
  type EngagementTemplate,
  type EngagementTemplateInput,
} from '#common/engagements/engagements.contract.ts';
import { languages } from '#common/i18n/languages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useEngagementTemplate, useSaveEngagementTemplate } from '../api/engagements.queries.ts';

function LetterForm({ serviceId, template, onSaved }: { serviceId: string; template: EngagementTemplate; onSaved: () => void }) {
  const { t } = useTranslation('engagements');
  const save = useSaveEngagementTemplate(serviceId, { failureTitle: t('admin.saveFailed') });
  const form = useForm<EngagementTemplateInput>({
    resolver: zodResolver(engagementTemplateInputSchema),
    defaultValues: { es: template.es, en: template.en, fr: template.fr },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        toast({ title: t('admin.saved'), variant: 'success' });
        onSaved();
      },
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{t('admin.intro', { list: letterPlaceholders.map((name) => `{{${name}}}`).join(', ') })}</p>
      {template.isDefault ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">{t('admin.isDefault')}</p> : null}
      {languages.map((language) => (
        <FormField
          key={language}
          label={t(`admin.${language}`)}
          hint={t('admin.version', { version: String(template.versions[language]) })}
          error={errors[language]?.message}
          isRequired={language === 'es'}
        >
          <Textarea rows={10} lang={language} className="font-mono text-xs" {...form.register(language)} />
        </FormField>
      ))}
      <div className="flex justify-end">
        <Button type="submit" isBusy={save.isPending}>
          {t('admin.save')}
        </Button>
      </div>
    </form>
  );
}

function LetterEditor({ serviceId, onSaved }: { serviceId: string; onSaved: () => void }) {
  const { t } = useTranslation('engagements');
  const template = useEngagementTemplate(serviceId);
  return (
    <QueryState query={template} loading={t('step.loading')} failure={t('admin.loadFailed')} className="text-sm">
      {(loaded) => <LetterForm serviceId={serviceId} template={loaded} onSaved={onSaved} />}
    </QueryState>
  );
}

/** The engagement letter of one service, in the Servicios tab: its text in each language, from the built-in template until the firm saves its own. */
export function EngagementLetterDialog({ serviceId, title }: { serviceId: string; title: string }) {
  const { t } = useTranslation('engagements');
  const [isOpen, setOpen] = useState(false);
  const label = `${t('admin.open')}: ${title}`;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Tooltip label={label}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={label}>
            <FileSignature className="h-4 w-4" aria-hidden />
          </Button>
        </DialogTrigger>
      </Tooltip>
      <DialogContent title={t('admin.title', { service: title })} width="2xl">
        {isOpen ? <LetterEditor serviceId={serviceId} onSaved={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
