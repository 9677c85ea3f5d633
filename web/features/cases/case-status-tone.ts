import type { BadgeTone } from '#web/components/ui/badge.tsx';

/** The status badges of docs/product/data-and-states.md: 'Pendiente de Documentación' destructive, 'En Revisión' secondary, 'Completado' green; other free text yellow. */
export function caseStatusTone(status: string): BadgeTone {
  if (status === 'Pendiente de Documentación') return 'red';
  if (status === 'En Revisión') return 'grey';
  if (status === 'Completado') return 'green';
  return 'yellow';
}
