import type { CaseIdentification } from '#common/aml/aml.contract.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

const tones: Record<CaseIdentification['status'], BadgeTone> = { notRequired: 'grey', required: 'red', submitted: 'yellow', accepted: 'green', returned: 'red' };

/** Where a case's identification stands, as its client and the firm both see it. */
export function IdentificationStatus({ status }: { status: CaseIdentification['status'] }) {
  const { t } = useTranslation('aml');
  return <Badge tone={tones[status]}>{t(`panel.status.${status}`)}</Badge>;
}
