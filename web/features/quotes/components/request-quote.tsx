import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { quoteRequestMessageMaxLength as messageMaxLength, quoteRequestSchema } from '#common/quotes/quotes.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useSessionUser } from '#web/lib/session.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useRequestQuote } from '../api/quotes.queries.ts';

/**
 * A case whose price is a 'from' price is not paid from its start page: the signed-in client asks
 * for a quote (with an optional message) and pays the firm's price once it comes; signed out, they
 * sign in or register first and come back (`returnTo`).
 */
export function RequestQuote({ serviceId, returnTo }: { serviceId: string; returnTo: string }) {
  const { t } = useTranslation('quotes');
  const user = useSessionUser();
  const request = useRequestQuote({ failureTitle: t('request.failed') });
  const form = useForm<z.input<typeof quoteRequestSchema>, unknown, z.output<typeof quoteRequestSchema>>({
    resolver: zodResolver(quoteRequestSchema),
    defaultValues: { serviceId, message: '' },
  });
  const messageLength = (useWatch({ control: form.control, name: 'message' }) ?? '').length;
  const back = `redirect=${encodeURIComponent(returnTo)}`;

  if (!user) {
    return (
      <div className="mt-8 rounded-lg bg-slate-50 p-4 text-slate-800">
        <p>{t('request.signInFirst')}</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={`/acceder?${back}`}>{t('request.signIn')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/registro?${back}`}>{t('request.register')}</Link>
          </Button>
        </div>
      </div>
    );
  }

  if (request.isSuccess) {
    return (
      <div role="status" className="mt-8 flex gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-slate-800">
        <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden />
        <div>
          <p className="font-semibold">{t('request.sentTitle')}</p>
          <p className="mt-1 text-sm">{t('request.sentText')}</p>
          <Link to="/panel" className="mt-2 inline-block text-sm font-semibold text-brand-800 underline underline-offset-2">
            {t('request.toPanel')}
          </Link>
        </div>
      </div>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, { onError: (error) => applyServerIssues(error, form.setError) }),
  );
  return (
    <form className="mt-8 space-y-4" noValidate onSubmit={onSubmit}>
      <p className="text-slate-700">{t('request.intro')}</p>
      <FormField
        label={t('request.message')}
        hint={t('request.messageHint', { used: messageLength, max: messageMaxLength })}
        error={form.formState.errors.message?.message}
      >
        <Textarea rows={5} maxLength={messageMaxLength} {...form.register('message')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" isBusy={request.isPending} busyLabel={t('request.busy')}>
        {t('request.submit')}
      </Button>
    </form>
  );
}
