import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { languages, type Language } from '#common/i18n/languages.ts';
import { procedureInputSchema, type Procedure, type ProcedureInput, type ProcedureItemInput } from '#common/procedures/procedures.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { proceduresAdminResource, useProcedureServices, useSaveProcedure } from '../api/procedures.admin.queries.ts';
import { ProcedureQuestionnaireDialog } from './procedure-questionnaire-dialog.tsx';

const emptyText = () => ({ es: '', en: '', fr: '' });
const emptyItem = (): ProcedureItemInput => ({
  title: emptyText(),
  explanation: emptyText(),
  isApostilleRequired: false,
  isSwornTranslationRequired: false,
  validityMonths: null,
  isPerFamilyMember: false,
});

function toInput(procedure: Procedure | undefined): ProcedureInput {
  if (!procedure) return { title: emptyText(), serviceId: null, isDefault: false, items: [emptyItem()] };
  return {
    title: procedure.title,
    serviceId: procedure.serviceId,
    isDefault: procedure.isDefault,
    items: procedure.items.map(({ id: _id, ...item }) => item),
  };
}

function ItemFields({ form, index, count, onMove, onRemove }: { form: UseFormReturn<ProcedureInput>; index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const { t } = useTranslation('procedures');
  const errors = form.formState.errors.items?.[index];
  const number = index + 1;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-semibold text-slate-900">{t('itemNumber', { number })}</legend>
        <span className="flex gap-1">
          <Tooltip label={t('moveUp', { number })}>
            <Button variant="ghost" size="sm" onClick={() => onMove(index - 1)} disabled={index === 0} aria-label={t('moveUp', { number })}>
              <ArrowUp className="h-4 w-4" aria-hidden />
            </Button>
          </Tooltip>
          <Tooltip label={t('moveDown', { number })}>
            <Button variant="ghost" size="sm" onClick={() => onMove(index + 1)} disabled={index === count - 1} aria-label={t('moveDown', { number })}>
              <ArrowDown className="h-4 w-4" aria-hidden />
            </Button>
          </Tooltip>
          <Tooltip label={t('removeItem', { number })}>
            <Button variant="ghostDanger" size="sm" onClick={onRemove} aria-label={t('removeItem', { number })}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </Tooltip>
        </span>
      </div>
      {languages.map((language: Language) => (
        <div key={language} className="grid gap-2 md:grid-cols-2">
          <FormField label={`${t('fields.itemTitle')} (${t(`languages.${language}`)})`} error={errors?.title?.[language]?.message} isRequired>
            <Input {...form.register(`items.${index}.title.${language}`)} />
          </FormField>
          <FormField label={`${t('fields.explanation')} (${t(`languages.${language}`)})`} error={errors?.explanation?.[language]?.message} isRequired>
            <Textarea rows={2} {...form.register(`items.${index}.explanation.${language}`)} />
          </FormField>
        </div>
      ))}
      <div className="grid gap-2 md:grid-cols-2">
        <CheckboxField label={t('fields.apostille')}>
          <Checkbox {...form.register(`items.${index}.isApostilleRequired`)} />
        </CheckboxField>
        <CheckboxField label={t('fields.sworn')}>
          <Checkbox {...form.register(`items.${index}.isSwornTranslationRequired`)} />
        </CheckboxField>
        <CheckboxField label={t('fields.perMember')}>
          <Checkbox {...form.register(`items.${index}.isPerFamilyMember`)} />
        </CheckboxField>
        <FormField label={t('fields.validityMonths')} error={errors?.validityMonths?.message}>
          <Input type="number" min={1} max={120} {...form.register(`items.${index}.validityMonths`, { setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)) })} />
        </FormField>
      </div>
    </fieldset>
  );
}

function ProcedureDialog({ procedure, trigger }: { procedure?: Procedure; trigger: (open: () => void) => React.ReactNode }) {
  const { t } = useTranslation('procedures');
  const [isOpen, setOpen] = useState(false);
  const save = useSaveProcedure(procedure?.id, { failureTitle: t('saveFailed') });
  const services = useProcedureServices();
  const form = useForm<ProcedureInput>({ resolver: zodResolver(procedureInputSchema), defaultValues: toInput(procedure) });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const { errors } = form.formState;
  const serviceId = useWatch({ control: form.control, name: 'serviceId' });

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: t('saved'), variant: 'success' });
        setOpen(false);
      },
    }),
  );

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger(() => {
        form.reset(toInput(procedure));
        setOpen(true);
      })}
      <DialogContent title={procedure ? t('editTitle') : t('newTitle')} width="2xl">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-2 md:grid-cols-3">
            {languages.map((language: Language) => (
              <FormField key={language} label={`${t('fields.title')} (${t(`languages.${language}`)})`} error={errors.title?.[language]?.message} isRequired>
                <Input {...form.register(`title.${language}`)} />
              </FormField>
            ))}
          </div>
          <div className="grid items-end gap-2 md:grid-cols-2">
            <FormField label={t('fields.service')} error={errors.serviceId?.message}>
              <Select {...form.register('serviceId', { setValueAs: (value: unknown) => (value === '' || value === null ? null : String(value)) })}>
                <option value="">{t('noService')}</option>
                {(services.data ?? []).map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.title}
                  </option>
                ))}
              </Select>
            </FormField>
            {serviceId ? (
              <CheckboxField label={t('fields.isDefault')}>
                <Checkbox {...form.register('isDefault')} />
              </CheckboxField>
            ) : null}
          </div>
          <h3 className="font-semibold text-slate-900">{t('fields.items')}</h3>
          {items.fields.map((field, index) => (
            <ItemFields
              key={field.id}
              form={form}
              index={index}
              count={items.fields.length}
              onMove={(to) => items.move(index, to)}
              onRemove={() => items.remove(index)}
            />
          ))}
          <div className="flex justify-between">
            <Button variant="outline" onClick={() => items.append(emptyItem())}>
              <Plus className="h-4 w-4" aria-hidden />
              {t('addItem')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {t('save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The Trámites tab: each procedure's checklist template, in the three languages, with its flags. */
export function ProceduresAdminTab() {
  const { t } = useTranslation(['procedures', 'admin']);
  const language = useLanguage();
  const services = useProcedureServices();
  const mayEditQuestionnaire = useMayUse('PUT /api/admin/procedures/:id/questionnaire');
  const serviceTitle = (id: string | null) => (id ? (services.data?.find((service) => service.id === id)?.title ?? id) : t('noService'));
  const columns: Column<Procedure>[] = [
    {
      header: t('columns.title'),
      cell: (row) => (
        <span className="font-medium text-slate-900">
          {row.title[language]} {row.isDefault ? <Badge tone="blue">{t('default')}</Badge> : null}
        </span>
      ),
    },
    { header: t('columns.service'), cell: (row) => serviceTitle(row.serviceId) },
    { header: t('columns.items'), cell: (row) => t('itemCount', { count: row.items.length }) },
    {
      header: t('columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          <ProcedureDialog
            procedure={row}
            trigger={(open) => (
              <Tooltip label={t('edit', { title: row.title[language] })}>
                <Button variant="ghost" size="sm" onClick={open} aria-label={t('edit', { title: row.title[language] })}>
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
              </Tooltip>
            )}
          />
          {mayEditQuestionnaire ? <ProcedureQuestionnaireDialog procedure={row} /> : null}
          <DeleteButton resource={proceduresAdminResource} id={row.id} label={row.title[language]} />
        </div>
      ),
    },
  ];
  return (
    <AdminTable
      resource={proceduresAdminResource}
      section={t('admin:tabs.procedures')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('empty')}
      toolbar={
        <ProcedureDialog
          trigger={(open) => (
            <Button size="sm" onClick={open}>
              <Plus className="h-4 w-4" aria-hidden />
              {t('new')}
            </Button>
          )}
        />
      }
    />
  );
}
