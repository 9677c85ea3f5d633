import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldError, type Merge } from 'react-hook-form';
import { languages, type Language } from '#common/i18n/languages.ts';
import { excludedCosts, familyMemberRoles, governmentFees } from '#common/services/price-terms.ts';
import {
  maxDurationWeeks,
  maxServiceFeatures,
  serviceInputOf,
  serviceInputSchema,
  type AdminService,
  type ServiceFormValues,
  type ServiceInput,
} from '#common/services/services.admin.contract.ts';
import { contactOfferId, translationServiceId } from '#common/services/offers.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { EurosInput } from '#web/components/form/euros-input.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { servicesAdminResource, useSaveService } from '../api/services.admin.queries.ts';
import { useOfferPrice } from './offer-card.tsx';

/** An empty number field is no duration. */
const weeksValue = (value: unknown) => (value === '' || value === null ? null : Number(value));

type ControlProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean };

/** The features, one a line; blank lines are dropped, so the list holds only what was written. */
function FeaturesInput({
  value,
  onChange,
  onBlur,
  ...control
}: ControlProps & { lang: Language; value: string[]; onChange: (features: string[]) => void; onBlur: () => void }) {
  const [text, setText] = useState(() => value.join('\n'));
  return (
    <Textarea
      {...control}
      rows={4}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** The message of a list's error: about the list itself, or about its first bad line. */
function listError(error: Merge<FieldError, Array<FieldError | undefined>> | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  return Object.values(error).find((line): line is FieldError => typeof line === 'object' && line !== null && 'message' in line)?.message;
}

function ServiceDialog({ service }: { service: AdminService }) {
  const { t } = useTranslation('services-admin');
  const language = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const save = useSaveService(service.id, { failureTitle: t('saveFailed') });
  const form = useForm<ServiceFormValues, unknown, ServiceInput>({ resolver: zodResolver(serviceInputSchema), defaultValues: serviceInputOf(service) });
  const { errors } = form.formState;
  const title = service.texts[language].title || service.id;
  const hasFixedNoPrice = service.id === contactOfferId || service.id === translationServiceId;
  const isTranslation = service.id === translationServiceId;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: t('saved'), variant: 'success' });
        setOpen(false);
      },
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (open) form.reset(serviceInputOf(service));
        setOpen(open);
      }}
    >
      <Tooltip label={t('edit', { title })}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={t('edit', { title })}>
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
        </DialogTrigger>
      </Tooltip>
      <DialogContent title={t('editTitle', { title })} width="2xl">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-3 md:grid-cols-2">
            {hasFixedNoPrice ? (
              <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700 md:col-span-2">{t(isTranslation ? 'fields.translationNoPrice' : 'fields.noPrice')}</p>
            ) : (
              <>
                <Controller
                  control={form.control}
                  name="priceCents"
                  render={({ field }) => (
                    <FormField
                      label={t('fields.price')}
                      hint={t(service.kind === 'consultation' ? 'fields.consultationPriceHint' : 'fields.priceHint')}
                      error={errors.priceCents?.message}
                      isRequired={service.kind === 'consultation'}
                    >
                      <EurosInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                    </FormField>
                  )}
                />
                {service.kind === 'case' ? (
                  <div className="md:pt-7">
                    <CheckboxField label={t('fields.isFromPrice')} error={errors.isFromPrice?.message}>
                      <Checkbox {...form.register('isFromPrice')} />
                    </CheckboxField>
                  </div>
                ) : null}
              </>
            )}
            <FormField label={t('fields.sortOrder')} hint={t('fields.sortOrderHint')} error={errors.sortOrder?.message}>
              <Input type="number" min={0} max={999} step={1} {...form.register('sortOrder', { valueAsNumber: true })} />
            </FormField>
            {isTranslation ? (
              <p className="text-sm text-slate-700 md:pt-7">{t('fields.translationHidden')}</p>
            ) : (
              <div className="md:pt-7">
                <CheckboxField label={t('fields.isOffered')}>
                  <Checkbox {...form.register('isOffered')} />
                </CheckboxField>
              </div>
            )}
          </div>
          <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{t('fields.terms')}</legend>
            <p className="text-sm text-slate-600">{t('fields.termsHint')}</p>
            <FormField label={t('fields.governmentFee')} error={errors.governmentFee?.message} className="max-w-md">
              <select {...form.register('governmentFee')} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
                {governmentFees.map((fee) => (
                  <option key={fee} value={fee}>
                    {t(`governmentFees.${fee}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <Controller
              control={form.control}
              name="excludedCosts"
              render={({ field }) => (
                <fieldset>
                  <legend className="text-sm font-medium text-slate-800">{t('fields.excludedCosts')}</legend>
                  <div className="mt-1 grid gap-1 md:grid-cols-2">
                    {excludedCosts.map((cost) => (
                      <CheckboxField key={cost} label={t(`excludedCosts.${cost}`)}>
                        <Checkbox
                          checked={field.value.includes(cost)}
                          onChange={(event) => field.onChange(event.target.checked ? [...field.value, cost] : field.value.filter((value) => value !== cost))}
                        />
                      </CheckboxField>
                    ))}
                  </div>
                </fieldset>
              )}
            />
            {service.kind === 'case' ? (
              <>
                <FormField label={t('fields.familyMembers')} error={errors.familyMembers?.message} className="max-w-xl">
                  <select {...form.register('familyMembers')} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
                    {familyMemberRoles.map((role) => (
                      <option key={role} value={role}>
                        {t(`familyMembers.${role}`)}
                      </option>
                    ))}
                  </select>
                </FormField>
                <div className="grid gap-3 md:grid-cols-2">
                  <FormField label={t('fields.durationMinWeeks')} hint={t('fields.durationHint', { max: maxDurationWeeks })} error={errors.durationMinWeeks?.message}>
                    <Input type="number" min={1} max={maxDurationWeeks} step={1} {...form.register('durationMinWeeks', { setValueAs: weeksValue })} />
                  </FormField>
                  <FormField label={t('fields.durationMaxWeeks')} error={errors.durationMaxWeeks?.message}>
                    <Input type="number" min={1} max={maxDurationWeeks} step={1} {...form.register('durationMaxWeeks', { setValueAs: weeksValue })} />
                  </FormField>
                </div>
              </>
            ) : null}
          </fieldset>
          {languages.map((textLanguage: Language) => {
            const textErrors = errors.texts?.[textLanguage];
            const name = t(`languages.${textLanguage}`);
            return (
              <fieldset key={textLanguage} className="space-y-3 rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">{t('fields.texts', { language: name })}</legend>
                <div className="grid gap-3 md:grid-cols-2">
                  <FormField label={`${t('fields.title')} (${name})`} error={textErrors?.title?.message} isRequired>
                    <Input lang={textLanguage} {...form.register(`texts.${textLanguage}.title`)} />
                  </FormField>
                  <FormField label={`${t('fields.priceDetails')} (${name})`} error={textErrors?.priceDetails?.message} isRequired>
                    <Input lang={textLanguage} {...form.register(`texts.${textLanguage}.priceDetails`)} />
                  </FormField>
                  <FormField label={`${t('fields.description')} (${name})`} error={textErrors?.description?.message} isRequired>
                    <Textarea lang={textLanguage} rows={4} {...form.register(`texts.${textLanguage}.description`)} />
                  </FormField>
                  <Controller
                    control={form.control}
                    name={`texts.${textLanguage}.features`}
                    render={({ field }) => (
                      <FormField
                        label={`${t('fields.features')} (${name})`}
                        hint={t('fields.featuresHint', { max: maxServiceFeatures })}
                        error={listError(textErrors?.features)}
                      >
                        <FeaturesInput lang={textLanguage} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                      </FormField>
                    )}
                  />
                </div>
              </fieldset>
            );
          })}
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {t('save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PriceCell({ service }: { service: AdminService }) {
  return <>{useOfferPrice(service)}</>;
}

/**
 * The Servicios tab: the catalogue's prices, order, offer and texts in the three languages, as the
 * public pages show them; `letter` is what the app composes beside each service's edit (its
 * engagement letter, from the engagements feature).
 */
export function ServicesAdminTab({ letter }: { letter?: (service: { id: string; title: string }) => ReactNode } = {}) {
  const { t } = useTranslation(['services-admin', 'admin']);
  const language = useLanguage();
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const columns: Column<AdminService>[] = [
    { header: t('columns.title'), cell: (row) => <span className="font-medium text-slate-900">{row.texts[language].title || row.id}</span> },
    { header: t('columns.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    { header: t('columns.price'), cell: (row) => <PriceCell service={row} /> },
    { header: t('columns.isFromPrice'), cell: (row) => yesNo(row.isFromPrice) },
    {
      header: t('columns.isOffered'),
      cell: (row) =>
        row.id === translationServiceId ? (
          <Badge tone="grey">{t('hidden')}</Badge>
        ) : row.isOffered ? (
          <Badge tone="green">{t('offered')}</Badge>
        ) : (
          <Badge tone="yellow">{t('withdrawn')}</Badge>
        ),
    },
    { header: t('columns.sortOrder'), cell: (row) => row.sortOrder },
    {
      header: t('columns.actions'),
      cell: (row) => (
        <div className="flex gap-1">
          <ServiceDialog service={row} />
          {row.priceCents !== null && row.id !== translationServiceId ? letter?.({ id: row.id, title: row.texts[language].title || row.id }) : null}
        </div>
      ),
    },
  ];
  return (
    <AdminTable
      resource={servicesAdminResource}
      section={t('admin:tabs.services')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('empty')}
    />
  );
}
