import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useUndoEmailChange } from '../api/auth.queries.ts';

/**
 * What the link mailed to an account's old address opens: nothing happens until the person asks,
 * so a mail scanner following the link undoes nothing.
 */
export function UndoEmailChange({ token }: { token: string | null }) {
  const { t } = useTranslation('auth');
  // Its failure stays on the page with a way to reach the firm.
  const undo = useUndoEmailChange({ isFailureInline: true });

  if (!token) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {t('undoEmailChange.missingLink')}
      </p>
    );
  }
  if (undo.data) {
    return (
      <div role="status" className="space-y-4">
        <p className="font-semibold text-green-900">{t('undoEmailChange.doneTitle')}</p>
        <p className="text-sm text-slate-800">{t('undoEmailChange.done', { email: undo.data.email })}</p>
        <Button asChild variant="outline">
          <Link to="/acceder">{t('undoEmailChange.toSignIn')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-800">{t('undoEmailChange.explanation')}</p>
      {undo.error ? (
        <div role="alert" className="space-y-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{t('undoEmailChange.errorTitle')}</p>
          <p>{undo.error.message}</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/contacto">{t('undoEmailChange.contact')}</Link>
          </Button>
        </div>
      ) : null}
      <Button type="button" className="w-full" isBusy={undo.isPending} busyLabel={t('undoEmailChange.busy')} onClick={() => undo.mutate({ token })}>
        {t('undoEmailChange.submit')}
      </Button>
    </div>
  );
}
