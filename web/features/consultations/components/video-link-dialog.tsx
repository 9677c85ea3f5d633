import { zodResolver } from '@hookform/resolvers/zod';
import { Video } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { videoLinkSchema } from '#common/consultations/appointment.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSetVideoLink } from '../api/appointment.admin.queries.ts';

type Consultation = { id: string; client: { name: string }; videoUrl: string | null };

function VideoLinkForm({ consultation, onDone }: { consultation: Consultation; onDone: () => void }) {
  const { t } = useTranslation('appointments');
  const setLink = useSetVideoLink({ failureTitle: t('videoLink.error') });
  const form = useForm<z.input<typeof videoLinkSchema>, unknown, z.output<typeof videoLinkSchema>>({
    resolver: zodResolver(videoLinkSchema),
    defaultValues: { videoUrl: consultation.videoUrl ?? '' },
  });
  const save = (videoUrl: string | null) =>
    setLink.mutate(
      { id: consultation.id, link: { videoUrl } },
      {
        onSuccess: () => {
          toast({ title: t(videoUrl ? 'videoLink.saved' : 'videoLink.removed'), variant: 'success' });
          onDone();
        },
      },
    );
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(({ videoUrl }) => save(videoUrl))}>
      <FormField label={t('videoLink.url')} hint={t('videoLink.hint')} error={form.formState.errors.videoUrl?.message} isRequired>
        <Input type="url" inputMode="url" placeholder="https://" {...form.register('videoUrl')} />
      </FormField>
      <div className="flex justify-end gap-2">
        {consultation.videoUrl ? (
          <Button variant="outline" onClick={() => save(null)} disabled={setLink.isPending}>
            {t('videoLink.remove')}
          </Button>
        ) : null}
        <Button type="submit" disabled={setLink.isPending}>
          {t('videoLink.save')}
        </Button>
      </div>
    </form>
  );
}

/** The link of a video consultation's call: the firm sets or changes it, and the client is mailed the updated invitation. */
export function VideoLinkDialog({ consultation }: { consultation: Consultation }) {
  const { t } = useTranslation('appointments');
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Tooltip label={t('videoLink.open', { name: consultation.client.name })}>
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={t('videoLink.open', { name: consultation.client.name })}>
          <Video className="h-4 w-4" aria-hidden />
        </Button>
      </Tooltip>
      <DialogContent title={t('videoLink.title')} description={t('videoLink.description', { name: consultation.client.name })}>
        {isOpen ? <VideoLinkForm consultation={consultation} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
