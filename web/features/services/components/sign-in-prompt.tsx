import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

/** Asked of a signed-out visitor who hires: sign in or create an account, both coming back to `returnTo`. */
export function SignInPrompt({ returnTo, onClose }: { returnTo: string; onClose: () => void }) {
  const { t } = useTranslation('services');
  const back = `redirect=${encodeURIComponent(returnTo)}`;
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title={t('hire.signInTitle')} description={t('hire.signInDescription')}>
        <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <Button asChild>
            <Link to={`/acceder?${back}`}>{t('hire.signInAction')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/registro?${back}`}>{t('hire.registerAction')}</Link>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
