import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { sendQuoteSchema, type AdminQuoteRow, type SendQuote } from '#common/quotes/quotes.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSendQuote } from '../api/quotes.admin.queries.ts';
import { defaultOffer, OfferFields } from './offer-fields.tsx';

function SendQuoteForm({ quote, onDone }: { quote: AdminQuoteRow; onDone: () => void }) {
  const { t } = useTranslation('quotes');
  const send = useSendQuote(quote.id, { failureTitle: t('send.failed') });
  const form = useForm<SendQuote>({ resolver: zodResolver(sendQuoteSchema), defaultValues: defaultOffer() });
  const onSubmit = form.handleSubmit((offer) =>
    send.mutate(offer, {
      onSuccess: () => {
        toast({ title: t('send.done', { email: quote.client.email }), variant: 'success' });
        onDone();
      },
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );
  return (
    <FormProvider {...form}>
      <form className="space-y-4" noValidate onSubmit={onSubmit}>
        {quote.requestMessage ? (
          <blockquote className="whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm text-slate-800">{quote.requestMessage}</blockquote>
        ) : null}
        <OfferFields />
        <div className="flex justify-end">
          <Button type="submit" disabled={send.isPending}>
            {t('send.submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** 'Enviar presupuesto' on a client's request: price, last day and text, mailed to the client with its link. */
export function SendQuoteDialog({ quote }: { quote: AdminQuoteRow }) {
  const { t } = useTranslation('quotes');
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('send.open', { name: quote.client.name })}>
        <Send className="h-4 w-4" aria-hidden />
        {t('send.button')}
      </Button>
      <DialogContent title={t('send.title', { service: quote.title })} description={t('send.description', { name: quote.client.name, email: quote.client.email })}>
        {isOpen ? <SendQuoteForm quote={quote} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
