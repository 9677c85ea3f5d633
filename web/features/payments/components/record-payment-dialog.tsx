import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { offlinePaymentMethods } from '#common/billing/billing-vocabulary.ts';
import { scheduledConsultationType } from '#common/consultations/booking-rules.ts';
import { languageNames, languages, type Language } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import { offlinePaymentInputSchema, paidOnBounds, type OfflineOffer, type OfflinePaymentInput } from '#common/payments/payments.admin.contract.ts';
import { EurosInput } from '#web/components/form/euros-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { clientSearchMinLength, useClientSearch, useOfflineOffers, useRecordPayment } from '../api/payments.admin.queries.ts';

type FormInput = z.input<typeof offlinePaymentInputSchema>;
type ClientErrors = Partial<Record<'userId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'language', FieldError>> & { message?: string };

const newClient = (language: Language): FormInput['client'] => ({ kind: 'new', firstName: '', lastName: '', email: '', phone: '', language });

/** What the amount left empty means for the chosen service: its catalogue price, less the client's credit for a case; a 'from' price must be typed. */
function AmountHint({ offer }: { offer: OfflineOffer | undefined }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  if (!offer) return null;
  const money = (cents: number) => formatMoney(cents, offer.currency, language);
  if (offer.isFromPrice) return <>{t('payments.record.amountHintFrom', { price: money(offer.priceCents) })}</>;
  if (offer.creditedCents > 0) {
    return (
      <>
        {t('payments.record.amountHintCredit', {
          amount: money(offer.priceCents - offer.creditedCents),
          price: money(offer.priceCents),
          credit: money(offer.creditedCents),
        })}
      </>
    );
  }
  return <>{t('payments.record.amountHint', { price: money(offer.priceCents) })}</>;
}

/** The client's account, found by e-mail or name among the accounts, and chosen with one press. */
function ClientSearch({ chosen, onChoose, error }: { chosen: { name: string; email: string } | null; onChoose: (client: { id: string; name: string; email: string } | null) => void; error?: string }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const results = useClientSearch(q);
  const listId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  if (chosen) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 p-3">
        <p className="font-medium text-slate-900">{t('payments.record.chosen', chosen)}</p>
        <Button variant="ghost" size="sm" onClick={() => onChoose(null)}>
          {t('payments.record.change')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <FormField label={t('payments.record.search')} hint={t('payments.record.searchHint')} error={error} isRequired>
        <Input type="search" value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" aria-controls={listId} />
      </FormField>
      <div id={listId} aria-live="polite">
        {q.length < clientSearchMinLength ? null : (
          <QueryState
            query={results}
            loading={t('payments.record.searching')}
            empty={<p className="text-sm text-slate-700">{t('payments.record.noMatch')}</p>}
            isEmpty={(found) => found.items.length === 0}
            className="text-sm"
          >
            {(found) => (
              <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200">
                {found.items.map((client) => {
                  const name = `${client.firstName} ${client.lastName}`.trim();
                  return (
                    <li key={client.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                      <span>
                        <span className="font-medium text-slate-900">{name}</span> <span className="text-slate-700">{client.email}</span>
                      </span>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => onChoose({ id: client.id, name, email: client.email })}
                        aria-label={t('payments.record.pickLabel', { name, email: client.email })}
                      >
                        {t('payments.record.pick')}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryState>
        )}
      </div>
    </div>
  );
}

function RecordPaymentForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['admin', 'payments', 'invoices']);
  const language = useLanguage();
  const kindName = useId();
  const record = useRecordPayment({ failureTitle: t('payments.record.error') });
  const [chosen, setChosen] = useState<{ id: string; name: string; email: string } | null>(null);
  const paidOn = paidOnBounds(new Date());
  const form = useForm<FormInput, unknown, OfflinePaymentInput>({
    resolver: zodResolver(offlinePaymentInputSchema),
    defaultValues: { client: { kind: 'existing', userId: '' }, serviceId: '', amountCents: null, method: 'bank_transfer', paidOn: paidOn.latest, reference: '' },
  });
  const { errors } = form.formState;
  const clientErrors = errors.client as ClientErrors | undefined;
  const kind = useWatch({ control: form.control, name: 'client.kind' });
  const serviceId = useWatch({ control: form.control, name: 'serviceId' });
  const offers = useOfflineOffers(kind === 'existing' ? chosen?.id : undefined);
  const offer = offers.data?.find((item) => item.id === serviceId);

  const choose = (client: { id: string; name: string; email: string } | null) => {
    setChosen(client);
    form.setValue('client', { kind: 'existing', userId: client?.id ?? '' }, { shouldValidate: form.formState.isSubmitted });
  };
  const onSubmit = form.handleSubmit((payment) =>
    record.mutate(payment, {
      onSuccess: ({ invoice }) => {
        toast({ title: t('payments.record.success', { number: invoice.number }), variant: 'success' });
        onDone();
      },
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );

  return (
    <form className="space-y-5" noValidate onSubmit={onSubmit}>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">{t('payments.record.client')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['existing', 'new'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={kindName}
                value={option}
                checked={kind === option}
                onChange={() => {
                  setChosen(null);
                  form.setValue('client', option === 'new' ? newClient(language) : { kind: 'existing', userId: '' });
                  form.clearErrors('client');
                }}
                className="h-4 w-4 accent-brand-800"
              />
              {t(`payments.record.${option}`)}
            </label>
          ))}
        </div>
        {kind === 'existing' ? (
          <ClientSearch chosen={chosen} onChoose={choose} error={clientErrors?.userId?.message ?? clientErrors?.message} />
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            <p className="text-sm text-slate-700 md:col-span-2">{t('payments.record.newHint')}</p>
            <FormField label={t('payments.record.firstName')} error={clientErrors?.firstName?.message} isRequired>
              <Input autoComplete="off" {...form.register('client.firstName')} />
            </FormField>
            <FormField label={t('payments.record.lastName')} error={clientErrors?.lastName?.message} isRequired>
              <Input autoComplete="off" {...form.register('client.lastName')} />
            </FormField>
            <FormField label={t('payments.record.email')} error={clientErrors?.email?.message} isRequired>
              <Input type="email" autoComplete="off" {...form.register('client.email')} />
            </FormField>
            <FormField label={t('payments.record.phone')} error={clientErrors?.phone?.message} isRequired>
              <Input type="tel" autoComplete="off" {...form.register('client.phone')} />
            </FormField>
            <FormField label={t('payments.record.language')} error={clientErrors?.language?.message} isRequired>
              <Select {...form.register('client.language')}>
                {languages.map((option) => (
                  <option key={option} value={option}>
                    {languageNames[option]}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
        )}
      </fieldset>

      <div className="grid gap-3 md:grid-cols-2">
        <FormField
          label={t('payments.record.service')}
          hint={serviceId === scheduledConsultationType ? t('payments.record.scheduledHint') : undefined}
          error={errors.serviceId?.message}
          isRequired
          className="md:col-span-2"
        >
          <Select {...form.register('serviceId')}>
            <option value="">{t('payments.record.choose')}</option>
            {(offers.data ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </Select>
        </FormField>
        <Controller
          control={form.control}
          name="amountCents"
          render={({ field }) => (
            <FormField label={t('payments.record.amount')} hint={<AmountHint offer={offer} />} error={errors.amountCents?.message} isRequired={offer?.isFromPrice}>
              <EurosInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
            </FormField>
          )}
        />
        <FormField label={t('payments.record.method')} error={errors.method?.message} isRequired>
          <Select {...form.register('method')}>
            {offlinePaymentMethods.map((method) => (
              <option key={method} value={method}>
                {t(`invoices:methods.${method}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('payments.record.paidOn')} error={errors.paidOn?.message} isRequired>
          <Input type="date" min={paidOn.earliest} max={paidOn.latest} {...form.register('paidOn')} />
        </FormField>
        <FormField label={t('payments.record.reference')} hint={t('payments.record.referenceHint')} error={errors.reference?.message}>
          <Input autoComplete="off" maxLength={100} {...form.register('reference')} />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={record.isPending}>
          {t('payments.record.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Registrar pago': a payment the firm took by hand, for a client found by e-mail or a new one,
 * for a service of the catalogue, at its price or the amount received, on a day, with a reference.
 * It opens the case or consultation and issues the invoice as an online payment does.
 */
export function RecordPaymentDialog() {
  const { t } = useTranslation('admin');
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden />
        {t('payments.record.button')}
      </Button>
      <DialogContent title={t('payments.record.title')} description={t('payments.record.description')} width="lg">
        {isOpen ? <RecordPaymentForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
