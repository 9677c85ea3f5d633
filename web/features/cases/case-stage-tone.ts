import type { CaseStage } from '#common/cases/cases.contract.ts';
import type { BadgeTone } from '#web/components/ui/badge.tsx';

/**
 * The stage badges of docs/product/data-and-states.md: red where the client or the firm must act
 * (documents, a requerimiento, a refusal), green for a favourable end, grey while the firm works,
 * yellow while the administration does; grey too for a cancelled case.
 */
const tones: Record<CaseStage, BadgeTone> = {
  initial_study: 'grey',
  awaiting_documents: 'red',
  reviewing_documents: 'grey',
  more_documents_requested: 'red',
  filed: 'yellow',
  cancelled: 'grey',
  in_process: 'yellow',
  requerimiento_received: 'red',
  resolved_favourably: 'green',
  resolved_unfavourably: 'red',
  appeal_filed: 'yellow',
  fingerprint_appointment: 'yellow',
  tie_collected: 'green',
  oath: 'green',
};

export function caseStageTone(stage: CaseStage): BadgeTone {
  return tones[stage];
}
