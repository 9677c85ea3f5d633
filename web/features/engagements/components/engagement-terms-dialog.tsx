import { useId, useState } from 'react';
import type { EngagementAcceptance, EngagementLetter, EngagementLetterRequest } from '#common/engagements/engagements.contract.ts';
import { MarkdownProse } from '#web/components/page/markdown-prose.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useEngagementLetter } from '../api/engagements.queries.ts';

function Acceptance({ letter, onAccept, onCancel }: { letter: EngagementLetter; onAccept: (acceptance: EngagementAcceptance) => void; onCancel: () => void }) {
  const { t } = useTranslation('engagements');
  const errorId = useId();
  const [isAccepted, setAccepted] = useState(false);
  const [isEarlyStartRequested, setEarlyStartRequested] = useState(false);
  const [isMissing, setMissing] = useState(false);

  function accept() {
    if (!isAccepted) {
      setMissing(true);
      return;
    }
    onAccept({ version: letter.version, textSha256: letter.textSha256, isAccepted: true, isEarlyStartRequested });
  }

  return (
    <div className="space-y-4">
      {/* The letter scrolls on its own, so the ticks stay in reach; a keyboard scrolls it too. */}
      <section
        tabIndex={0}
        aria-label={t('step.title')}
        lang={letter.language}
        className="max-h-[45vh] overflow-y-auto rounded-md p-4 text-sm ring-1 ring-slate-200 [&_h1]:!text-xl [&_h2]:!mt-6 [&_h2]:!text-base"
      >
        <MarkdownProse markdown={letter.text} />
      </section>
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <Checkbox
          checked={isAccepted}
          onChange={(event) => {
            setAccepted(event.target.checked);
            setMissing(false);
          }}
          aria-invalid={isMissing || undefined}
          aria-describedby={isMissing ? errorId : undefined}
        />
        {t('step.accept')}
      </label>
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-900">
          <Checkbox checked={isEarlyStartRequested} onChange={(event) => setEarlyStartRequested(event.target.checked)} />
          {t('step.earlyStart')}
        </label>
        <p className="ml-6 mt-1 text-sm text-slate-700">{t('step.earlyStartHint')}</p>
      </div>
      {isMissing ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {t('step.mustAccept')}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t('step.cancel')}
        </Button>
        <Button onClick={accept}>{t('step.continue')}</Button>
      </div>
    </div>
  );
}

/**
 * The engagement letter of the checkout about to be made, read before paying: filled by the server
 * with the client's data, the service and the price; the client ticks that they accept it and,
 * separately, whether they ask the firm to start within the 14 days of withdrawal.
 */
export function EngagementTermsDialog({ request, onAnswer }: { request: EngagementLetterRequest; onAnswer: (acceptance: EngagementAcceptance | null) => void }) {
  const { t } = useTranslation('engagements');
  const letter = useEngagementLetter(request);
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onAnswer(null))}>
      <DialogContent title={t('step.title')} description={t('step.intro')} width="xl">
        <QueryState query={letter} loading={t('step.loading')} className="text-sm">
          {(read) => <Acceptance letter={read} onAccept={onAnswer} onCancel={() => onAnswer(null)} />}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
